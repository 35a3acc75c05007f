// In Chromium over a real local chain (anvil with an ERC-20): the page's
// window.ethereum is a wallet holding a test key (test-support/injected-wallet.ts) that signs and
// sends to that chain. /web3-wallet: a wallet on an unsupported network is offered the switch, a
// listed wallet is updated by re-signing with another account, an address of another chain is
// refused. /wallet: a top-up paid from the browser wallet (network switch, transfer, confirmations
// counted through a closed modal and a reload, credited once), and the wallet errors of spec
// section 8 (insufficient balance, token not found, account mismatch, a closed prompt said
// nothing), none of which sends or credits anything.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViemChainVerifier } from '../../command-api/src/payments/viem-chain-verifier.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startLocalChain, type LocalChain } from '../../test-support/evm-chain.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { injectEvmWallet, type InjectedWallet } from '../../test-support/injected-wallet.ts';
import { signInWithEmail } from './session.ts';
import { textOf, walletSteps } from './wallet-steps.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const deposit = '0x00000000000000000000000000000000000d3905' as Hex;
/** A USDC "contract" that does not exist on the chain: the wallet has no such token. */
const missingUsdc = '0x000000000000000000000000000000000000c0de' as Hex;
const USDT = (n: number) => BigInt(Math.round(n * 1e6));
let chain: LocalChain;
let usdt: Hex;
let full: FullStack;
let browser: Browser;
let page: Page;
let wallet: InjectedWallet;
/** Statuses of the page's reads through our chain proxy. */
const proxiedReads: number[] = [];
const account = (i: number) => chain.wallet(i).account as LocalAccount;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  chain = await startLocalChain(11155111);
  usdt = await chain.deployToken('USDT', 6);
  await chain.mint(usdt, chain.address(1), USDT(100));
  const config = {
    depositAddress: deposit,
    tokens: [
      { chainId: chain.chainId, symbol: 'USDT' as const, address: usdt, decimals: 6 },
      { chainId: chain.chainId, symbol: 'USDC' as const, address: missingUsdc, decimals: 6 },
    ],
    confirmations: 3,
    sandboxEnabled: true,
  };
  [full, browser] = await Promise.all([
    startFullStack({
      payments: {
        // The web app reads confirmations through our read proxy (POST chain/rpc), as a deployment with one configured does.
        command: {
          card: null,
          chain: new ViemChainVerifier({ [chain.chainId]: chain.rpcUrl }),
          config: { ...config, rpcProxy: { chainId: chain.chainId, upstreamUrl: chain.rpcUrl, perMinute: 600 } },
        },
        query: { ...config, chainRpcUrls: {}, stripe: null, cardPublishableKey: null },
      },
    }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  // The wallet starts on a network the app does not support (BNB chain, 56), with account 2 selected.
  wallet = await injectEvmWallet(context, chain, account(2), 56);
  page = await context.newPage();
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/chain/rpc')) proxiedReads.push(res.status());
  });
  await signInWithEmail(page, full.url, 'crypto-topup@example.com');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await chain?.stop();
});

const tokenOf = async () => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
async function call(method: string, route: string, body?: unknown) {
  const res = await fetch(`${full.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf()}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const listed = async () =>
  (await call('GET', '/wallet/blockchain')).body.items as Array<{ walletId: string; address: string; chain: string }>;
const walletPage = walletSteps(
  () => page,
  () => full.url,
);
const { diamonds, modal } = walletPage;
const depositBalance = async () =>
  chain.publicClient.readContract({
    address: usdt,
    abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
    functionName: 'balanceOf',
    args: [deposit],
  });
const sent = () => wallet.calls.filter((m) => m === 'eth_sendTransaction').length;

describe('/web3-wallet: network, update and addresses of another chain', () => {
  it('offers to switch a wallet on an unsupported network, then links it', async () => {
    await page.goto(`${full.url}/web3-wallet`);
    await page.getByText('No wallet linked yet').waitFor({ timeout: 15_000 });
    await page.getByTestId('link-evm').click();
    await expect
      .poll(() => textOf(page.getByTestId('wallet-link-error')), { timeout: 15_000 })
      .toBe('Your wallet is on another network. Switch it to Sepolia to continue.');
    expect(await listed()).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'web3-wallet-wrong-network.png') });
    await page.getByTestId('switch-network').click();
    await expect.poll(() => page.getByTestId('wallet').count(), { timeout: 15_000 }).toBe(1);
    expect(wallet.chainId).toBe(chain.chainId);
    expect((await listed()).map((w) => w.address)).toEqual([chain.address(2)]);
  });

  it('updates a listed wallet by signing with the account now selected, keeping its name', async () => {
    wallet.account = account(1);
    await page.getByTestId('wallet').first().getByTestId('wallet-update').click();
    await expect.poll(async () => (await listed()).map((w) => w.address), { timeout: 15_000 }).toEqual([chain.address(1)]);
    await expect.poll(() => page.getByTestId('wallets').innerText(), { timeout: 10_000 }).toContain(chain.address(1));
    expect(await page.getByTestId('wallet-name').first().innerText()).toBe('My EVM wallet');
    await page.screenshot({ path: path.join(shots, 'web3-wallet-updated.png') });
  });

  it('refuses an address of another chain with its text and changes nothing', async () => {
    const [w] = await listed();
    const solanaKey = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const update = await call('POST', '/wallet/blockchain/update', { walletId: w!.walletId, address: solanaKey });
    expect([update.status, update.body.error.message]).toEqual([400, 'This address is not a valid EVM address.']);
    const add = await call('POST', '/wallet/blockchain', { name: 'Sol', address: chain.address(2), chain: 'solana' });
    expect([add.status, add.body.error.message]).toEqual([400, 'This address is not a valid Solana address.']);
    expect((await listed()).map((w) => w.address)).toEqual([chain.address(1)]);
  });
});

describe('/wallet: a crypto top-up paid from the browser wallet', () => {
  const errorText = () => textOf(modal().getByTestId('crypto-wallet-error'));
  const openCrypto = () => walletPage.openCrypto('[data-testid="crypto-wallet-pay"]');

  it('shows the wallet errors and sends nothing', async () => {
    await openCrypto();
    // More than the wallet holds: the token's own revert reason, as the wallet's estimate reports it.
    await page.fill('#crypto-amount', '500');
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect.poll(errorText, { timeout: 15_000 }).toBe('You may have insufficient balance.');
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-insufficient.png') });
    // A token the wallet's network does not have.
    await page.selectOption('#crypto-token', 'USDC');
    await page.fill('#crypto-amount', '10');
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect.poll(errorText, { timeout: 15_000 }).toBe('Token not found in your wallet. Please import token and try again.');
    await page.selectOption('#crypto-token', 'USDT');
    // The wallet is on another account than the linked one chosen to pay from.
    wallet.account = account(2);
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect.poll(errorText, { timeout: 15_000 }).toBe(`Please switch your wallet to the account ${chain.address(1)} and try again.`);
    wallet.account = account(1);
    // A closed prompt says nothing.
    wallet.mode = 'reject';
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect.poll(() => modal().getByTestId('crypto-wallet-pay').isEnabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => modal().getByTestId('crypto-wallet-error').count(), { timeout: 5_000 }).toBe(0);
    wallet.mode = 'approve';
    expect(sent()).toBe(1); // only the over-balance attempt reached the wallet's send, which refused it
    expect(await depositBalance()).toBe(0n);
    expect(await diamonds()).toBe(0);
  });

  it('switches network, sends the transfer, counts confirmations through a closed modal and a reload, and credits once', async () => {
    wallet.chainId = 1;
    await openCrypto();
    await page.fill('#crypto-amount', '12.5');
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect.poll(errorText, { timeout: 15_000 }).toBe('Your wallet is on another network. Switch it to Sepolia to continue.');
    await modal().getByTestId('switch-network').click();
    await expect
      .poll(() => textOf(modal().getByTestId('deposit-confirmations')), { timeout: 20_000 })
      .toBe('Waiting for confirmations: 1 of 3');
    expect(await depositBalance()).toBe(USDT(12.5));
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-confirming.png') });

    // Closed midway: the wallet page keeps counting; after a reload too.
    await page.keyboard.press('Escape');
    await expect
      .poll(() => textOf(page.getByTestId('deposit-confirmations')), { timeout: 10_000 })
      .toBe('Waiting for confirmations: 1 of 3');
    await page.reload();
    await chain.mine(1);
    await expect
      .poll(() => textOf(page.getByTestId('deposit-confirmations')), { timeout: 15_000 })
      .toBe('Waiting for confirmations: 2 of 3');
    expect(await diamonds()).toBe(0);
    await chain.mine(1);
    await expect
      .poll(() => textOf(page.getByTestId('payment-status-message')), { timeout: 20_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await expect.poll(() => page.getByTestId('wallet-diamonds').innerText(), { timeout: 15_000 }).toBe('1,250');
    // The confirmations were counted on our node, through the read proxy, not on the wallet's.
    expect(proxiedReads.length).toBeGreaterThan(0);
    expect(proxiedReads.filter((s) => s !== 200)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-credited.png') });
    expect(await page.getByTestId('deposit-progress').count()).toBe(0);

    // Credited once: the same hash again (a second tab, a retry) adds nothing.
    await page.reload();
    await page.getByTestId('wallet-diamonds').waitFor();
    expect(await diamonds()).toBe(1250);
    expect(await page.evaluate(() => localStorage.getItem('murmur.pendingDeposit'))).toBeNull();
  }, 300_000);

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCrypto();
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-phone.png') });
    const box = (await modal().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
