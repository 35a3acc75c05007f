// A page whose socket was down when its access token stopped being valid, in real browsers against
// the whole platform: signed out everywhere by an operator while offline, it ends signed out with a
// notice that stays, without a click, once back online; with a token that merely expired offline
// (its refresh token still good) it stays signed in and gets live events again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { texts } from '@murmur/contracts';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { signInWithEmail, uidOf } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const desktop = { viewport: { width: 1280, height: 800 } };
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(desktop);
  await context.addInitScript(() => localStorage.setItem('murmur.mobileNoticeSeen', '1'));
  const page = await context.newPage();
  // Generous on a machine shared with other test runs: a first load of the built app can be slow.
  page.setDefaultNavigationTimeout(120_000);
  page.setDefaultTimeout(60_000);
  return { context, page };
}

/** The page's sockets to the gateway as the browser sees them: the token each opened with, and
 * whether the gateway welcomed it. */
function watchSockets(page: Page): Array<{ token: string | null; welcomed: boolean }> {
  const seen: Array<{ token: string | null; welcomed: boolean }> = [];
  page.on('websocket', (ws: WebSocket) => {
    if (new URL(ws.url()).pathname !== '/ws') return;
    const entry = { token: new URL(ws.url()).searchParams.get('access_token'), welcomed: false };
    seen.push(entry);
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"welcome"')) entry.welcomed = true;
    });
  });
  return seen;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('murmur.token'));

describe('signed out everywhere while the page was offline', () => {
  let full: FullStack;
  beforeAll(async () => {
    full = await startFullStack();
  }, 180_000);
  afterAll(async () => {
    await full?.stop();
  });

  it('ends signed out with a notice that stays, once back online, without a click', async () => {
    const a = await newPage();
    const sockets = watchSockets(a.page);
    await signInWithEmail(a.page, full.url, 'away-laptop@example.com');
    const uid = await uidOf(a.page);
    await expect.poll(() => sockets.some((s) => s.token && s.welcomed), { timeout: 15_000 }).toBe(true);

    // The operator on page B: a real account made admin by another admin, on the user's console page.
    const operator = await signUpWithWallet(full.url);
    const root = await full.stack.tokenFor('root-operator', ['co', 'ad']);
    expect((await full.stack.api(`/admin/users/${operator.uid}/roles`, { method: 'POST', token: root, body: { role: 'ad' } })).status).toBe(
      200,
    );
    const b = await newPage();
    const operatorToken = await full.stack.tokenFor(operator.uid, ['co', 'ad']);
    await b.context.addInitScript((token) => localStorage.setItem('murmur.token', token), operatorToken);
    await b.page.goto(`${full.url}/console/users/${uid}`);
    await b.page.getByTestId('sign-out-everywhere').waitFor();

    // A's network goes: offline, and its open socket cut (the browser's offline mode leaves open
    // sockets alone; a real network loss does not).
    await a.context.setOffline(true);
    full.dropConnections();
    await b.page.getByTestId('sign-out-everywhere').click();
    await b.page.getByTestId('toast').getByText('Signed out everywhere.').waitFor({ timeout: 10_000 });
    // Still looks signed in while away: nothing could tell it.
    expect(await storedToken(a.page)).not.toBeNull();

    await a.context.setOffline(false);
    const notice = a.page.getByTestId('toast').filter({ hasText: texts.sessionExpired });
    await notice.waitFor({ timeout: 10_000 });
    await a.page.getByTestId('sign-in').waitFor({ timeout: 5_000 });
    expect(await storedToken(a.page)).toBeNull();
    // It stays until dismissed (other notices leave after 4.5 s).
    await a.page.waitForTimeout(7_000);
    expect(await notice.isVisible()).toBe(true);
    // It sits below the top bar: Sign in stays within reach (a click there would reach the button).
    await a.page.getByTestId('sign-in').click({ trial: true, timeout: 5_000 });
    await a.page.screenshot({ path: path.join(shots, 'signed-out-while-away.png') });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    // Back as a visitor: the socket opens again, without a token.
    await expect.poll(() => sockets.at(-1)?.token === null && sockets.at(-1)?.welcomed, { timeout: 15_000 }).toBe(true);
    await Promise.all([a.context.close(), b.context.close()]);
  });
});

describe('access token expired while the page was offline', () => {
  // Short-lived access tokens for this stack only (the default stays 15 minutes), so one expires
  // while the page is away; the refresh token keeps its 30 days. The test waits out what is left of
  // the token after signing in (a few seconds), so the lifetime is most of the test's time.
  const ACCESS_TTL_S = 10;
  let full: FullStack;
  beforeAll(async () => {
    full = await startFullStack({ identityEnv: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_S) } });
  }, 180_000);
  afterAll(async () => {
    await full?.stop();
  });

  it('stays signed in, reconnects with a refreshed token and gets a live event sent after', async () => {
    const a = await newPage();
    const sockets = watchSockets(a.page);
    await signInWithEmail(a.page, full.url, 'sleepy-laptop@example.com');
    await a.page.getByTestId('notification-bell').waitFor();
    expect(await a.page.getByTestId('notification-count').count()).toBe(0);
    await expect.poll(() => sockets.some((s) => s.token && s.welcomed), { timeout: 15_000 }).toBe(true);

    await a.context.setOffline(true);
    full.dropConnections();
    const away = await storedToken(a.page);
    const exp = JSON.parse(Buffer.from(away!.split('.')[1]!, 'base64url').toString()).exp as number;
    // Past the token's expiry, while away.
    await a.page.waitForTimeout(Math.max(0, exp * 1000 - Date.now()) + 2_000);
    const socketsBefore = sockets.length;
    await a.context.setOffline(false);

    await expect.poll(() => sockets.slice(socketsBefore).some((s) => s.welcomed && s.token !== away), { timeout: 10_000 }).toBe(true);
    expect(await storedToken(a.page)).not.toBe(away);
    expect(await storedToken(a.page)).not.toBeNull();

    const fan = await signUpWithWallet(full.url);
    const followed = await fetch(`${full.url}/api/v1/user/follow/${await uidOf(a.page)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(followed.status).toBe(200);
    await expect.poll(() => a.page.getByTestId('notification-count').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await a.page.getByTestId('toast').filter({ hasText: texts.sessionExpired }).count()).toBe(0);
    await expect(a.page.getByTestId('sign-in').count()).resolves.toBe(0);
    await a.context.close();
  });
});
