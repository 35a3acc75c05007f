// Linking browser wallets on /web3-wallet. The page talks to injected wallet
// providers (an EIP-1193 object and a window.solana-style object) whose signing runs in the test
// with real keys (viem, ed25519): success for EVM and Solana, a signature by another key refused
// with the server's text, a rejected prompt ignored silently, then rename and remove.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let page: Page;
const owner = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const solana = Keypair.generate();
/** What the injected wallets do with the next prompt: sign with the right key, another key, or refuse. */
let mode: 'sign' | 'other-key' | 'reject' = 'sign';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.exposeFunction('__evmSign', async (message: string) => {
    if (mode === 'reject') return { code: 4001, message: 'User rejected the request.' };
    return { signature: await (mode === 'other-key' ? stranger : owner).signMessage({ message }) };
  });
  await context.exposeFunction('__solanaSign', async (message: number[]) => {
    if (mode === 'reject') return { code: 4001, message: 'User rejected the request.' };
    return { signature: Array.from(ed25519.sign(Uint8Array.from(message), solana.secretKey.slice(0, 32))) };
  });
  await context.addInitScript(
    ({ evmAddress, solanaAddress }) => {
      const fail = (e: { code: number; message: string }) => Object.assign(new Error(e.message), { code: e.code });
      const w = window as unknown as Record<string, unknown>;
      w.ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [evmAddress];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') {
            const r = await (w.__evmSign as (m: string) => Promise<{ signature?: string; code?: number; message?: string }>)(
              String(params?.[0]),
            );
            if (r.code) throw fail(r as { code: number; message: string });
            return r.signature;
          }
          throw fail({ code: 4200, message: `Unsupported method ${method}` });
        },
      };
      w.solana = {
        publicKey: null,
        async connect() {
          return { publicKey: { toBase58: () => solanaAddress, toString: () => solanaAddress } };
        },
        async signMessage(message: Uint8Array) {
          const r = await (w.__solanaSign as (m: number[]) => Promise<{ signature?: number[]; code?: number; message?: string }>)(
            Array.from(message),
          );
          if (r.code) throw fail(r as { code: number; message: string });
          return { signature: Uint8Array.from(r.signature!) };
        },
      };
    },
    { evmAddress: owner.address, solanaAddress: solana.publicKey.toBase58() },
  );
  page = await context.newPage();
  await signInWithEmail(page, full.url, 'web3-e2e@example.com');
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const tokenOf = async () => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
const listed = async () =>
  (await (await fetch(`${full.url}/api/v1/wallet/blockchain`, { headers: { authorization: `Bearer ${await tokenOf()}` } })).json())
    .items as Array<{ address: string; name: string }>;

describe('linking browser wallets', () => {
  it('refuses a signature by another key with the text and links nothing; a refused prompt says nothing', async () => {
    await page.goto(`${full.url}/web3-wallet`);
    await page.getByText('No wallet linked yet').waitFor({ timeout: 15_000 });
    mode = 'other-key';
    await page.getByTestId('link-evm').click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('wallet-link-error')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('The signature does not match this wallet.');
    mode = 'reject';
    await page.getByTestId('link-evm').click();
    await expect.poll(() => page.getByTestId('link-evm').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('wallet-link-error').count()).toBe(0);
    expect(await listed()).toEqual([]);
  });

  it('links an EVM and a Solana wallet by signing, then renames and removes one', async () => {
    mode = 'sign';
    await page.getByTestId('link-evm').click();
    await expect.poll(async () => page.getByTestId('wallet').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('link-solana').click();
    await expect.poll(async () => page.getByTestId('wallet').count(), { timeout: 15_000 }).toBe(2);
    const text = (await page.getByTestId('wallets').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(owner.address);
    expect(text).toContain(solana.publicKey.toBase58());
    await page.screenshot({ path: path.join(shots, 'web3-wallets.png') });

    // Both now sign in to this account (linked on the user's stream), as the settings page lists.
    await page.goto(`${full.url}/settings`);
    await expect.poll(() => page.getByTestId('linked-account').count(), { timeout: 15_000 }).toBe(3);

    await page.goto(`${full.url}/web3-wallet`);
    const first = page.getByTestId('wallet').first();
    await first.getByTestId('wallet-rename').click();
    await first.getByTestId('wallet-name-input').fill('Savings');
    await first.getByTestId('wallet-save').click();
    await expect.poll(() => page.getByTestId('wallet-name').first().innerText(), { timeout: 10_000 }).toBe('Savings');
    await page.getByTestId('wallet').nth(1).getByTestId('wallet-remove').click();
    await expect.poll(() => page.getByTestId('wallet').count(), { timeout: 10_000 }).toBe(1);
    expect((await listed()).map((w) => w.name)).toEqual(['Savings']);
  });
});
