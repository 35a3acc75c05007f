// The demo's crypto top-up as `npm start` runs it: the demo chains (scripts/demo-chains/: anvil
// with the USDT-like token, LiteSVM with the HONEY mint) configure both services through the same
// variables start.ts sets, and the demo is seeded as start.ts seeds it. A NEW account opens the
// crypto tab, reads that the chain is the local demo chain, and pays 10 USDT, then SOL, then (at
// 390 px) HONEY from the demo wallet; each transfer is submitted through payment/topup/pay and
// credited once (balance and history).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPaymentSettings } from '@murmur/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPortsFromEnv } from '../../command-api/src/payments/config.ts';
import { startDemoChains, type DemoChains } from '../../scripts/demo-chains/start.ts';
import { seedDemo } from '../../scripts/seed/run.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';
import { signInWithEmail } from './session.ts';
import { walletSteps } from './wallet-steps.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let chains: DemoChains;
let full: FullStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  chains = await startDemoChains();
  const env = { MURMUR_DEMO: 'on', ...chains.env };
  [full, browser] = await Promise.all([
    startFullStack({
      payments: { command: paymentPortsFromEnv(env), query: readPaymentSettings(env) },
      identityEnv: { OTP_RESEND_SECONDS: '1' },
    }),
    launchBrowser(),
  ]);
  await seedDemo({
    pool: full.stack.db.pool,
    store: full.stack.command.deps.store,
    commandUrl: full.stack.commandUrl,
    queryUrl: full.stack.queryUrl,
    jwtSecret: TEST_JWT_SECRET,
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await signInWithEmail(page, full.url, 'demo-chain-top-up@example.com');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await chains?.stop();
});

const {
  diamonds,
  modal,
  openCrypto,
  statusMessage,
  transactions: topUps,
} = walletSteps(
  () => page,
  () => full.url,
);

const payFromDemoWallet = async (chainId: number, symbol: string, amount: string, diamondsAfter: number) => {
  await openCrypto();
  await page.selectOption('#crypto-chain', String(chainId));
  await page.selectOption('#crypto-token', symbol);
  await page.fill('#crypto-amount', amount);
  await modal().getByTestId('demo-wallet-pay').click();
  await expect.poll(statusMessage, { timeout: 30_000 }).toBe('Your diamonds have been added to your wallet.');
  await expect.poll(diamonds, { timeout: 15_000 }).toBe(diamondsAfter);
};

describe('/wallet: crypto top-up from the demo wallet on the demo chains', () => {
  it('names the local demo chain and pays 10 USDT from the demo wallet, credited once', async () => {
    await openCrypto();
    expect(await page.locator('#crypto-chain option:checked').innerText()).toBe('Sepolia (demo chain)');
    const notice = await modal().getByTestId('deposit-demo-notice').innerText();
    expect(notice).toContain('The deposit address below is on the local demo chain, not on the real Sepolia.');
    expect(notice).toContain('pay from the demo wallet');
    expect(await page.locator('#crypto-token option').allInnerTexts()).toEqual(['USDT', 'USDC', 'ETH']);
    expect(await modal().getByTestId('demo-wallet-pay').innerText()).toBe('Pay 10 USDT from the demo wallet');
    await page.screenshot({ path: path.join(shots, 'demo-chain-top-up.png') });
    await payFromDemoWallet(11155111, 'USDT', '10', 1000);
    await page.reload();
    expect(await diamonds()).toBe(1000);
  }, 120_000);

  it('pays 0.2 SOL from the demo wallet on the Solana demo chain, credited once at the rate', async () => {
    await payFromDemoWallet(103, 'SOL', '0.2', 4000); // 0.2 SOL at 150 USD: 30 USD
    const rows = await topUps();
    expect(
      rows.filter((r) => /top.?up/i.test(r)),
      rows.join('\n'),
    ).toHaveLength(2);
  }, 120_000);

  it('at 390 px, pays 400 HONEY from the demo wallet, credited once', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCrypto();
    await page.selectOption('#crypto-chain', '103');
    await page.selectOption('#crypto-token', 'HONEY');
    await page.fill('#crypto-amount', '400');
    const button = modal().getByTestId('demo-wallet-pay');
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'demo-chain-top-up-390.png') });
    await button.click();
    await expect.poll(statusMessage, { timeout: 30_000 }).toBe('Your diamonds have been added to your wallet.');
    await expect.poll(diamonds, { timeout: 15_000 }).toBe(6000); // 400 HONEY at 0.05 USD: 20 USD
    const rows = await topUps();
    await page.screenshot({ path: path.join(shots, 'demo-chain-top-up-credited-390.png') });
    expect(
      rows.filter((r) => /top.?up/i.test(r)),
      rows.join('\n'),
    ).toHaveLength(3);
    expect(await diamonds()).toBe(6000);
  }, 120_000);
});
