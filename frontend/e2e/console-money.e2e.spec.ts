// In the browser: a creator requests a withdrawal; an admin settles it from the
// console's Money section with the on-chain reference (a wrong reference refused inline, the dialog
// closed midway and reopened empty); the creator sees it settled with its reference after a reload;
// settling again is refused and writes nothing; the operations view, with a projection rebuilt from
// it and followed to the end; the section at phone width; a non-admin is refused.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { headPosition, PostgresEventStore } from '@murmur/eventstore';
import { ProjectionRebuildWorker } from '../../projections/src/projection-rebuild-worker.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { appendedSince } from '../../test-support/nothing-written.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const payoutAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const txHash = `0x${'5e'.repeat(32)}`;
let full: FullStack;
let browser: Browser;
let creator: Page;
let admin: Page;

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
async function call(page: Page | string, method: string, route: string, body?: unknown, key?: string) {
  const token = typeof page === 'string' ? page : await tokenOf(page);
  const res = await fetch(`${full.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  const fan = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  // One after the other, with room for a loaded machine (page loads took over 30 s at load 50).
  for (const page of [fan, creator, admin]) page.setDefaultTimeout(90_000);
  await signInWithEmail(fan, full.url, 'fan-console@example.com');
  await signInWithEmail(creator, full.url, 'creator-console@example.com');
  await signInWithEmail(admin, full.url, 'operator-console@example.com');
  // The fan buys 5,000 diamonds and sends the creator a castle: 2,500 charm to withdraw.
  expect(
    (await call(fan, 'POST', '/payment/topup/pay', { channelCode: 'sandbox', value: 50, currency: 'USD' }, 'console-topup')).status,
  ).toBeLessThan(300);
  const creatorUid = (await call(creator, 'GET', '/user/me')).body.uid as string;
  expect(
    (await call(fan, 'POST', '/gifting/send-gift', { giftName: 'castle', quantity: 1, recipients: [creatorUid] }, 'console-gift')).status,
  ).toBe(201);
  await fan.context().close();
  // The operator's account is made an admin by another admin; a refreshed token carries the role.
  const adminUid = (await call(admin, 'GET', '/user/me')).body.uid as string;
  const root = await full.stack.tokenFor('console-root', ['co', 'ad']);
  expect((await call(root, 'POST', `/admin/users/${adminUid}/roles`, { role: 'ad', action: 'grant' })).status).toBe(200);
  await admin.evaluate(async () => {
    const res = await fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'include' });
    localStorage.setItem('murmur.token', ((await res.json()) as { token: string }).token);
  });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('settling a withdrawal from the console', { timeout: 300_000 }, () => {
  let withdrawalId = '';

  it('the creator requests a withdrawal in the wallet', async () => {
    await creator.goto(`${full.url}/wallet`);
    await expect.poll(() => creator.getByTestId('wallet-charm').innerText(), { timeout: 45_000 }).toBe('2,500');
    await creator.getByTestId('withdraw').click();
    await creator.fill('#withdraw-amount', '1000');
    await creator.getByTestId('withdraw-next').click();
    await creator.selectOption('#withdraw-network', 'evm');
    await creator.fill('#withdraw-address', payoutAddress);
    await creator.getByTestId('withdraw-review').click();
    await creator.getByTestId('withdraw-summary').waitFor();
    await creator.getByTestId('withdraw-confirm').click();
    await creator.getByTestId('withdraw-result').waitFor({ timeout: 45_000 });
    await creator.getByTestId('withdraw-modal').getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(
        () =>
          creator
            .getByTestId('withdrawal')
            .first()
            .innerText()
            .catch(() => ''),
        { timeout: 45_000 },
      )
      .toContain('Pending');
    withdrawalId = (await call(creator, 'GET', '/wallet/withdrawals')).body.items[0].withdrawalId;
  });

  it('the admin finds it in the Money section, is refused a wrong reference, and settles it with the transaction hash', async () => {
    await admin.goto(`${full.url}/console`);
    await admin.getByTestId('console-nav-money').click();
    await admin.waitForURL(/\/console\/money/);
    const row = admin.locator(`[data-testid="console-withdrawal"][data-id="${withdrawalId}"]`);
    await row.waitFor({ timeout: 45_000 });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('1,000 charm $10.00');
    expect(await row.innerText()).toContain(payoutAddress);
    await admin.screenshot({ path: path.join(shots, 'console-money-withdrawals.png'), fullPage: true });

    // Closing the dialog midway leaves nothing behind.
    await row.getByTestId('withdrawal-settle').click();
    await admin.fill('#settle-reference', 'half typed');
    await admin.keyboard.press('Escape');
    await admin.getByTestId('withdrawal-decision').waitFor({ state: 'detached' });
    await row.getByTestId('withdrawal-settle').click();
    expect(await admin.inputValue('#settle-reference')).toBe('');

    const before = await headPosition(full.stack.db.pool);
    await admin.fill('#settle-reference', 'paid');
    await admin.getByTestId('withdrawal-decision-confirm').click();
    await expect
      .poll(
        () =>
          admin
            .getByTestId('settle-reference-error')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toBe('Enter the on-chain transaction hash (0x and 64 hexadecimal characters).');
    expect(await appendedSince(full.stack.db.pool, before, 'anyRequest')).toEqual([]);
    await admin.screenshot({ path: path.join(shots, 'console-money-settle-refused.png') });

    await admin.fill('#settle-reference', txHash);
    await admin.getByTestId('withdrawal-decision-confirm').click();
    await admin.getByTestId('withdrawal-decision').waitFor({ state: 'detached', timeout: 45_000 });
    await row.waitFor({ state: 'detached', timeout: 45_000 });
    await admin.selectOption('#withdrawal-status', 'completed');
    const settled = admin.locator(`[data-testid="console-withdrawal"][data-id="${withdrawalId}"]`);
    await settled.waitFor({ timeout: 45_000 });
    expect(await settled.innerText()).toContain('Paid');
    await admin.screenshot({ path: path.join(shots, 'console-money-settled.png'), fullPage: true });
  });

  it('the creator sees it settled with its reference after a reload', async () => {
    await expect
      .poll(
        async () => {
          await creator.reload();
          await creator.getByTestId('withdrawal').first().waitFor({ timeout: 30_000 });
          return creator.getByTestId('withdrawal').first().innerText();
        },
        { timeout: 60_000 },
      )
      .toMatch(/completed/i);
    expect(await creator.getByTestId('withdrawal-reference').first().innerText()).toBe('Ref. 0x5e5e5e5e…5e5e5e');
    await creator.getByTestId('withdrawals').scrollIntoViewIfNeeded();
    await creator.screenshot({ path: path.join(shots, 'console-money-creator-settled.png') });
  });

  it('settling twice is refused with a clear message and writes nothing', async () => {
    const before = await headPosition(full.stack.db.pool);
    const again = await call(admin, 'POST', `/console/withdrawals/${withdrawalId}/settle`, { reference: txHash });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This withdrawal is already settled.');
    expect(await appendedSince(full.stack.db.pool, before, 'anyRequest')).toEqual([]);
  });

  it('the operations view shows each projection caught up and the gateway connections', async () => {
    await admin.goto(`${full.url}/console/operations`);
    const wallet = admin.locator('[data-testid="ops-projection"][data-name="wallet-history"]');
    await wallet.waitFor({ timeout: 45_000 });
    await expect.poll(() => wallet.innerText(), { timeout: 45_000 }).toContain('Live');
    // The admin's and the creator's tabs hold sockets; the gateway reports them with its heartbeat.
    await expect
      .poll(async () => Number((await admin.getByTestId('ops-connections').innerText()).replace(/,/g, '')), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(1);
    await admin.screenshot({ path: path.join(shots, 'console-operations.png'), fullPage: true });

    // A rebuild from here: asked for, run by the projections worker (ticked here: the test stack
    // runs no worker), followed to the end on the page, and in the audit trail.
    await wallet.getByTestId('rebuild-projection').click();
    const rebuild = admin.getByTestId('ops-rebuild').filter({ hasText: 'wallet-history' }).first();
    await expect.poll(() => rebuild.getAttribute('data-status'), { timeout: 30_000 }).toBe('requested');
    const worker = new ProjectionRebuildWorker(full.stack.db.pool, new PostgresEventStore(full.stack.db.pool), { batchSize: 50 });
    expect(await worker.tick()).toBe(1);
    await expect.poll(() => rebuild.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    expect(await rebuild.innerText()).toContain('100%');
    await rebuild.scrollIntoViewIfNeeded();
    await admin.evaluate(() => window.scrollBy(0, -120));
    await admin.screenshot({ path: path.join(shots, 'console-operations-rebuild.png') });
    await worker.stop();
    await expect.poll(() => wallet.innerText(), { timeout: 45_000 }).toContain('Live');
  });

  it('works at phone width, and a creator opening the console is refused', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${full.url}/console/money/grants`);
    await admin.getByTestId('grant-form').waitFor();
    const width = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await admin.screenshot({ path: path.join(shots, 'console-money-phone.png'), fullPage: true });

    await creator.goto(`${full.url}/console/money`);
    await expect
      .poll(() => creator.locator('body').innerText(), { timeout: 30_000 })
      .toContain('You do not have permissions to access this page.');
  });
});
