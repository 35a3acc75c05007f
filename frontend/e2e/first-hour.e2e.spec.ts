// In real browsers against the whole platform: profile lists, uploads with
// a preview, counts and badges (11); voice problems in words, gifts in the lobby chat and gift names
// and pictures (12); an expired session refreshed first or announced (13); the dev mailbox newest
// first and the Help Center inside the app (14); the shell's skeleton before any script (15).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '@murmur/contracts/access-token';
import { voiceProblemTexts } from '../../frontend/src/lobby/voiceProblems.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { waitForProjection } from '../../test-support/projection-replay.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let amy: Page;
let ben: Page;
let amyUid = '';
let benUid = '';

const claimsOf = async (page: Page) => {
  const token = (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
    roles: string[];
    anon: boolean;
    onb?: boolean;
  };
};
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
// A 1x1 PNG, as a picked file.
const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
});

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  amy = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  ben = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('two new accounts', () => {
  // Signing in is part of the tests: on a loaded machine the build and stack take most of the hook's time.
  it('signs Amy in with an e-mail code', async () => {
    await signInWithEmail(amy, full.url, 'first-amy@example.com');
    amyUid = (await claimsOf(amy)).sub;
  });
  it('signs Ben in with an e-mail code', async () => {
    await signInWithEmail(ben, full.url, 'first-ben@example.com');
    benUid = (await claimsOf(ben)).sub;
  });
});

describe('profile (point 11)', () => {
  it('shows every count, and no "Verified User" on a brand-new account', async () => {
    await amy.goto(`${full.url}/profile`);
    await amy.getByTestId('profile-username').waitFor();
    expect((await amy.getByTestId('open-subscribers').innerText()).replace(/\s+/g, ' ').trim()).toBe('0 Subscribers');
    expect((await amy.getByTestId('open-subscriptions').innerText()).replace(/\s+/g, ' ').trim()).toBe('0 Subscribed');
    expect(await amy.getByText('Verified User').count()).toBe(0);
  });

  it('closes the Followers dialog when a name in it leads to another profile', async () => {
    const followed = await fetch(`${full.url}/api/v1/user/follow/${amyUid}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(ben)}` },
    });
    expect(followed.status).toBe(200);
    // The follow is in the read model before the reload (under load a reload can come first, and the count never moves after it).
    await waitForProjection(full.stack.db.pool, 'social-graph');
    await amy.reload();
    await expect.poll(() => amy.getByTestId('follower-count').innerText(), { timeout: 10_000 }).toBe('1');
    await amy.getByTestId('open-followers').click();
    const dialog = amy.getByRole('dialog');
    await dialog.getByTestId('list-followers').getByRole('link').first().click();
    await amy.waitForURL(`${full.url}/profile?uid=${benUid}`);
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('picks a post file with a preview, and forgets it once posted', async () => {
    await amy.goto(`${full.url}/profile`);
    await amy.getByRole('tab', { name: 'Posts' }).click();
    const picker = amy.getByTestId('post-media');
    await picker.getByTestId('file-choose').waitFor();
    await picker.locator('input[type=file]').setInputFiles(png('sunset.png'));
    await picker.getByTestId('file-preview').waitFor();
    expect(await picker.getByTestId('file-name').innerText()).toBe('sunset.png');
    await amy.getByTestId('post-content').fill('Sunset from the roof');
    await amy.screenshot({ path: path.join(shots, 'post-picker.png') });
    await amy.getByTestId('post-submit').click();
    await amy.getByText('Sunset from the roof').nth(0).waitFor({ timeout: 15_000 });
    await expect.poll(() => picker.getByTestId('file-name').count(), { timeout: 10_000 }).toBe(0);
    expect(await picker.getByTestId('file-choose').isVisible()).toBe(true);
    await picker.locator('input[type=file]').setInputFiles(png('second.png'));
    expect(await picker.getByTestId('file-name').innerText()).toBe('second.png');
    await picker.getByTestId('file-remove').click();
    expect(await picker.getByTestId('file-name').count()).toBe(0);
  });
});

describe('lobby voice and gifts (point 12)', () => {
  let guest: Page;

  it('says why voice cannot connect and what to do', async () => {
    await amy.goto(`${full.url}/`);
    await amy.getByTestId('create-lobby').click();
    await amy.fill('#lobby-title', 'Gift night');
    await amy.getByTestId('create-lobby-submit').click();
    await amy.waitForURL(/\/lobby\/[\w-]+$/);
    // Voice fails only after the SDK loaded and the join timed out (8 s): slow on a loaded machine.
    const problem = amy.getByTestId('voice-problem');
    await problem.waitFor({ timeout: 90_000 });
    const text = await problem.innerText();
    const said = Object.values(voiceProblemTexts).find((t) => text.includes(t.explain));
    expect(said).toBeDefined();
    expect(said).not.toBe(voiceProblemTexts.unknown);
    await amy.screenshot({ path: path.join(shots, 'voice-problem.png') });
    expect(await amy.getByTestId('voice-state').innerText()).not.toBe('Voice is unavailable');
  });

  it('signs a guest in', async () => {
    guest = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await signInAsGuest(guest, full.url);
  });

  it('tops the guest up through the sandbox card', async () => {
    await guest.goto(`${full.url}/wallet`);
    await guest.getByTestId('top-up').click();
    await guest.getByTestId('skip-offer').click();
    await guest.getByRole('tab', { name: 'Card' }).click();
    await guest.getByRole('button', { name: /\$10/ }).first().click();
    await guest.getByTestId('card-continue').click();
    await guest.fill('#card-name', 'Guest Tester');
    await guest.fill('#card-email', 'guest-gifts@example.com');
    await guest.getByTestId('card-pay').click();
    await expect
      .poll(() => guest.getByTestId('payment-status-message').innerText(), { timeout: 15_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await guest.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
  });

  it('shows a gift as a chat line with its display name, live and after a reload', async () => {
    await guest.goto(amy.url());
    await guest.getByTestId('open-gifts').click();
    await guest.getByTestId('gift-panel').waitFor();
    await guest.getByTestId('gift-teddy').click();
    await amy.bringToFront();
    await guest.getByTestId('send-gift').click();
    await guest.getByTestId('toast').filter({ hasText: 'Sent Teddy Bear x1' }).waitFor({ timeout: 15_000 });
    // The animation (3.2 s) can pass unseen on a loaded machine; the chat line stays.
    const line = amy.getByTestId('chat-gift');
    await line.waitFor({ timeout: 15_000 });
    expect(await line.innerText()).toMatch(/sent Teddy Bear ×1 to /);
    await amy.screenshot({ path: path.join(shots, 'lobby-gift-chat.png') });

    await amy.reload();
    await amy.getByTestId('chat-gift').waitFor({ timeout: 15_000 });
    expect(await amy.getByTestId('chat-gift').innerText()).toContain('sent Teddy Bear ×1');
  });

  it('shows the gift wall with the gift pictures and names', async () => {
    await amy.goto(`${full.url}/profile`);
    const gift = amy.getByTestId('wall-gift').first();
    await gift.waitFor({ timeout: 15_000 });
    expect(await gift.innerText()).toContain('Teddy Bear');
    expect(await gift.locator('img').getAttribute('src')).toBe('/gifts/teddy.svg');
    expect(await gift.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await amy.screenshot({ path: path.join(shots, 'gift-wall.png') });
  });

  it("names the gift in the sender's wallet history", async () => {
    await guest.goto(`${full.url}/wallet`);
    await guest.getByTestId('transaction').first().waitFor();
    await expect.poll(() => guest.getByTestId('transactions').innerText(), { timeout: 10_000 }).toContain('Teddy Bear');
    await guest.context().close();
  });
});

describe('an expired session (point 13)', () => {
  const expiredToken = async (page: Page) => {
    const c = await claimsOf(page);
    return signAccessToken(
      TEST_JWT_SECRET,
      { sub: c.sub, sid: c.sid, roles: c.roles as never, anon: c.anon, onb: c.onb !== false },
      60,
      Date.now() - 3_600_000,
    );
  };

  it('refreshes a token known to be expired before any call or socket', async () => {
    await ben.goto(`${full.url}/wallet`);
    await ben.getByTestId('wallet-diamonds').waitFor();
    const expired = await expiredToken(ben);
    await ben.evaluate((t) => localStorage.setItem('murmur.token', t), expired);
    const refused: string[] = [];
    const sockets: string[] = [];
    ben.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    ben.on('websocket', (ws) => sockets.push(ws.url()));
    await ben.reload();
    await ben.getByTestId('wallet-diamonds').waitFor();
    await expect.poll(() => ben.evaluate(() => localStorage.getItem('murmur.token')), { timeout: 15_000 }).not.toBe(expired);
    await ben.waitForTimeout(1500);
    expect(refused).toEqual([]);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.some((u) => u.includes(encodeURIComponent(expired)))).toBe(false);
    expect(new URL(ben.url()).pathname).toBe('/wallet');
  });

  it('says the session expired when it cannot be renewed', async () => {
    const expired = await expiredToken(ben);
    await ben.context().clearCookies();
    await ben.evaluate((t) => localStorage.setItem('murmur.token', t), expired);
    await ben.reload();
    const notice = ben.getByTestId('toast').filter({ hasText: 'Your session has expired. Please sign in again.' });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('Session expired');
    await ben.waitForURL(`${full.url}/`);
    await ben.getByTestId('sign-in').waitFor();
    // The sign-in modal opens by itself over the home page (it loads on demand: a screenshot taken
    // before it showed only the toasts over a page still loading).
    await ben.getByTestId('login-email').waitFor();
    await ben.screenshot({ path: path.join(shots, 'session-expired.png') });
  });
});

describe('dev mailbox and Help Center (point 14)', () => {
  it('lists the newest mail first, past ten mails', async () => {
    const email = 'many-codes@example.com';
    for (let i = 1; i <= 11; i++) {
      await full.stack.db.pool.query('insert into dev_mailbox (recipient, subject, body) values ($1, $2, $3)', [
        email,
        `Code number ${i}`,
        `Your code is ${String(100000 + i)}`,
      ]);
    }
    const res = await fetch(`${full.url}/api/v1/dev/mailbox?email=${encodeURIComponent(email)}`);
    const { items } = (await res.json()) as { items: Array<{ subject: string }> };
    expect(items.map((m) => m.subject).slice(0, 3)).toEqual(['Code number 11', 'Code number 10', 'Code number 9']);
    await amy.goto(`${full.url}/api/v1/dev/mailbox.html?email=${encodeURIComponent(email)}`);
    expect(await amy.locator('article h3').first().innerText()).toBe('Code number 11');
  });

  it('opens the Help Center as a page of the app', async () => {
    await amy.goto(`${full.url}/`);
    await amy.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Help Center' }).click();
    await amy.waitForURL(`${full.url}/help`);
    await amy.getByTestId('help-center').waitFor();
    await amy.getByText('Why can I not message someone?').click();
    await amy.getByText('Messaging will be available after following each other.', { exact: false }).first().waitFor();
    await amy.screenshot({ path: path.join(shots, 'help-center.png') });
  });
});

describe('first paint (point 15)', () => {
  it('paints the shell skeleton before any script runs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // No script and no stylesheet arrive: what paints is index.html's own inline markup and CSS.
    await page.route(/\.(js|css)(\?|$)/, (route) => route.abort());
    await page.goto(`${full.url}/`);
    const skeleton = page.getByTestId('shell-skeleton');
    expect(await skeleton.isVisible()).toBe(true);
    const box = await skeleton.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(1280);
    expect(box!.height).toBeGreaterThanOrEqual(800);
    expect(await page.locator('.sk-side').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 23, 38)');
    await page.screenshot({ path: path.join(shots, 'shell-skeleton.png') });
    await page.unroute(/\.(js|css)(\?|$)/);
    await page.reload();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('shell-skeleton').count()).toBe(0);
    await context.close();
  });
});
