// A private timed room in two browsers: the host creates it (30 min, 50-diamond fee) from a lobby,
// a guest who topped up joins by its link and pays the fee, the host starts it (countdown) and ends
// it (closure for both).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

let full: FullStack;
let browser: Browser;
let host: Page;
let guest: Page;

beforeAll(async () => {
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const number = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

describe('private timed room', () => {
  let roomUrl = '';

  it('the host creates a 30-minute room with a fee from a lobby', async () => {
    await signInWithEmail(host, full.url, 'roomhost@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Room lobby');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\//);
    await host.getByTestId('open-create-room').click();
    await host.fill('#room-title', 'Deep talk 🌙');
    await host.getByRole('radio', { name: /30/ }).click();
    await host.fill('#room-fee', '50');
    await host.getByTestId('create-room-submit').click();
    await host.waitForURL(/\/room\//);
    roomUrl = host.url();
    expect(await host.getByTestId('room-title').innerText()).toBe('Deep talk 🌙');
    expect(await host.getByTestId('room-status').innerText()).toBe('Waiting to start');
  });

  it('a guest pays the fee to join by the link', async () => {
    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/wallet?topup=1`);
    await guest.getByTestId('buy-offer').click();
    await expect.poll(() => guest.getByTestId('payment-status-message').innerText(), { timeout: 15_000 }).toBe('Your diamonds have been added to your wallet.');
    await guest.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
    // The first top-up offer: 30 USD of diamonds for 15 USD.
    await expect.poll(() => number(guest, 'wallet-diamonds'), { timeout: 10_000 }).toBe(3000);

    await guest.goto(roomUrl);
    const join = guest.getByTestId('join-room');
    expect(await join.innerText()).toContain('50');
    await join.click();
    await expect.poll(() => join.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => number(guest, 'balance'), { timeout: 10_000 }).toBe(2950);
  });

  it('the host starts it, both see the countdown, and ending it closes it for both', async () => {
    await host.getByTestId('start-room').click();
    await host.getByTestId('room-countdown').waitFor({ timeout: 10_000 });
    await guest.getByTestId('room-countdown').waitFor({ timeout: 15_000 });
    const shown = await guest.getByTestId('room-countdown').innerText();
    expect(shown).toMatch(/^(29|30):\d\d$/);

    await host.getByTestId('end-private-room').click();
    await host.getByTestId('confirm-end').click();
    await host.getByTestId('closure-modal').waitFor({ timeout: 10_000 });
    await guest.getByTestId('closure-modal').waitFor({ timeout: 15_000 });
  });
});
