// In two browsers: a host lists a service on the profile's Services tab; a user
// books it (closing the dialog midway charges nothing), sees the price held, cancels another booking
// made for tomorrow and gets it back; at the start the private room opens for the two; when it
// ends the host is paid (the wallet shows the charm) and both pages show it ended without a reload. The server's clock is moved forward instead
// of waiting 15 minutes; the scheduler is the real one. In the room the two talk (the built-in WebRTC
// voice, fake microphones): each one's inbound audio grows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds, loadWallet } from '../../command-api/src/wallet/ledger.ts';
import { FAKE_MEDIA_ARGS, launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let guest: Page;
let hostUid = '';
let guestUid = '';
let offsetMs = 0;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([
    startFullStack({ commandOverrides: { clock: { now: () => new Date(Date.now() + offsetMs) } } }),
    launchBrowser(FAKE_MEDIA_ARGS),
  ]);
  host = await pageWithPeerConnections({ width: 1280, height: 800 });
  // The guest is on a phone.
  guest = await pageWithPeerConnections({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

/** A page whose peer connections are kept in `window.__pcs`, for getStats (fake microphone). */
async function pageWithPeerConnections(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    w.__pcs = [];
    const PC = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends PC {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__pcs.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  return context.newPage();
}

/** Audio bytes the page has received over its open peer connections. */
const audioBytesIn = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((r: Record<string, unknown>) => {
        if (r.type === 'inbound-rtp' && r.kind === 'audio') total += Number(r.bytesReceived ?? 0);
      });
    }
    return total;
  });

/** Waits until the page hears the other person: inbound audio bytes grow. */
async function hears(page: Page): Promise<void> {
  let last = await audioBytesIn(page);
  await expect
    .poll(
      async () => {
        const now = await audioBytesIn(page);
        const grew = now > last && last > 0;
        last = now;
        return grew;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

const me = (page: Page): Promise<{ uid: string }> =>
  page.evaluate(async () =>
    (await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })).json(),
  );

/** A `datetime-local` value `minutes` from now, in the browser's time zone, on a whole minute. */
const localInput = (page: Page, minutes: number): Promise<string> =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);

async function bookFromProfile(minutesAhead: number): Promise<void> {
  await guest.goto(`${full.url}/profile?uid=${encodeURIComponent(hostUid)}`);
  await guest.getByRole('tab', { name: 'Services' }).click();
  await guest.getByTestId('book-service').first().click();
  const dialog = guest.getByTestId('book-dialog');
  await dialog.getByTestId('booking-start').fill(await localInput(guest, minutesAhead));
  await dialog.getByTestId('confirm-booking').click();
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

describe('services and booking', () => {
  it('the host lists a service on the Services tab; a bad price shows its text', async () => {
    await signInWithEmail(host, full.url, 'booking-host@example.com');
    hostUid = (await me(host)).uid;
    await host.goto(`${full.url}/profile`);
    await host.getByRole('tab', { name: 'Services' }).click();
    await host.fill('#service-title', 'Voice coaching');
    await host.getByTestId('service-minutes').selectOption('15');
    await host.fill('#service-price', '0');
    await host.getByTestId('save-service').click();
    await expect
      .poll(() => host.getByTestId('service-error').innerText(), { timeout: 10_000 })
      .toBe('The price must be between 1 and 1,000,000 diamonds.');
    await host.fill('#service-price', '200');
    await host.getByTestId('save-service').click();
    await host.getByTestId('service').filter({ hasText: 'Voice coaching' }).waitFor({ timeout: 15_000 });
    await host.screenshot({ path: path.join(shots, 'booking-services-tab.png') });
  });

  it('the guest books it (a dialog closed midway charges nothing); the price is held', async () => {
    await signInWithEmail(guest, full.url, 'booking-guest@example.com');
    guestUid = (await me(guest)).uid;
    await creditDiamonds(full.stack.command.deps, {
      uid: guestUid,
      amount: 1000,
      reason: 'demo_grant',
      reference: 'e2e',
      idempotencyKey: 'e2e-booking-grant',
    });
    await guest.goto(`${full.url}/profile?uid=${encodeURIComponent(hostUid)}`);
    await guest.getByRole('tab', { name: 'Services' }).click();
    await guest.getByTestId('book-service').first().click();
    const dialog = guest.getByTestId('book-dialog');
    await expect.poll(() => dialog.getByTestId('booking-balance-after').innerText(), { timeout: 10_000 }).toContain('800');
    // A time in the past is refused with its text.
    await dialog.getByTestId('booking-start').fill(await localInput(guest, -10));
    await dialog.getByTestId('confirm-booking').click();
    await expect
      .poll(() => dialog.getByTestId('booking-error').innerText(), { timeout: 10_000 })
      .toBe('You cannot book a time in the past.');
    await guest.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await loadWallet(full.stack.command.deps, guestUid)).balance).toBe(1000);

    await bookFromProfile(3);
    expect((await loadWallet(full.stack.command.deps, guestUid)).balance).toBe(800);
    await guest.goto(`${full.url}/booking`);
    await expect.poll(() => guest.getByTestId('booking-status').first().innerText(), { timeout: 15_000 }).toBe('Booked');
  });

  it('a booking for tomorrow cancelled now gives the diamonds back', async () => {
    await bookFromProfile(24 * 60);
    expect((await loadWallet(full.stack.command.deps, guestUid)).balance).toBe(600);
    await guest.goto(`${full.url}/booking`);
    const tomorrow = guest.getByTestId('booking').filter({ has: guest.getByTestId('cancel-booking') });
    await tomorrow.first().waitFor({ timeout: 15_000 });
    // The session starting in minutes cannot be cancelled by the guest any more (1 hour rule).
    expect(await guest.getByTestId('cancel-booking').count()).toBe(1);
    await guest.screenshot({ path: path.join(shots, 'booking-list-phone.png') });
    await tomorrow.first().getByTestId('cancel-booking').click();
    await guest.getByTestId('booking').filter({ hasText: 'Cancelled' }).waitFor({ timeout: 15_000 });
    expect((await loadWallet(full.stack.command.deps, guestUid)).balance).toBe(800);
  });

  it('at the time the private room opens for the two of them, and only for them', async () => {
    offsetMs += 4 * 60_000;
    await guest.goto(`${full.url}/booking`);
    const live = guest.getByTestId('booking').filter({ hasText: 'Room open' });
    await live.waitFor({ timeout: 20_000 });
    await live.getByTestId('open-session').click();
    await guest.getByTestId('session-clock').waitFor({ timeout: 15_000 });

    await host.goto(`${full.url}/booking`);
    await host.getByTestId('booking').filter({ hasText: 'Room open' }).getByTestId('open-session').click();
    await host.getByTestId('session-clock').waitFor({ timeout: 15_000 });
    expect(await host.getByTestId('extend-session').count()).toBe(0);

    // The two talk: voice as in a private room, each hearing the other's (fake) microphone.
    for (const page of [host, guest])
      await expect.poll(() => page.getByTestId('voice-state').innerText(), { timeout: 30_000 }).toBe('Voice on');
    await hears(host);
    await hears(guest);
    await host.screenshot({ path: path.join(shots, 'booking-session-room-host.png') });

    await guest.screenshot({ path: path.join(shots, 'booking-session-room-phone.png') });

    // A stranger's link shows nothing of it.
    const url = host.url();
    const stranger = await (await browser.newContext()).newPage();
    await signInWithEmail(stranger, full.url, 'booking-stranger@example.com');
    await stranger.goto(url);
    await stranger.getByRole('heading', { name: 'Booking not found' }).waitFor({ timeout: 15_000 });
    await stranger.context().close();

    expect((await loadWallet(full.stack.command.deps, guestUid)).balance).toBe(800);
  });

  it('when it ends the host is paid (the charm shows on the wallet) and the buyer sees it ended', async () => {
    // Booked 3 minutes ahead (rounded down to the minute) for 15 minutes; the clock is now 4 minutes on.
    offsetMs += 15 * 60_000;
    // Both pages poll the booking every 2 s; neither is reloaded.
    const hostEnded = host.getByTestId('session-ended');
    await hostEnded.waitFor({ timeout: 20_000 });
    expect(await hostEnded.innerText()).toBe('Session ended. You earned 100 charm.');
    await host.screenshot({ path: path.join(shots, 'booking-session-ended-host.png') });
    const guestEnded = guest.getByTestId('session-ended');
    await guestEnded.waitFor({ timeout: 20_000 });
    expect(await guestEnded.innerText()).toContain('was paid 200 💎.');
    // The voice ended with the session.
    expect(await guest.getByTestId('voice-state').count()).toBe(0);
    await expect
      .poll(() =>
        guest.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.every((pc) => pc.connectionState === 'closed')),
      )
      .toBe(true);
    await guest.screenshot({ path: path.join(shots, 'booking-session-ended-phone.png') });

    // The hold was spent, not released: the buyer keeps 800, and the host's wallet shows the charm.
    const wallet = await loadWallet(full.stack.command.deps, guestUid);
    expect(wallet.balance).toBe(800);
    expect(
      Object.values(wallet.holds)
        .map((h) => h.status)
        .sort(),
    ).toEqual(['released', 'spent']);
    await host.goto(`${full.url}/wallet`);
    await expect.poll(() => host.getByTestId('wallet-charm').innerText(), { timeout: 15_000 }).toBe('100');
    await guest.goto(`${full.url}/booking`);
    await guest.getByTestId('booking').filter({ hasText: 'Completed' }).waitFor({ timeout: 15_000 });
  });
});
