// Crypto top-ups beyond the stablecoins, in Chromium, in the demo (its fixed rates and its local
// chains, named as such): ether paid from the browser wallet on a local EVM chain (anvil), and SOL
// and HONEY on a local Solana chain (LiteSVM behind a JSON-RPC node), sent from a Solana wallet
// whose signature is entered by hand after the wallet was linked on /web3-wallet. Each credits
// once at the demo's rate (ETH 3000, SOL 150, HONEY 0.05 USD).
import { ed25519 } from '@noble/curves/ed25519.js';
import { DEMO_USD_RATES, tableRateSource } from '@murmur/platform';
import type { PublicKey } from '@solana/web3.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseEther, type Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainVerifierByKind } from '../../command-api/src/payments/chain-verifiers.ts';
import { SolanaChainVerifier } from '../../command-api/src/payments/solana-chain-verifier.ts';
import { ViemChainVerifier } from '../../command-api/src/payments/viem-chain-verifier.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startLocalChain, type LocalChain } from '../../test-support/evm-chain.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { injectEvmWallet, type InjectedWallet } from '../../test-support/injected-wallet.ts';
import { startLocalSolana, type LocalSolana } from '../../test-support/solana-chain.ts';
import { signInWithEmail } from './session.ts';
import { textOf, walletSteps } from './wallet-steps.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const deposit = '0x00000000000000000000000000000000000d3905' as Hex;
let chain: LocalChain;
let sol: LocalSolana;
let honey: PublicKey;
let full: FullStack;
let browser: Browser;
let page: Page;
let wallet: InjectedWallet;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [chain, sol] = await Promise.all([startLocalChain(11155111), startLocalSolana(103)]);
  honey = sol.createMint(6);
  sol.mintTo(honey, sol.keypair(1).publicKey, 1_000_000_000n);
  const config = {
    depositAddress: deposit,
    solanaDepositAddress: sol.address(0),
    tokens: [
      { chainId: chain.chainId, symbol: 'ETH' as const, address: 'native', decimals: 18 },
      { chainId: sol.chainId, symbol: 'SOL' as const, address: 'native', decimals: 9 },
      { chainId: sol.chainId, symbol: 'HONEY' as const, address: honey.toBase58(), decimals: 6 },
    ],
    confirmations: 3,
    sandboxEnabled: true,
    // The demo: its EVM deposit address and its Solana chain are local stand-ins.
    depositIsDemo: true,
    demo: true,
  };
  const verifier = new ChainVerifierByKind({
    evm: new ViemChainVerifier({ [chain.chainId]: chain.rpcUrl }),
    solana: new SolanaChainVerifier({ [sol.chainId]: sol.rpcUrl }),
  });
  [full, browser] = await Promise.all([
    startFullStack({
      payments: {
        command: { card: null, chain: verifier, rates: tableRateSource(DEMO_USD_RATES), config },
        query: { ...config, chainRpcUrls: {}, stripe: null, cardPublishableKey: null },
      },
    }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  wallet = await injectEvmWallet(context, chain, chain.wallet(1).account as LocalAccount);
  // A Solana browser wallet (window.solana) holding keypair 1: it connects and signs messages in the test process.
  const solKey = sol.keypair(1);
  await context.exposeFunction('__solanaSign', (bytes: number[]) =>
    Array.from(ed25519.sign(Uint8Array.from(bytes), solKey.secretKey.slice(0, 32))),
  );
  await context.addInitScript((address: string) => {
    const publicKey = { toBase58: () => address, toString: () => address };
    (window as unknown as { solana: unknown }).solana = {
      publicKey,
      connect: async () => ({ publicKey }),
      signMessage: async (message: Uint8Array) => ({
        signature: Uint8Array.from(
          await (window as unknown as { __solanaSign(b: number[]): Promise<number[]> }).__solanaSign(Array.from(message)),
        ),
      }),
    };
  }, solKey.publicKey.toBase58());
  page = await context.newPage();
  await signInWithEmail(page, full.url, 'crypto-eth-sol@example.com');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await chain?.stop();
  await sol?.stop();
});

const { diamonds, modal, openCrypto, statusMessage } = walletSteps(
  () => page,
  () => full.url,
);

describe('/wallet: top-up in ETH, SOL and HONEY on the demo chains', () => {
  it('pays ether from the browser wallet on the demo chain, named as such, and credits it once at the rate', async () => {
    await openCrypto();
    expect(await page.locator('#crypto-chain option:checked').innerText()).toBe('Sepolia (demo chain)');
    expect(await modal().getByTestId('deposit-demo-notice').innerText()).toContain(
      'The deposit address below is on the local demo chain, not on the real Sepolia.',
    );
    expect(await page.locator('#crypto-token option').allInnerTexts()).toEqual(['ETH']);
    await page.fill('#crypto-amount', '0.01');
    await expect
      .poll(() => modal().getByTestId('crypto-summary').innerText(), { timeout: 10_000 })
      .toContain('You get 3,000 diamonds (1 ETH = 300,000 diamonds');
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-eth.png') });
    await modal().getByTestId('crypto-wallet-pay').click();
    await expect
      .poll(() => textOf(modal().getByTestId('deposit-confirmations')), { timeout: 20_000 })
      .toBe('Waiting for confirmations: 1 of 3');
    expect(
      wallet.calls.filter((m) => m === 'eth_sendTransaction'),
      wallet.calls.join(' '),
    ).toHaveLength(1);
    expect(await chain.publicClient.getBalance({ address: deposit })).toBe(parseEther('0.01'));
    await chain.mine(2);
    await expect.poll(statusMessage, { timeout: 20_000 }).toBe('Your diamonds have been added to your wallet.');
    // The balance is a read model: it follows the credit shortly.
    await expect.poll(diamonds, { timeout: 15_000 }).toBe(3000);
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-eth-credited.png') });
    await page.reload();
    await page.getByTestId('wallet-diamonds').waitFor();
    expect(await diamonds()).toBe(3000);
  }, 120_000);

  it('links the Solana wallet, then credits a SOL and a HONEY transfer entered by signature, each once', async () => {
    await page.goto(`${full.url}/web3-wallet`);
    await page.getByTestId('link-solana').click();
    const linked = async () => `${await textOf(page.getByTestId('wallets'))} ${await textOf(page.getByTestId('wallet-link-error'))}`;
    await expect.poll(linked, { timeout: 15_000 }).toContain(sol.address(1));

    const solSent = sol.transferSol(1, sol.address(0), 200_000_000n); // 0.2 SOL at 150 USD: 30 USD
    const honeySent = sol.transferToken(1, honey, sol.address(0), 400_000_000n); // 400 HONEY at 0.05 USD: 20 USD
    sol.mine(3);

    const payBySignature = async (symbol: string, amount: string, signature: string) => {
      await openCrypto();
      await page.selectOption('#crypto-chain', String(sol.chainId));
      await page.selectOption('#crypto-token', symbol);
      await page.fill('#crypto-amount', amount);
      await page.fill('#crypto-address', sol.address(1));
      await page.fill('#crypto-hash', signature);
      const before = await diamonds();
      await modal().getByTestId('crypto-submit').click();
      await expect.poll(diamonds, { timeout: 20_000 }).toBeGreaterThan(before);
      await expect.poll(statusMessage, { timeout: 20_000 }).toBe('Your diamonds have been added to your wallet.');
    };

    await openCrypto();
    await page.selectOption('#crypto-chain', String(sol.chainId));
    expect(await page.locator('#crypto-chain option:checked').innerText()).toBe('Solana devnet (demo chain)');
    expect(await page.locator('#crypto-token option').allInnerTexts()).toEqual(['SOL', 'HONEY']);
    expect(await modal().getByTestId('deposit-address-value').innerText()).toBe(sol.address(0));
    await page.fill('#crypto-amount', '0.2');
    await expect.poll(() => modal().getByTestId('crypto-summary').innerText(), { timeout: 10_000 }).toContain('You get 3,000 diamonds');
    await page.fill('#crypto-hash', '0xnot-a-signature');
    await page.fill('#crypto-address', sol.address(1));
    await modal().getByTestId('crypto-submit').click();
    expect(await modal().getByText('Enter a valid transaction signature (the base58 text your Solana wallet shows).').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'crypto-top-up-sol.png') });

    await payBySignature('SOL', '0.2', solSent);
    await expect.poll(diamonds, { timeout: 15_000 }).toBe(3000 + 3000);
    await payBySignature('HONEY', '400', honeySent);
    await expect.poll(diamonds, { timeout: 15_000 }).toBe(3000 + 3000 + 2000);
    // The same signature again credits nothing more.
    await openCrypto();
    await page.selectOption('#crypto-chain', String(sol.chainId));
    await page.fill('#crypto-amount', '0.2');
    await page.fill('#crypto-address', sol.address(1));
    await page.fill('#crypto-hash', solSent);
    await modal().getByTestId('crypto-submit').click();
    await expect.poll(statusMessage, { timeout: 20_000 }).toBe('Your diamonds have been added to your wallet.');
    const { rows } = await full.stack.db.pool.query(`select count(*)::int as n from streams where stream_id like 'payment-crypto-%'`);
    expect(rows[0].n).toBe(3);
    await page.waitForTimeout(1000);
    expect(await diamonds()).toBe(8000);
  }, 180_000);
});
