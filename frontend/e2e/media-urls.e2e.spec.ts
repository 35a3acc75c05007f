// An uploaded avatar shows as a picture everywhere, for every viewer: the header,
// the lobby card on home, the seat on stage and the audience. The picture is stored as a media key;
// every read must hand the browser a URL that loads an image (it used to load the app's HTML).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
// A 48x48 pink square.
const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoItoHBObwxbOBxsByFS/EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwvUkR7iyrgxMgAAAABJRU5ErkJggg==',
  'base64',
);

let full: FullStack;
let browser: Browser;
let ana: Page;
let guest: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  ana = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

/** The picture inside `scope` has loaded as an image (a broken one has no natural width). */
async function showsPicture(scope: Locator): Promise<boolean> {
  const img = scope.locator('img').first();
  if ((await img.count()) === 0) return false;
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

async function createLobby(page: Page, title: string): Promise<string> {
  await page.goto(`${full.url}/`);
  await page.getByTestId('create-lobby').click();
  await page.fill('#lobby-title', title);
  await page.fill('#lobby-tag', 'chat');
  await page.getByTestId('create-lobby-submit').click();
  await page.waitForURL(/\/lobby\/[\w-]+$/);
  return page.url();
}

describe('uploaded pictures load everywhere', () => {
  it('shows the new avatar in the header after saving the profile', async () => {
    await signInWithEmail(ana, full.url, 'ana@example.com');
    await ana.goto(`${full.url}/edit-profile`);
    await ana.locator('input[type=file]').first().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng });
    const save = ana.getByTestId('save-profile');
    await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
    await save.click();
    await ana.waitForURL(/\/profile/);
    await expect.poll(() => showsPicture(ana.getByTestId('account-menu')), { timeout: 10_000 }).toBe(true);
  });

  it('shows it on the lobby card and the seat, to the owner and to another viewer', async () => {
    const lobbyUrl = await createLobby(ana, 'Picture perfect');
    await expect.poll(() => showsPicture(ana.getByTestId('seat-0')), { timeout: 15_000 }).toBe(true);

    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/`);
    const card = guest.getByTestId('lobby-card').filter({ hasText: 'Picture perfect' });
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => showsPicture(card), { timeout: 10_000 }).toBe(true);
    await guest.screenshot({ path: path.join(shots, 'avatar-lobby-card.png') });
    await card.click();
    await guest.waitForURL(lobbyUrl);
    await expect.poll(() => showsPicture(guest.getByTestId('seat-0')), { timeout: 15_000 }).toBe(true);
  });

  it("shows it in the audience of someone else's lobby", async () => {
    const lobbyUrl = await createLobby(guest, 'Guest corner');
    await ana.goto(lobbyUrl);
    const audience = guest.getByTestId('audience');
    await audience.waitFor({ timeout: 15_000 });
    await expect.poll(() => showsPicture(audience), { timeout: 10_000 }).toBe(true);
    await guest.screenshot({ path: path.join(shots, 'avatar-audience.png') });
  });
});
