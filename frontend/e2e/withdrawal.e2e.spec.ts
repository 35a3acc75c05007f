// A creator withdraws charm in the browser. The modal's steps (amount with the
// available charm, method and network, a review the server validated, the result), the refusals
// with their texts (more than available, an address of another network) that write nothing, the
// withdrawals list with its statuses, and the same modal at phone width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const payoutAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
let full: FullStack;
let browser: Browser;
let creator: Page;

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
async function call(page: Page, method: string, route: string, body?: unknown, key?: string) {
  const res = await fetch(`${full.url}/api/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenOf(page)}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  const fan = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await Promise.all([signInWithEmail(fan, full.url, 'fan-wd@example.com'), signInWithEmail(creator, full.url, 'creator-wd@example.com')]);
  // The fan buys 5,000 diamonds and sends the creator a castle: 2,500 charm to withdraw.
  expect(
    (await call(fan, 'POST', '/payment/topup/pay', { channelCode: 'sandbox', value: 50, currency: 'USD' }, 'wd-topup')).status,
  ).toBeLessThan(300);
  const creatorUid = (await call(creator, 'GET', '/user/me')).body.uid as string;
  const gift = await call(fan, 'POST', '/gifting/send-gift', { giftName: 'castle', quantity: 1, recipients: [creatorUid] }, 'wd-gift');
  expect(gift.status).toBe(201);
  await fan.context().close();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const modal = () => creator.getByTestId('withdraw-modal');

describe('withdrawing charm', () => {
  it('refuses more than the available charm and an address of another network, writing nothing', async () => {
    await creator.goto(`${full.url}/wallet`);
    await expect.poll(() => creator.getByTestId('wallet-charm').innerText(), { timeout: 15_000 }).toBe('2,500');
    await creator.getByTestId('withdraw').click();
    await expect
      .poll(() => modal().getByTestId('withdraw-available').innerText(), { timeout: 10_000 })
      .toBe('Available: 2,500 charm ($25.00)');

    await creator.fill('#withdraw-amount', '3000');
    await creator.getByTestId('withdraw-next').click();
    expect(await creator.getByTestId('withdraw-amount-error').innerText()).toBe('Insufficient charm: you can withdraw at most 2500 charm.');

    await creator.fill('#withdraw-amount', '1000');
    expect(await creator.getByTestId('withdraw-usd').innerText()).toBe('$10.00');
    await creator.getByTestId('withdraw-next').click();
    await creator.fill('#withdraw-address', solanaAddress);
    await creator.getByTestId('withdraw-review').click();
    expect(await creator.getByTestId('withdraw-address-error').innerText()).toBe(
      'This is not a valid Ethereum (EVM) address. Check the network you chose.',
    );
    // Closing midway and coming back starts again at the amount step.
    await creator.keyboard.press('Escape');
    await modal().waitFor({ state: 'detached' });
    await creator.getByTestId('withdraw').click();
    await creator.locator('#withdraw-amount').waitFor();
    expect(await creator.inputValue('#withdraw-amount')).toBe('');
    await creator.keyboard.press('Escape');

    expect((await call(creator, 'GET', '/wallet/withdrawals')).body.items).toEqual([]);
    expect((await call(creator, 'GET', '/wallet/withdraw/available')).body.charm).toBe(2500);
  });

  it('validates, withdraws and lists the withdrawal as pending, then failed with the charm back', async () => {
    await creator.getByTestId('withdraw').click();
    await creator.fill('#withdraw-amount', '1000');
    await creator.getByTestId('withdraw-next').click();
    await creator.selectOption('#withdraw-network', 'evm');
    await creator.fill('#withdraw-address', payoutAddress);
    await creator.getByTestId('withdraw-review').click();
    const summary = creator.getByTestId('withdraw-summary');
    await summary.waitFor();
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('1,000 charm = $10.00');
    await creator.screenshot({ path: path.join(shots, 'withdraw-review.png') });
    await creator.getByTestId('withdraw-confirm').click();
    const result = creator.getByTestId('withdraw-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getAttribute('data-status')).toBe('pending');
    expect(await creator.getByTestId('withdraw-result-message').innerText()).toBe(
      'Your withdrawal is being processed. It shows as pending until it is paid.',
    );
    await creator.screenshot({ path: path.join(shots, 'withdraw-result.png') });
    await modal().getByRole('button', { name: 'Done' }).click();

    const row = creator.getByTestId('withdrawal').first();
    await expect.poll(() => row.innerText().catch(() => ''), { timeout: 15_000 }).toContain('Pending');
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('USDT to 0x8ba1f1…4DBA72');
    await expect.poll(() => creator.getByTestId('wallet-charm').innerText(), { timeout: 15_000 }).toBe('1,500');
    await creator.screenshot({ path: path.join(shots, 'withdrawals-list.png'), fullPage: true });

    // An operator rejects the payout in the console: the list says so after a reload and the charm is back.
    const [withdrawal] = (await call(creator, 'GET', '/wallet/withdrawals')).body.items;
    const admin = await full.stack.tokenFor('operator-wd', ['ad']);
    const settled = await fetch(`${full.url}/api/v1/console/withdrawals/${withdrawal.withdrawalId}/reject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Bank refused' }),
    });
    expect(settled.status).toBe(200);
    await expect
      .poll(
        async () => {
          await creator.reload();
          await creator.getByTestId('withdrawal').first().waitFor({ timeout: 10_000 });
          return creator.getByTestId('withdrawal').first().innerText();
        },
        { timeout: 20_000 },
      )
      .toContain('Failed');
    await expect.poll(() => creator.getByTestId('wallet-charm').innerText(), { timeout: 15_000 }).toBe('2,500');
  });

  it('works at phone width', async () => {
    await creator.setViewportSize({ width: 390, height: 844 });
    await creator.goto(`${full.url}/wallet`);
    await creator.getByTestId('withdraw').click();
    await creator.fill('#withdraw-amount', '600');
    await creator.getByTestId('withdraw-next').click();
    await creator.locator('#withdraw-address').waitFor();
    const box = await modal().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await creator.screenshot({ path: path.join(shots, 'withdraw-phone.png') });
  });
});
