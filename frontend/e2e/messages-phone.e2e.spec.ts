// In real browsers against the whole platform: direct messages say the
// follow rule before anyone types (with a Follow button), name the other person, show times, badge
// and toast a new message on other pages, drop the unread dot of the open conversation and answer
// a search without result; and at phone width (390x844) Messages, a lobby and Refer and Earn fit
// the screen, the lobby's "Private room" can be tapped, and Community is in the tabs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@murmur/contracts/errors';
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
  return (JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

/** How wide the page's content is, against the screen's 390 px. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  amy = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  bob = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('two new accounts', () => {
  // Signing in is part of the tests: on a loaded machine the build and stack take most of the hook's time.
  it('signs Amy in with an e-mail code', async () => {
    await signInWithEmail(amy, full.url, 'dm-amy@example.com');
    amyUid = await uidOf(amy);
  });
  it('signs Bob in with an e-mail code', async () => {
    await signInWithEmail(bob, full.url, 'dm-bob@example.com');
    bobUid = await uidOf(bob);
  });
});

describe('direct messages (point 8)', () => {
  it('says the follow rule before sending, with a Follow button, under a header naming the other person', async () => {
    await amy.goto(`${full.url}/messages?with=${bobUid}`);
    const rule = amy.getByTestId('dm-rule');
    await rule.waitFor({ timeout: 15_000 });
    expect(await rule.innerText()).toContain(texts.dmNeedsMutualFollow);
    expect(await amy.getByTestId('message-input').isDisabled()).toBe(true);
    const bobName = (await amy.getByTestId('thread-name').innerText()).trim();
    expect(bobName.length).toBeGreaterThan(2);
    expect(await amy.getByTestId('thread-header').getByRole('link').getAttribute('href')).toBe(`/profile?uid=${bobUid}`);

    await amy.getByTestId('dm-follow').click();
    await expect.poll(() => rule.innerText(), { timeout: 10_000 }).toContain('follows you back');
    await amy.screenshot({ path: path.join(shots, 'dm-follow-rule.png') });

    // Bob follows back from Amy's profile; Amy's composer opens without a reload.
    await bob.goto(`${full.url}/profile?uid=${amyUid}`);
    await bob.getByTestId('follow-button').click();
    await expect.poll(() => bob.getByTestId('follow-button').innerText()).toBe('Following');
    await expect.poll(() => amy.getByTestId('dm-rule').count(), { timeout: 20_000 }).toBe(0);
    expect(await amy.getByTestId('message-input').isDisabled()).toBe(false);
  });

  it('badges and toasts a new message on another page, with times in the conversation', async () => {
    await bob.goto(`${full.url}/wallet`);
    await bob.getByTestId('wallet-diamonds').waitFor();
    await amy.getByTestId('message-input').fill('Hi Bob, saw you in the lobby!');
    await amy.getByTestId('send-message').click();
    const toast = bob.getByTestId('toast').filter({ hasText: 'New message from' });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('Hi Bob, saw you in the lobby!');
    const badge = bob.getByRole('navigation', { name: 'Main menu' }).getByTestId('unread-badge');
    await expect.poll(() => badge.innerText().catch(() => ''), { timeout: 10_000 }).toBe('1');
    await bob.screenshot({ path: path.join(shots, 'dm-unread-badge.png') });

    // Bob opens the conversation from the list: no unread dot on the open thread, the badge goes.
    await bob
      .getByRole('link', { name: /Messages/ })
      .first()
      .click();
    await bob.getByTestId(`thread-${amyUid}`).getByTestId('unread-dot').waitFor();
    await bob.getByTestId(`thread-${amyUid}`).click();
    await bob.getByTestId('message').first().waitFor();
    expect(await bob.getByTestId(`thread-${amyUid}`).getByTestId('unread-dot').count()).toBe(0);
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(0);
    await bob.reload();
    await bob.getByTestId('message').first().waitFor();
    expect(await bob.getByTestId(`thread-${amyUid}`).getByTestId('unread-dot').count()).toBe(0);

    expect(await bob.getByTestId('day-heading').first().innerText()).toBe('Today');
    expect(await bob.getByTestId('message-time').first().innerText()).toMatch(/\d{1,2}:\d{2}/);
    await bob.getByTestId('message-input').fill('Hey Amy! Yes, that was me.');
    await bob.getByTestId('send-message').click();
    await expect.poll(() => amy.getByTestId('message').allInnerTexts(), { timeout: 15_000 }).toContain('Hey Amy! Yes, that was me.');
    // Amy has the conversation open: no toast for it.
    expect(await amy.getByTestId('toast').filter({ hasText: 'New message from' }).count()).toBe(0);
    await bob.screenshot({ path: path.join(shots, 'dm-conversation.png') });
  });

  it('says so when a search finds no conversation', async () => {
    await bob.getByTestId('thread-search').fill('nobody-by-this-name');
    await bob.getByTestId('no-thread-match').waitFor({ timeout: 10_000 });
    expect(await bob.getByTestId('no-thread-match').innerText()).toContain('No conversations match “nobody-by-this-name”');
  });
});

describe('at phone width 390x844 (point 9)', () => {
  let phone: Page;

  beforeAll(async () => {
    // Amy's session on a phone (same token and refresh cookie, so the same session).
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: await amy.context().storageState(),
    });
    await context.addInitScript(() => localStorage.setItem('murmur.mobileNoticeSeen', '1'));
    phone = await context.newPage();
  });

  it('fits Messages on the screen, the list and then the whole conversation', async () => {
    await phone.goto(`${full.url}/messages?with=${bobUid}`);
    await phone.getByTestId('message').first().waitFor({ timeout: 15_000 });
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
    const send = await phone.getByTestId('send-message').boundingBox();
    expect(send!.x + send!.width).toBeLessThanOrEqual(390);
    expect(send!.y + send!.height).toBeLessThanOrEqual(844);
    await phone.screenshot({ path: path.join(shots, 'phone-messages.png') });
    await phone.getByTestId('thread-back').click();
    await phone.waitForURL(`${full.url}/messages`);
    await phone.screenshot({ path: path.join(shots, 'phone-messages-list.png') });
    await phone.getByTestId(`thread-${bobUid}`).waitFor({ timeout: 15_000 });
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
  });

  it('has Community in the tabs', async () => {
    const tabs = phone.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('link', { name: 'Community' }).click();
    await phone.waitForURL(`${full.url}/foryou`);
  });

  it('lets a lobby member tap "Private room" above the tab bar, without sideways scrolling', async () => {
    await phone.goto(`${full.url}/`);
    await phone.getByTestId('create-lobby').click();
    await phone.fill('#lobby-title', 'Phone lobby');
    await phone.getByTestId('create-lobby-submit').click();
    await phone.waitForURL(/\/lobby\/[\w-]+$/, { timeout: 15_000 });
    await phone.getByTestId('open-create-room').waitFor();
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(shots, 'phone-lobby.png') });
    // A tap lands on the button only when nothing (the tab bar) covers it.
    await phone.getByTestId('open-create-room').click();
    await phone.locator('#room-title').waitFor();
    await phone.keyboard.press('Escape');
  });

  it('fits Refer and Earn on the screen', async () => {
    await phone.goto(`${full.url}/referral`);
    await phone.getByTestId('refer-and-earn').waitFor({ timeout: 15_000 });
    await expect.poll(() => phone.getByTestId('referral-code').innerText(), { timeout: 15_000 }).not.toBe('…');
    expect(await scrollWidth(phone)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(shots, 'phone-referral.png'), fullPage: true });
  });
});
