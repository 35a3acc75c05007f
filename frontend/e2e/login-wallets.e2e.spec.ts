// Signing in with wallets from the login modal. First a Solana wallet: the page's
// window.solana is a Phantom-style provider whose signing runs in the test with a real ed25519 key:
// the first sign-in creates the account (terms step), a second browser with the same key reaches
// the same account without the terms step, a signature by another key is refused with the server's
// text and signs nobody in, and a closed prompt says nothing. In the settings, an e-mail user links
// a Solana wallet (then a way in, across a reload) and unlinks it again. Two EVM wallets that
// announce themselves (EIP-6963) each get a button, and the one picked signs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Keypair } from '@solana/web3.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { finishTerms, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
const owner = Keypair.generate();
const stranger = Keypair.generate();
/** The wallet an e-mail user links in the settings. */
const third = Keypair.generate();
/** What the injected wallet does with the next prompt: sign with the right key, another key, or refuse. */
let mode: 'sign' | 'other-key' | 'reject' = 'sign';

/** A browser context whose window.solana holds `owner`'s public key and signs in the test. */
async function contextWithSolanaWallet(holder: Keypair = owner): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  context.setDefaultNavigationTimeout(90_000);
  context.setDefaultTimeout(60_000);
  await context.exposeFunction('__solanaSign', async (message: number[]) => {
    if (mode === 'reject') return { code: 4001, message: 'User rejected the request.' };
    const key = (mode === 'other-key' ? stranger : holder).secretKey.slice(0, 32);
    return { signature: Array.from(ed25519.sign(Uint8Array.from(message), key)) };
  });
  await context.addInitScript((address) => {
    const w = window as unknown as Record<string, unknown>;
    w.solana = {
      publicKey: null,
      async connect() {
        return { publicKey: { toBase58: () => address, toString: () => address } };
      },
      async signMessage(message: Uint8Array) {
        const r = await (w.__solanaSign as (m: number[]) => Promise<{ signature?: number[]; code?: number; message?: string }>)(
          Array.from(message),
        );
        if (r.code) throw Object.assign(new Error(r.message), { code: r.code });
        return { signature: Uint8Array.from(r.signature!) };
      },
    };
  }, holder.publicKey.toBase58());
  return context;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('murmur.token'));
async function uidOf(page: Page): Promise<string> {
  const res = await fetch(`${full.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${await token(page)}` } });
  return ((await res.json()) as { uid: string }).uid;
}
async function openLogin(page: Page): Promise<void> {
  await page.goto(`${full.url}/`);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('login-solana').waitFor();
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('Solana sign-in from the login modal', () => {
  let firstUid = '';

  it('refuses a signature by another key with its text and signs nobody in; a closed prompt says nothing', async () => {
    const page = await (await contextWithSolanaWallet()).newPage();
    await openLogin(page);
    await page.getByTestId('login-modal').screenshot({ path: path.join(shots, 'login-modal-methods.png') });
    mode = 'other-key';
    await page.getByTestId('login-solana').click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('login-error')
            .innerText()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('The signature does not match this wallet.');
    expect(await token(page)).toBeNull();
    mode = 'reject';
    await page.getByTestId('login-solana').click();
    await expect.poll(() => page.getByTestId('login-solana').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('login-error').count()).toBe(0);
    expect(await token(page)).toBeNull();
    mode = 'sign';
    await page.context().close();
  });

  it('signs up with the wallet (terms step), and stays signed in after a reload', async () => {
    const page = await (await contextWithSolanaWallet()).newPage();
    await openLogin(page);
    await page.getByTestId('login-solana').click();
    await page.getByTestId('terms-step').waitFor({ timeout: 20_000 });
    await finishTerms(page);
    firstUid = await uidOf(page);
    expect(firstUid).toBeTruthy();
    await page.reload();
    await page.getByTestId('account-menu').waitFor();
    expect(await page.getByTestId('sign-in').count()).toBe(0);
    expect(await uidOf(page)).toBe(firstUid);
    // The settings list the wallet as this account's way in.
    await page.goto(`${full.url}/settings`);
    const linked = page.getByTestId('linked-account').filter({ hasText: owner.publicKey.toBase58() });
    await linked.waitFor({ timeout: 20_000 });
    await page.getByTestId('linked-accounts').screenshot({ path: path.join(shots, 'login-solana-signed-in.png') });
    await page.context().close();
  });

  it('a second browser with the same key reaches the same account, without the terms step', async () => {
    const page = await (await contextWithSolanaWallet()).newPage();
    await openLogin(page);
    await page.getByTestId('login-solana').click();
    await page.getByTestId('login-success').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('terms-step').count()).toBe(0);
    await page.getByTestId('login-success').screenshot({ path: path.join(shots, 'login-solana-success.png') });
    expect(await uidOf(page)).toBe(firstUid);
    await page.context().close();
  });

  it('without a Solana wallet the button is there but off', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await openLogin(page);
    expect(await page.getByTestId('login-solana').isDisabled()).toBe(true);
    // No identity provider configured in this stack: no provider buttons.
    expect(await page.getByTestId('login-provider-google').count()).toBe(0);
    await page.context().close();
  });
});

describe('linking a wallet in the settings', () => {
  let page: Page;
  const row = () => page.getByTestId('linked-account').filter({ hasText: third.publicKey.toBase58() });

  it('links a Solana wallet with a signature; it stays a way in after a reload', async () => {
    page = await (await contextWithSolanaWallet(third)).newPage();
    await signInWithEmail(page, full.url, 'settings-links@example.com');
    await page.goto(`${full.url}/settings`);
    await page.getByTestId('link-wallet-solana').waitFor({ timeout: 20_000 });
    // No EVM wallet in this browser: its button is there but off.
    expect(await page.getByTestId('link-wallet-evm').isDisabled()).toBe(true);
    // A closed prompt links nothing and says nothing.
    mode = 'reject';
    await page.getByTestId('link-wallet-solana').click();
    await expect.poll(() => page.getByTestId('link-wallet-solana').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('link-wallet-error').count()).toBe(0);
    expect(await row().count()).toBe(0);
    mode = 'sign';
    await page.getByTestId('link-wallet-solana').click();
    await row().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('link-wallet-solana').count(), { timeout: 10_000 }).toBe(0);
    await page.reload();
    await row().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('linked-account').count()).toBe(2);
    await page.locator('section[aria-labelledby="linked-title"]').screenshot({ path: path.join(shots, 'settings-wallet-linked.png') });
  });

  it('unlinks it again; the link button comes back, also after a reload', async () => {
    await row().getByRole('button', { name: 'Unlink' }).click();
    await row().waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('link-wallet-solana').waitFor({ timeout: 10_000 });
    await page.reload();
    await page.getByTestId('link-wallet-solana').waitFor({ timeout: 20_000 });
    expect(await row().count()).toBe(0);
    expect(await page.getByTestId('linked-account').count()).toBe(1);
    await page.locator('section[aria-labelledby="linked-title"]').screenshot({ path: path.join(shots, 'settings-wallet-unlinked.png') });
    await page.context().close();
  });
});

describe('two EVM wallets announced side by side (EIP-6963)', () => {
  const metamask = privateKeyToAccount(generatePrivateKey());
  const rabby = privateKeyToAccount(generatePrivateKey());

  it('offers each by name and signs in with the one picked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(60_000);
    await context.exposeFunction('__evmSign', async (which: string, message: string) => ({
      signature: await (which === 'rabby' ? rabby : metamask).signMessage({ message }),
    }));
    await context.addInitScript(
      ({ addresses }) => {
        const icon =
          'data:image/svg+xml;base64,' +
          btoa('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#f6851b"/></svg>');
        const make = (which: 'metamask' | 'rabby') => ({
          async request({ method, params }: { method: string; params?: unknown[] }) {
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [addresses[which]];
            if (method === 'eth_chainId') return '0xaa36a7';
            if (method === 'personal_sign')
              return (
                await (window as unknown as { __evmSign: (w: string, m: string) => Promise<{ signature: string }> }).__evmSign(
                  which,
                  String(params?.[0]),
                )
              ).signature;
            throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
          },
        });
        const wallets = [
          {
            info: { uuid: '6f5a3c1e-0000-4000-8000-000000000001', name: 'MetaMask', icon, rdns: 'io.metamask' },
            provider: make('metamask'),
          },
          { info: { uuid: '6f5a3c1e-0000-4000-8000-000000000002', name: 'Rabby Wallet', icon, rdns: 'io.rabby' }, provider: make('rabby') },
        ];
        (window as unknown as { ethereum: unknown }).ethereum = wallets[0]!.provider;
        const announce = () =>
          wallets.forEach((w) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(w) })));
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      },
      { addresses: { metamask: metamask.address, rabby: rabby.address } },
    );
    const page = await context.newPage();
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-wallet-io.rabby').waitFor();
    expect(await page.getByTestId('login-wallet-io.metamask').innerText()).toContain('Continue with MetaMask');
    // The single window.ethereum button gives way to the wallets by name.
    expect(await page.getByTestId('login-wallet').count()).toBe(0);
    await page.getByTestId('login-modal').screenshot({ path: path.join(shots, 'login-modal-wallets.png') });
    await page.getByTestId('login-wallet-io.rabby').click();
    await page.getByTestId('terms-step').waitFor({ timeout: 20_000 });
    await finishTerms(page);
    await page.goto(`${full.url}/settings`);
    await page.getByTestId('linked-account').filter({ hasText: rabby.address.toLowerCase() }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('linked-account').filter({ hasText: metamask.address.toLowerCase() }).count()).toBe(0);
    await context.close();
  });
});
