// The core experience in two real browsers against the whole platform: a host signs in with an
// e-mail code and creates a lobby; a guest tops up through the sandbox, joins, requests the mic and
// is granted it, sends a 10x gift; the host sees the animation and the leaderboard change; both
// balances are right. Screenshots of home, lobby, gift panel and wallet go to docs/screenshots/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let hostContext: BrowserContext;
let guestContext: BrowserContext;
let host: Page;
let guest: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  hostContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  guestContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  host = await hostContext.newPage();
  guest = await guestContext.newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const diamonds = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

describe('lobby, mic and gifts in two browsers', () => {
  let lobbyUrl = '';

  it('signs the host in with an e-mail code from the dev mailbox and creates a lobby', async () => {
    await signInWithEmail(host, full.url, 'host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Midnight Karaoke');
    await host.fill('#lobby-tag', 'karaoke');
    await host.fill('#lobby-description', 'Sing with us, every night.');
    await host.selectOption('#lobby-category', 'karaoke');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();
    await expect.poll(() => host.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 15_000 }).toBeTruthy();
    expect(await host.getByTestId('lobby-title').innerText()).toBe('Midnight Karaoke');
  });

  it('tops the guest up through the sandbox card', async () => {
    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/wallet`);
    await guest.getByTestId('top-up').click();
    await guest.getByTestId('skip-offer').click();
    await guest.getByRole('tab', { name: 'Card' }).click();
    await guest.getByRole('button', { name: /\$10/ }).first().click();
    await guest.getByTestId('card-continue').click();
    await guest.fill('#card-name', 'Guest Tester');
    await guest.fill('#card-email', 'guest@example.com');
    await guest.getByTestId('card-pay').click();
    await expect
      .poll(() => guest.getByTestId('payment-status-message').innerText(), { timeout: 15_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await guest.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => diamonds(guest, 'wallet-diamonds'), { timeout: 10_000 }).toBe(1000);
    await guest.getByTestId('transaction').first().waitFor();
    await guest.screenshot({ path: path.join(shots, 'wallet.png') });
  });

  it('lets the guest find the lobby, request the mic, and the host grant it', async () => {
    await guest.goto(`${full.url}/`);
    await guest.getByTestId('lobby-card').first().waitFor({ timeout: 15_000 });
    await guest.screenshot({ path: path.join(shots, 'home.png') });
    await guest.getByTestId('lobby-card').first().click();
    await guest.waitForURL(lobbyUrl);
    const request = guest.getByTestId('request-mic');
    await request.waitFor();
    await expect.poll(() => request.isEnabled(), { timeout: 10_000 }).toBe(true);
    await request.click();
    await expect.poll(() => guest.getByTestId('request-mic').innerText(), { timeout: 10_000 }).toContain('Mic requested');

    const queue = host.getByTestId('mic-queue');
    await queue.waitFor({ timeout: 15_000 });
    await queue.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => guest.getByTestId('toggle-mic').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => host.locator('[data-testid="seat-1"][data-uid]').count(), { timeout: 15_000 }).toBe(1);
  });

  it('sends a 10x gift: the host sees the animation and the leaderboard, balances are right', async () => {
    await guest.getByTestId('open-gifts').click();
    const panel = guest.getByTestId('gift-panel');
    await panel.waitFor();
    await guest.getByTestId('gift-rose').click();
    await guest.getByTestId('multiplier-10').click();
    await guest.screenshot({ path: path.join(shots, 'gift-panel.png') });
    // The host's window in front, so its animations run (background pages are not painted).
    await host.bringToFront();
    await guest.getByTestId('send-gift').click();

    await host.getByTestId('gift-animation').waitFor({ timeout: 15_000 });
    expect(await host.getByTestId('gift-animation').innerText()).toContain('x10');
    // Mid-animation, captured straight from the compositor: a full Playwright screenshot on a busy
    // machine can outlast the 3.2 s animation.
    await host.waitForTimeout(500);
    const cdp = await hostContext.newCDPSession(host);
    const shot = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    writeFileSync(path.join(shots, 'lobby.png'), Buffer.from(shot.data, 'base64'));
    await cdp.detach();

    await host.getByRole('tab', { name: 'Ranking' }).click();
    await expect
      .poll(
        () =>
          host
            .getByTestId('podium-amount-1')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('100');

    // 10 roses at 10 diamonds: the guest paid 100 of 1000; the host earned half as charm.
    await expect.poll(() => diamonds(guest, 'balance'), { timeout: 10_000 }).toBe(900);
    await host.goto(`${full.url}/wallet`);
    await expect.poll(() => diamonds(host, 'wallet-charm'), { timeout: 10_000 }).toBe(50);
    expect(await diamonds(host, 'wallet-diamonds')).toBe(0);
  });
});
