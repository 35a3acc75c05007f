// In two browsers at 1280 x 800: an empty seat offers "Request mic"; a seated
// speaker is labelled as what they are; the action bar never covers the "Mic requests" and
// "Private rooms" cards; the lobby settings page has the app's layout and is titled for the lobby.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let guest: Page;
let lobbyId = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

/** A command as the page's signed-in user (its token), for set-up the test is not about. */
function asUser(page: Page, method: string, apiPath: string, body: unknown = {}) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/v1${p}`, {
        method: m,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('murmur.token')}` },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, apiPath, body] as const,
  );
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the lobby stage and settings', () => {
  it('sets up a lobby with its host', async () => {
    await signInWithEmail(host, full.url, 'stage-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Stage test');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyId = host.url().split('/lobby/')[1]!;
    await expect.poll(() => host.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 15_000 }).toBeTruthy();
  });

  it('lets a guest in', async () => {
    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/lobby/${lobbyId}`);
    await guest.getByTestId('request-mic').waitFor();
  });

  it('offers "Request mic" on an empty seat, and the request reaches the host', async () => {
    await guest.getByTestId('seat-3').click();
    await guest.getByRole('menuitem', { name: 'Request mic' }).click();
    await expect.poll(() => guest.getByTestId('request-mic').innerText(), { timeout: 10_000 }).toContain('Mic requested');
    await host.getByTestId('mic-queue').waitFor({ timeout: 15_000 });
  });

  it('keeps the action bar off the "Mic requests" and "Private rooms" cards', async () => {
    const room = await asUser(guest, 'POST', `/lobbies/${lobbyId}/rooms`, { title: 'After party', mins: 15, requiredBalance: 0 });
    expect(room.status).toBe(201);
    const rooms = host.getByTestId('room-list');
    await rooms.waitFor({ timeout: 15_000 });
    const queue = host.getByTestId('mic-queue');
    for (const card of [queue, rooms]) {
      await card.scrollIntoViewIfNeeded();
      expect(overlaps(await box(host.getByTestId('lobby-controls')), await box(card))).toBe(false);
    }
    // Scrolled to the top, too: the bar is part of the page, not painted over it.
    await host.evaluate(() => window.scrollTo(0, 0));
    const bar = await box(host.getByTestId('lobby-controls'));
    for (const card of [queue, rooms]) {
      const b = await card.boundingBox();
      if (b) expect(overlaps(bar, b)).toBe(false);
    }
    await host.screenshot({ path: path.join(shots, 'lobby-cards-and-actions.png'), fullPage: true });
  });

  it('labels a seated speaker as a speaker and the main host as host', async () => {
    await host.getByTestId('mic-queue').getByRole('button', { name: 'Accept' }).click();
    const seat = host.locator('[data-testid^="seat-"][data-uid]').nth(1);
    await seat.waitFor({ timeout: 15_000 });
    await expect.poll(() => seat.getByTestId('seat-role').innerText()).toBe('Speaker');
    expect(await host.getByTestId('seat-0').getByTestId('seat-role').innerText()).toBe('Host');
    await host.getByRole('tab', { name: /People/ }).click();
    await host
      .getByTestId('people')
      .getByRole('heading', { name: /Speakers/ })
      .waitFor();
    await host.screenshot({ path: path.join(shots, 'lobby-stage-labels.png') });
  });

  it('lays out the lobby settings page beside the side menu, titled for the lobby', async () => {
    await host.getByTestId('lobby-settings').click();
    await host.waitForURL(/\/lobby\/settings\?lobbyId=/);
    const heading = host.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText(), { timeout: 10_000 }).toBe('Stage test');
    await host.getByRole('heading', { name: 'Lobby profile' }).waitFor();
    const menu = await box(host.locator('nav[aria-label="Main menu"]'));
    const content = await box(host.getByTestId('lobby-settings-page'));
    expect(content.x).toBeGreaterThanOrEqual(menu.x + menu.width + 16);
    expect(content.y).toBeGreaterThanOrEqual(16);
    await host.screenshot({ path: path.join(shots, 'lobby-settings.png') });
  });
});
