// A private timed room in two browsers: the host creates it (30 min, 50-diamond fee) from a lobby,
// a guest who took the first top-up offer (confirmed on the card step, never charged in one click)
// joins by its link and pays the fee; a third person finds it full and no longer listed; the guest
// can leave and come back; the host starts it (countdown) and ends it (closure for both).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lobbyTexts } from '@murmur/contracts/lobbies';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { waitForProjection } from '../../test-support/projection-replay.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

let full: FullStack;
let browser: Browser;
let host: Page;
let guest: Page;
let third: Page;
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

beforeAll(async () => {
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  third = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const number = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

describe('private timed room', () => {
  let roomUrl = '';
  let lobbyUrl = '';

  it('the host creates a 30-minute room with a fee from a lobby', async () => {
    await signInWithEmail(host, full.url, 'roomhost@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Room lobby');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\//);
    lobbyUrl = host.url();
    await host.getByTestId('open-create-room').click();
    await host.fill('#room-title', 'Deep talk 🌙');
    await host.getByRole('radio', { name: /30/ }).click();
    await host.fill('#room-fee', '50');
    await host.getByTestId('create-room-submit').click();
    await host.waitForURL(/\/room\//);
    roomUrl = host.url();
    expect(await host.getByTestId('room-title').innerText()).toBe('Deep talk 🌙');
    expect(await host.getByTestId('room-status').innerText()).toBe('Waiting to start');
    // The host sees what guests pay.
    expect(await host.getByTestId('room-fee').innerText()).toContain('Guests pay 50 to join');
  });

  it("a visitor opening the room's link is asked to sign in, not told the room does not exist", async () => {
    await third.goto(roomUrl);
    await third.getByText(lobbyTexts.roomSignIn).waitFor({ timeout: 15_000 });
    expect(await third.getByText(lobbyTexts.roomNotFound).count()).toBe(0);
  });

  it('a guest pays the fee to join by the link', async () => {
    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/wallet?topup=1`);
    await guest.getByTestId('buy-offer').click();
    // The offer goes to the payment step; nothing is charged before "Pay".
    await guest.getByTestId('card-summary').waitFor();
    expect(await guest.getByTestId('card-summary').innerText()).toContain('First top-up offer: pay $15.00 for 3,000 diamonds');
    await guest.screenshot({ path: path.join(shots, 'first-topup-offer-confirm.png') });
    expect(await number(guest, 'wallet-diamonds')).toBe(0);
    await guest.fill('#card-name', 'Guest Tester');
    await guest.fill('#card-email', 'guest@example.com');
    await guest.getByTestId('card-pay').click();
    await expect
      .poll(() => guest.getByTestId('payment-status-message').innerText(), { timeout: 15_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await guest.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
    // The first top-up offer: 30 USD of diamonds for 15 USD.
    await expect.poll(() => number(guest, 'wallet-diamonds'), { timeout: 10_000 }).toBe(3000);

    await guest.goto(roomUrl);
    const join = guest.getByTestId('join-room');
    expect(await join.innerText()).toContain('50');
    await join.click();
    await expect.poll(() => join.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => number(guest, 'balance'), { timeout: 10_000 }).toBe(2950);
    await guest.getByTestId('leave-room').waitFor({ timeout: 10_000 });
    expect(await host.getByTestId('leave-room').count()).toBe(0);
    // At phone width the room and the top bar (a four-digit balance, the level) stay inside the screen.
    await guest.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await guest.setViewportSize({ width: 1280, height: 800 });
  });

  it('a third person finds the room full, and the lobby no longer lists it', async () => {
    await signInAsGuest(third, full.url);
    // The guest's join is in the read model before the third person opens the link (under load it lagged, and the page showed the join button).
    await waitForProjection(full.stack.db.pool, 'rooms');
    await third.goto(roomUrl);
    await third.getByTestId('room-full').waitFor({ timeout: 15_000 });
    expect(await third.getByTestId('join-room').count()).toBe(0);
    await third.screenshot({ path: path.join(shots, 'private-room-full.png') });
    await third.goto(lobbyUrl);
    await third.getByTestId('lobby-title').waitFor({ timeout: 15_000 });
    await third.waitForTimeout(1_500);
    expect(await third.getByTestId('room-card').count()).toBe(0);
  });

  it('the guest leaves and comes back without paying twice', async () => {
    await guest.getByTestId('leave-room').click();
    await guest.waitForURL(lobbyUrl, { timeout: 10_000 });
    await third.goto(roomUrl);
    await third.getByTestId('join-room').waitFor({ timeout: 15_000 });
    await guest.goto(roomUrl);
    await guest.getByTestId('join-room').click();
    await guest.getByTestId('leave-room').waitFor({ timeout: 10_000 });
    expect(await number(guest, 'balance')).toBe(2950);
  });

  it('the host starts it, both see the countdown, and ending it closes it for both', async () => {
    await host.getByTestId('start-room').click();
    await host.getByTestId('room-countdown').waitFor({ timeout: 10_000 });
    await guest.getByTestId('room-countdown').waitFor({ timeout: 15_000 });
    const shown = await guest.getByTestId('room-countdown').innerText();
    expect(shown).toMatch(/^(29|30):\d\d$/);
    // Never more than the room's 30 minutes: the guest's page was open before the start.
    const [mm, ss] = shown.split(':').map(Number) as [number, number];
    expect(mm * 60 + ss).toBeLessThanOrEqual(30 * 60);

    await host.getByTestId('end-private-room').click();
    await host.getByTestId('confirm-end').click();
    await host.getByTestId('closure-modal').waitFor({ timeout: 10_000 });
    await guest.getByTestId('closure-modal').waitFor({ timeout: 15_000 });
  });
});
