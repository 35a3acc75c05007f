// What a person met on the demo, at 1280x800 and 390x844, each checked in a real browser against
// the whole platform: feed authors lead to their profiles, an empty lobby is not advertised as live,
// and the other screens named in the tests below say what is true.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lobbyTexts } from '@murmur/contracts/lobbies';
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
const phone = { width: 390, height: 844 };

async function pageAs(user: Pick<User, 'token'>, viewport = desktop): Promise<{ context: BrowserContext; page: Page }> {
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
  await Promise.all([
    call(amy, 'PUT', '/user/profile/details', { username: 'amy_defects' }),
    call(bob, 'PUT', '/user/profile/details', { username: 'bob_defects' }),
  ]);
  // Amy buys 5,000 diamonds and sends Bob 10 roses: 4,900 diamonds left to her, 50 charm to him.
  await call(amy, 'POST', '/payment/topup/pay', { channelCode: 'sandbox', value: 50, currency: 'USD' });
  await call(amy, 'POST', '/gifting/send-gift', { giftName: 'rose', quantity: 10, recipients: [bob.uid] });
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
    await expect
      .poll(async () => (await call<{ userCount?: number; users?: unknown[] }>(bob, 'GET', `/lobbies/${lobbyId}`)).userCount, {
        timeout: 20_000,
      })
      .toBe(0);
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/`);
    const card = page.locator(`[data-testid="lobby-card"][data-lobby-id="${lobbyId}"]`);
    await card.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'home-empty-lobby.png') });
    expect(await card.innerText()).not.toContain('LIVE');
    expect(await card.getByTestId('lobby-state').innerText()).toBe('Empty');
    await context.close();
  });

  it('keeps "Interact to Earn" in the web app and shows what a web account can earn there', async () => {
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/`);
    await page.getByRole('link', { name: 'Interact to Earn' }).first().click();
    await page.waitForURL((u) => u.pathname === '/earn', { timeout: 10_000 });
    const earn = page.getByTestId('earn-page');
    await earn.waitFor();
    // The web shell stays: its side menu is still there.
    await page.getByRole('link', { name: 'Refer and Earn' }).first().waitFor();
    await expect.poll(() => page.getByTestId('earn-mission').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('earn-quests').waitFor();
    await page.getByTestId('earn-referral').waitFor();
    const text = await earn.innerText();
    expect(text).not.toMatch(/telegram/i);
    expect(text).not.toMatch(/tutorial/i);
    await page.screenshot({ path: path.join(shots, 'earn-desktop.png'), fullPage: true });
    for (const [button, to] of [
      ['earn-open-missions', '/mission-center'],
      ['earn-open-quests', '/quests'],
      ['earn-open-referral', '/referral'],
    ] as const) {
      await page.getByTestId(button).click();
      await page.waitForURL((u) => u.pathname === to, { timeout: 10_000 });
      await page.goBack();
      await earn.waitFor();
    }
    await page.setViewportSize(phone);
    await page.screenshot({ path: path.join(shots, 'earn-phone.png'), fullPage: true });
    await context.close();
  });

  it('puts the name right under the avatar on a phone profile', async () => {
    const { context, page } = await pageAs(amy, phone);
    await page.goto(`${full.url}/profile`);
    const name = page.getByTestId('profile-username');
    await name.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'profile-phone.png') });
    const avatar = (await page.getByTestId('profile-avatar').boundingBox())!;
    const title = (await name.boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(avatar.y + avatar.height);
    expect(title.y - (avatar.y + avatar.height)).toBeLessThan(30);
    await context.close();
  });

  it('states the withdrawal limits in the same units as the amount, and promises no sum it would refuse', async () => {
    const { context, page } = await pageAs(bob);
    await page.goto(`${full.url}/wallet`);
    await expect.poll(() => page.getByTestId('wallet-charm').innerText(), { timeout: 15_000 }).toBe('50');
    await page.getByTestId('withdraw').click();
    const modal = page.getByTestId('withdraw-modal');
    await expect.poll(() => modal.getByTestId('withdraw-available').innerText(), { timeout: 10_000 }).toBe('Available: 50 charm ($0.50)');
    await page.fill('#withdraw-amount', '500');
    const summary = modal.getByTestId('withdraw-summary');
    expect(await summary.innerText()).toBe('Withdrawals start at 500 charm ($5.00); you have 50 charm ($0.50).');
    expect(await modal.innerText()).not.toContain('You receive');
    expect(await modal.getByTestId('withdraw-next').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'withdraw-short.png') });
    await context.close();
  });

  it('says how many diamonds are missing for VIP instead of a negative balance', async () => {
    const { diamonds } = await call<{ diamonds: number }>(amy, 'GET', '/wallet/balance');
    expect(diamonds).toBe(4900);
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/privilege-center`);
    await page.getByTestId('open-vip').click();
    const dialog = page.getByTestId('purchase-dialog');
    await expect.poll(() => dialog.getByTestId('balance-after').innerText(), { timeout: 10_000 }).toBe('7,100 💎 more');
    const text = await dialog.innerText();
    expect(text).not.toMatch(/[-−]\s?7,?100/);
    expect(text).not.toContain('Balance after');
    await page.screenshot({ path: path.join(shots, 'vip-short.png') });
    await context.close();
  });

  it('has a real About page that says what Murmur is and leads to help', async () => {
    const context = await browser.newContext({ viewport: phone });
    await context.addInitScript(() => localStorage.setItem('murmur.mobileNoticeSeen', '1'));
    const page = await context.newPage();
    await page.goto(`${full.url}/about`);
    const about = page.getByTestId('about-page');
    await about.waitFor({ timeout: 15_000 });
    const text = await about.innerText();
    expect(text).toContain('voice lobbies');
    expect(text).not.toContain('Nothing here yet');
    await page.screenshot({ path: path.join(shots, 'about-phone.png'), fullPage: true });
    await page.getByTestId('about-help').click();
    await page.waitForURL((u) => u.pathname === '/help', { timeout: 10_000 });
    await context.close();
  });

  it('finds a GIF in the chat picker for each word people type most', async () => {
    const { lobbyId } = await call<{ lobbyId: string }>(amy, 'POST', '/lobbies', { title: 'GIF words' });
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/lobby/${lobbyId}`);
    await page.getByTestId('open-gifs-picker').click();
    const search = page.getByTestId('gif-search');
    const words = [
      'cat',
      'dog',
      'happy',
      'love',
      'lol',
      'wow',
      'yes',
      'no',
      'thanks',
      'party',
      'dance',
      'sad',
      'angry',
      'hello',
      'bye',
      'clap',
      'kitty',
      'puppies',
    ];
    for (const word of words) {
      const answered = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/v1/gifs/search' && url.searchParams.get('q') === word;
      });
      await search.fill(word);
      const { items } = (await (await answered).json()) as { items: Array<{ id: string; url: string }> };
      expect(items.length, word).toBeGreaterThan(0);
      // Each is a file we serve, shown in the picker.
      const tile = page.getByTestId(`gif-${items[0]!.id}`).locator('img');
      await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(160);
      expect(items.every((i) => i.url.startsWith('/gifs/'))).toBe(true);
    }
    await search.fill('cat');
    await page.getByTestId('gif-cat').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, 'gif-cat.png') });
    await context.close();
  });

  it("says plainly on the default crypto tab that the demo's deposit address is no real one, and leads to the sandbox card", async () => {
    const { context, page } = await pageAs(amy, phone);
    await page.goto(`${full.url}/wallet`);
    await page.getByTestId('top-up').click();
    const offer = page.getByTestId('skip-offer');
    if (await offer.isVisible().catch(() => false)) await offer.click();
    const modal = page.getByTestId('top-up-modal');
    await modal.getByTestId('deposit-address').waitFor({ timeout: 10_000 });
    expect(await modal.getByRole('tab', { name: 'Crypto wallet' }).getAttribute('aria-selected')).toBe('true');
    const notice = modal.getByTestId('deposit-demo-notice');
    expect(await notice.innerText()).toContain('Demo mode: no real money here.');
    expect(await notice.innerText()).toContain('nothing sent to it is ever credited');
    await page.screenshot({ path: path.join(shots, 'top-up-demo-crypto.png') });
    await notice.getByTestId('deposit-demo-use-card').click();
    expect(await modal.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    await modal.getByTestId('card-continue').waitFor();
    await context.close();
  });

  it('tells a signed-in non-member that a private lobby is joined by invite, from its card and from its link', async () => {
    const { lobbyId } = await call<{ lobbyId: string }>(bob, 'POST', '/lobbies', { kind: 'private', title: 'Invite only lounge' });
    const { context, page } = await pageAs(amy);
    await page.goto(`${full.url}/`);
    const card = page.locator(`[data-testid="lobby-card"][data-lobby-id="${lobbyId}"]`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('lobby-kind').innerText()).toMatch(/private/i);
    await card.click();
    const notice = page.getByTestId('toast').filter({ hasText: lobbyTexts.privateInviteOnly });
    await notice.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.screenshot({ path: path.join(shots, 'private-lobby-card-notice.png') });
    await context.close();

    const fresh = await pageAs(amy, phone);
    await fresh.page.goto(`${full.url}/lobby/${lobbyId}`);
    await fresh.page.getByTestId('toast').filter({ hasText: lobbyTexts.privateInviteOnly }).waitFor({ timeout: 15_000 });
    await fresh.page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    // The home page, its lobby list loaded, under the notice (not the refused lobby's page).
    await fresh.page.getByTestId('lobby-card').first().waitFor({ timeout: 15_000 });
    expect(await fresh.page.getByTestId('toast').filter({ hasText: lobbyTexts.privateInviteOnly }).count()).toBe(1);
    await fresh.page.screenshot({ path: path.join(shots, 'private-lobby-link-notice-phone.png') });
    await fresh.context.close();
  });

  it("shows a reported sticker and GIF in the console's queue as the chat shows them, and a reported text as its words", async () => {
    const { lobbyId } = await call<{ lobbyId: string }>(amy, 'POST', '/lobbies', { title: 'Sticker corner' });
    const sticker = await call<{ messageId: string }>(amy, 'POST', `/lobbies/${lobbyId}/chat`, {
      payload: { messageType: 'sticker', body: '/gifs/cat.svg' },
    });
    const text = await call<{ messageId: string }>(amy, 'POST', `/lobbies/${lobbyId}/chat`, {
      payload: { messageType: 'text', body: 'plain words here' },
    });
    const gif = await call<{ messageId: string }>(amy, 'POST', `/lobbies/${lobbyId}/chat`, {
      payload: { messageType: 'gif', body: '/gifs/cat.gif' },
    });
    // A report is read from the chat's read model: wait until both lines are in it.
    await expect
      .poll(
        async () => {
          const history = await call<{ items: Array<{ messageId: string }> }>(bob, 'GET', `/lobbies/${lobbyId}/chat?limit=50`);
          return [sticker.messageId, text.messageId, gif.messageId].every((id) => history.items.some((m) => m.messageId === id));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const report = (messageId: string) =>
      call<{ reportId: string }>(bob, 'POST', '/reports', { target: { kind: 'message', lobbyId, messageId }, reason: 'Spam' });
    const [stickerReport, textReport, gifReport] = [
      await report(sticker.messageId),
      await report(text.messageId),
      await report(gif.messageId),
    ];
    const admin = await signUpWithWallet(full.url);
    const { context, page } = await pageAs({ token: await full.stack.tokenFor(admin.uid, ['co', 'ad']) });
    await page.goto(`${full.url}/console/reports`);
    const stickerCard = page.locator(`[data-testid="report-card"][data-report-id="${stickerReport.reportId}"]`);
    await stickerCard.waitFor({ timeout: 20_000 });
    const content = stickerCard.getByTestId('report-content');
    const image = content.getByRole('img', { name: 'Sticker' });
    await image.waitFor();
    expect(await content.innerText()).not.toContain('/gifs/');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(64);
    expect(box.height).toBeLessThanOrEqual(64);
    const textCard = page.locator(`[data-testid="report-card"][data-report-id="${textReport.reportId}"]`);
    expect(await textCard.getByTestId('report-content').innerText()).toBe('plain words here');
    // A GIF shows as the GIF, not its address.
    const gifContent = page.locator(`[data-testid="report-card"][data-report-id="${gifReport.reportId}"]`).getByTestId('report-content');
    const gifImage = gifContent.getByRole('img', { name: 'GIF' });
    await gifImage.waitFor();
    expect(await gifContent.innerText()).not.toContain('/gifs/');
    await expect.poll(() => gifImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await gifImage.boundingBox())!.width).toBeLessThanOrEqual(240);
    await stickerCard.screenshot({ path: path.join(shots, 'console-reported-sticker.png') });
    await gifContent.screenshot({ path: path.join(shots, 'console-reported-gif.png') });
    await context.close();
  });

  it('fits all leaderboard tabs on a phone without sideways scrolling', async () => {
    const { context, page } = await pageAs(amy, phone);
    await page.goto(`${full.url}/leaderboards`);
    await page.getByTestId('global-leaderboard').waitFor({ timeout: 15_000 });
    const tabs = page.getByTestId('global-leaderboard').getByRole('tab');
    expect(await tabs.count()).toBe(6);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    // No tab list scrolls inside itself either: what is not in view cannot be tapped.
    const lists = page.getByTestId('global-leaderboard').getByRole('tablist');
    for (const list of await lists.all()) {
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: path.join(shots, 'leaderboard-tabs-phone.png') });
    await page.getByTestId('board-perfect_pair').click();
    expect(await page.getByTestId('board-perfect_pair').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.getByTestId('board-users').click();
    await page.getByTestId('frequency-monthly').click();
    expect(await page.getByTestId('frequency-monthly').getAttribute('aria-selected')).toBe('true');
    await page.setViewportSize(desktop);
    await page.screenshot({ path: path.join(shots, 'leaderboard-tabs-desktop.png') });
    await context.close();
  });
});
