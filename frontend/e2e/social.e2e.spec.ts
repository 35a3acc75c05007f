// Social in two real browsers against the whole platform: two users follow each other from their
// profiles, exchange direct messages delivered live on users/{uid}, and a like on a post that the
// server refuses (the post was deleted meanwhile) shows at once and then rolls back.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let amy: Page;
let bob: Page;
let amyUid = '';
let bobUid = '';

async function uidOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('murmur.token'));
  const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return payload.sub;
}

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  amy = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  bob = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await signInWithEmail(amy, full.url, 'amy@example.com');
  await signInWithEmail(bob, full.url, 'bob@example.com');
  [amyUid, bobUid] = await Promise.all([uidOf(amy), uidOf(bob)]);
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().innerText()).trim();

describe('follow, live messages and a rolled-back like', () => {
  it('follows each other from the profile pages', async () => {
    await amy.goto(`${full.url}/profile?uid=${bobUid}`);
    await amy.getByTestId('follow-button').click();
    await expect.poll(() => text(amy, 'follower-count'), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => text(amy, 'follow-button')).toBe('Following');
    await bob.goto(`${full.url}/profile?uid=${amyUid}`);
    await bob.getByTestId('follow-button').click();
    await expect.poll(() => text(bob, 'follower-count'), { timeout: 10_000 }).toBe('1');
    await bob.screenshot({ path: path.join(shots, 'profile.png') });
  });

  it('exchanges messages that arrive live', async () => {
    await amy.goto(`${full.url}/messages?with=${bobUid}`);
    await bob.goto(`${full.url}/messages?with=${amyUid}`);
    await bob.getByTestId('message-input').waitFor();
    await amy.getByTestId('message-input').fill('Hi Bob, nice to meet you');
    await amy.getByTestId('send-message').click();
    await expect.poll(() => bob.getByTestId('message').allInnerTexts(), { timeout: 15_000 }).toContain('Hi Bob, nice to meet you');
    await bob.getByTestId('message-input').fill('Hello Amy!');
    await bob.getByTestId('send-message').click();
    await expect.poll(() => amy.getByTestId('message').allInnerTexts(), { timeout: 15_000 }).toContain('Hello Amy!');
    // Both the bubble and the thread list's preview show it, and it stays (no stale re-read drops it).
    await expect.poll(() => amy.getByText('Hello Amy!').count(), { timeout: 10_000 }).toBe(2);
    await amy.waitForTimeout(1000);
    expect(await amy.getByTestId('message').allInnerTexts()).toEqual(['Hi Bob, nice to meet you', 'Hello Amy!']);
    await amy.screenshot({ path: path.join(shots, 'messages.png') });
  });

  it('rolls the like count back when the server refuses the like', async () => {
    // Bob posts through the API; Amy opens his wall.
    const bobToken = await tokenOf(bob);
    const created = await fetch(`${full.url}/api/v1/user/wall/post`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bobToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'A post that will vanish' }),
    }).then((r) => r.json() as Promise<{ id: string; position: string }>);
    await amy.goto(`${full.url}/profile?uid=${bobUid}`);
    await amy.getByRole('tab', { name: 'Posts' }).click();
    const card = amy.getByTestId(`post-${created.id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('like-count').innerText()).toBe('0');

    // The post is deleted before Amy's like reaches the server; the like answer is held back a
    // moment so the optimistic count can be seen before the rollback.
    await fetch(`${full.url}/api/v1/user/wall/delete/${created.id}`, { method: 'POST', headers: { authorization: `Bearer ${bobToken}` } });
    await amy.route('**/like', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await card.getByTestId('like-button').click();
    expect(await card.getByTestId('like-count').innerText()).toBe('1');
    await expect.poll(() => card.getByTestId('like-count').innerText(), { timeout: 10_000 }).toBe('0');
    expect(await card.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false');
  });

  it('asks before leaving the edit-profile page with unsaved changes, then saves', async () => {
    await amy.unroute('**/like');
    await amy.goto(`${full.url}/edit-profile`);
    await amy.locator('#bio').fill('Hello from the browser test');
    await amy.getByRole('link', { name: 'Community' }).first().click();
    await amy.getByTestId('unsaved-changes').waitFor();
    await amy.getByRole('button', { name: 'Stay' }).click();
    // The dialog hands focus back as it closes; typing before that lands beside the selection.
    await amy.getByTestId('unsaved-changes').waitFor({ state: 'detached' });
    expect(new URL(amy.url()).pathname).toBe('/edit-profile');
    await amy.locator('#bio').fill('x'.repeat(121));
    expect(await amy.getByTestId('bio-error').innerText()).toBe('This field must not be more than 120 characters.');
    await amy.locator('#bio').fill('Hello from the browser test');
    await amy.getByTestId('save-profile').click();
    await amy.waitForURL(/\/profile$/, { timeout: 10_000 });
    await expect.poll(() => amy.getByText('Hello from the browser test').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
