// Presence must not go stale. Two browsers are in a lobby; one closes its page.
// Within the grace period the other sees the member count drop and the member leave the audience,
// live, without a reload. A reload inside the grace keeps the member in.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { PRESENCE_GRACE_MS, startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let visitorContext: BrowserContext;
let visitor: Page;
let lobbyUrl = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  visitor = await visitorContext.newPage();
});

afterAll(async () => {
  if (process.env.PRESENCE_DEBUG) {
    const { rows } = await full.stack.db.pool.query(
      `select stream_id, type, data::text, created_at from events where stream_id like 'lobby-%' or stream_id like 'presence-%' order by global_position`,
    );
    console.log(rows.map((r) => `${r.created_at.toISOString()} ${r.stream_id} ${r.type} ${r.data}`).join('\n'));
    console.log(
      (await full.stack.db.pool.query('select * from realtime_gateways')).rows,
      (await full.stack.db.pool.query('select * from rm.lobby_presence')).rows,
    );
  }
  await browser?.close();
  await full?.stop();
});

const users = async (page: Page) => Number(await page.getByTestId('lobby-users').innerText());
const audienceNames = async (page: Page) => {
  const audience = page.getByTestId('audience');
  return (await audience.count()) === 0 ? '' : audience.innerText();
};

describe('presence in a lobby', () => {
  it('a host opens a lobby', async () => {
    await signInWithEmail(host, full.url, 'presence-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Squad up');
    await host.fill('#lobby-tag', 'games');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();
    await expect.poll(() => users(host), { timeout: 15_000 }).toBe(1);
  });

  it('counts a second browser in', async () => {
    await signInAsGuest(visitor, full.url);
    await visitor.goto(lobbyUrl);
    await expect.poll(() => users(host), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => audienceNames(host), { timeout: 10_000 }).not.toBe('');
  });

  it('keeps a member who reloads within the grace period', async () => {
    await visitor.reload();
    await visitor.getByTestId('lobby-title').waitFor();
    // Longer than the gateway's debounce plus the grace: still in, since the reload reconnected.
    await host.waitForTimeout(1_000 + PRESENCE_GRACE_MS + 1_500);
    expect(await users(host)).toBe(2);
  });

  it('takes a member who closed the page out of the audience, live, within the grace period', async () => {
    await visitor.close();
    const closedAt = Date.now();
    await expect.poll(() => users(host), { timeout: 1_000 + PRESENCE_GRACE_MS + 6_000, interval: 250 }).toBe(1);
    expect(Date.now() - closedAt).toBeLessThan(1_000 + PRESENCE_GRACE_MS + 6_000);
    await expect.poll(() => audienceNames(host), { timeout: 5_000 }).toBe('');
    await host.screenshot({ path: path.join(shots, 'presence-after-leave.png') });
    // Still there for whoever stays.
    expect(await host.getByTestId('seat-0').getAttribute('data-uid')).toBeTruthy();
  });
});
