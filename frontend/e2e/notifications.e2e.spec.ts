// The notifications centre and the global leaderboards in real browsers against the whole platform:
// a gift sent by one user raises the other's bell live, the notification opens the lobby; the
// leaderboard page reorders live as gifts arrive (LeaderboardChanged on `leaderboards/global`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderboardPublisher } from '../../projections/src/leaderboard-publisher.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let publisher: LeaderboardPublisher;
type User = Awaited<ReturnType<typeof signUpWithWallet>>;
let host: User;
let fan: User;
let rival: User;
let lobbyId = '';
let keys = 0;

async function call(user: User, method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${full.url}/api/v1${p}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': `e2e-notif-${++keys}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const rename = (u: User, username: string) => call(u, 'PUT', '/user/profile/details', { username });
const gift = (from: User, to: User, quantity: number, inLobby = true) =>
  call(from, 'POST', '/gifting/send-gift', { giftName: 'rose', quantity, recipients: [to.uid], ...(inLobby ? { lobbyId } : {}) });

async function pageAs(user: User, width = 1280, height = 860): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((token) => {
    localStorage.setItem('murmur.token', token);
    localStorage.setItem('murmur.mobileNoticeSeen', '1');
  }, user.token);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  publisher = new LeaderboardPublisher(full.stack.db.pool, full.stack.command.deps.store, { intervalMs: 200 });
  publisher.start();
  [host, fan, rival] = await Promise.all([signUpWithWallet(full.url), signUpWithWallet(full.url), signUpWithWallet(full.url)]);
  await Promise.all([rename(host, 'nora_host'), rename(fan, 'felix_fan'), rename(rival, 'rita_rival')]);
  for (const u of [fan, rival]) await call(u, 'POST', '/payment/topup/pay', { channelCode: 'sandbox', value: 50 });
  lobbyId = (await call(host, 'POST', '/lobbies', { title: 'Notify lounge' })).lobbyId;
}, 120_000);

afterAll(async () => {
  await publisher?.stop();
  await browser?.close();
  await full?.stop();
});

describe('notifications centre', () => {
  it('raises the bell live when a gift arrives, and the notification opens the lobby', async () => {
    const { page } = await pageAs(host);
    await page.goto(`${full.url}/wallet`);
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    await gift(fan, host, 10);
    await expect.poll(() => page.getByTestId('notification-count').textContent(), { timeout: 15_000 }).toBe('1');
    await call(fan, 'POST', `/user/follow/${host.uid}`);
    await expect.poll(() => page.getByTestId('notification-count').textContent(), { timeout: 15_000 }).toBe('2');
    await page.screenshot({ path: path.join(shots, 'notification-bell.png') });

    await page.getByTestId('notification-bell').click();
    const giftRow = page.getByTestId('notification-gift_received');
    await giftRow.waitFor();
    expect(await giftRow.innerText()).toContain('felix_fan sent you 10x Rose');
    expect(await page.getByTestId('notification-new_follower').innerText()).toContain('felix_fan started following you');
    // Opening the list reads it: the bell clears, the rows keep their highlight for this visit.
    await expect.poll(() => page.getByTestId('notification-count').count(), { timeout: 10_000 }).toBe(0);
    expect(await giftRow.getAttribute('data-unread')).toBe('true');
    await page.screenshot({ path: path.join(shots, 'notifications.png') });

    // After a reload nothing is unread any more.
    await page.reload();
    await page.getByTestId('notification-gift_received').waitFor();
    expect(await page.getByTestId('notification-gift_received').getAttribute('data-unread')).toBe('false');
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    await page.getByTestId('notification-gift_received').click();
    await page.waitForURL(`**/lobby/${lobbyId}`);
    await expect.poll(() => page.getByText('Notify lounge').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  });

  it('shows the bell and the list at phone width', async () => {
    const { page, context } = await pageAs(host, 390, 844);
    // The host left the lobby with the last page; a gift from the profile counts all the same.
    await gift(rival, host, 1, false);
    await page.goto(`${full.url}/notifications`);
    await expect.poll(() => page.getByTestId('notification-gift_received').count(), { timeout: 15_000 }).toBe(2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'notifications-phone.png') });
    await context.close();
  });
});

describe('global leaderboards page', () => {
  it('shows the podium, my rank, the events with their dates, and reorders live', async () => {
    const { page, context } = await pageAs(rival);
    await page.goto(`${full.url}/leaderboards`);
    // So far: felix 100 (10 roses), rita 10.
    await expect.poll(() => page.getByTestId('podium-name-1').textContent(), { timeout: 15_000 }).toBe('felix_fan');
    expect(await page.getByTestId('podium-name-2').textContent()).toBe('rita_rival');
    await expect.poll(() => page.getByTestId('my-rank').innerText()).toContain('2');

    // Rita sends 99 roses: she overtakes Felix without a reload.
    await gift(rival, host, 99, false);
    await expect.poll(() => page.getByTestId('podium-name-1').textContent(), { timeout: 20_000 }).toBe('rita_rival');
    expect(await page.getByTestId('podium-name-2').textContent()).toBe('felix_fan');
    expect(await page.getByTestId('podium-score-1').textContent()).toContain('1,000');
    await page.screenshot({ path: path.join(shots, 'leaderboards.png') });

    await page.getByTestId('board-hosts').click();
    await expect.poll(() => page.getByTestId('podium-name-1').textContent(), { timeout: 10_000 }).toBe('nora_host');
    await page.getByTestId('frequency-monthly').click();
    await expect.poll(() => page.getByTestId('podium-name-1').textContent(), { timeout: 10_000 }).toBe('nora_host');

    await page.getByTestId('board-valentines').click();
    await expect.poll(() => page.getByTestId('event-dates').textContent(), { timeout: 10_000 }).toBe('Feb 1, 2027 – Feb 14, 2027');
    await page.getByTestId('board-perfect_pair').click();
    await expect.poll(() => page.getByTestId('event-banner').innerText(), { timeout: 10_000 }).toContain('Perfect Pair');
    await expect.poll(() => page.getByTestId('podium-name-1').textContent(), { timeout: 10_000 }).toContain('&');
    await context.close();
  });
});
