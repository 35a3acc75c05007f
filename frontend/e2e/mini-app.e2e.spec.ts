// The Telegram mini-app in a real browser, opened the way Telegram opens it: launch parameters in
// the URL hash (initData signed with the bot token, version, platform, theme) and Telegram's
// `TelegramWebviewProxy` recording what the app asks of Telegram (back button, haptics). It signs in
// without a click, claims the daily reward once, switches tabs at 390x844; forged and stale initData
// leave it signed out with identity's texts; the web login's Telegram button follows the launch.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@tma.js/init-data-node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts } from '@murmur/contracts';
import { DEMO_BOT_TOKEN } from '../../command-api/src/identity/config.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { finishTerms } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let lobbyId = '';

const theme = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_bg_color: '#17212b',
};

function launchHash(initData: string): string {
  const params = new URLSearchParams([
    ['tgWebAppData', initData],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'android'],
    ['tgWebAppThemeParams', JSON.stringify(theme)],
  ]);
  return `#${params.toString()}`;
}

const signed = (user: Record<string, unknown>, authDate = new Date()) =>
  sign(
    { user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender', chat_instance: '8428209589180549439' } as never,
    DEMO_BOT_TOKEN,
    authDate,
  );

/** A phone-sized page inside "Telegram": its webview proxy records every event the app posts. */
async function telegramPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    const posted: Array<[string, unknown]> = [];
    (window as unknown as { __tgPosted: typeof posted }).__tgPosted = posted;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent: (type: string, data: string) => posted.push([type, data ? JSON.parse(data) : null]),
    };
    localStorage.setItem('murmur.mobileNoticeSeen', '1');
  });
  return { context, page: await context.newPage() };
}

const posted = (page: Page) => page.evaluate(() => (window as unknown as { __tgPosted: Array<[string, unknown]> }).__tgPosted);
const token = (page: Page) => page.evaluate(() => localStorage.getItem('murmur.token'));

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  const host = await signUpWithWallet(full.url);
  const res = await fetch(`${full.url}/api/v1/lobbies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ title: 'Telegram lounge' }),
  });
  lobbyId = ((await res.json()) as { lobbyId: string }).lobbyId;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('Telegram mini-app', () => {
  it('signs in without a click, claims the daily reward once, switches tabs', async () => {
    const { page, context } = await telegramPage();
    await page.goto(`${full.url}/mini-app${launchHash(signed({ id: 5550001, first_name: 'Tom', username: 'tom_tg' }))}`);
    // Signed in before any click: the token is there and the terms step (a new account) asks for the birthday.
    await expect.poll(() => token(page), { timeout: 15_000 }).not.toBeNull();
    await page.getByTestId('terms-step').waitFor();
    // Telegram's theme is the app's palette.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())).toBe('#17212b');
    await finishTerms(page);

    // The tutorial, once: 3 steps.
    const tutorial = page.getByTestId('mini-tutorial');
    await tutorial.waitFor();
    await page.screenshot({ path: path.join(shots, 'mini-app-tutorial.png') });
    await page.getByTestId('tutorial-next').click();
    await page.getByTestId('tutorial-next').click();
    expect(await page.getByTestId('tutorial-next').innerText()).toBe('Start');
    await page.getByTestId('tutorial-next').click();
    await tutorial.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('murmur.miniAppTutorialSeen'))).toBe('1');
    await expect.poll(() => page.getByTestId('mini-username').innerText(), { timeout: 10_000 }).toMatch(/^tom_tg\d{4}$/);
    await page.screenshot({ path: path.join(shots, 'mini-app-home.png') });

    // Earn: claim once, then the countdown.
    await page.getByTestId('mini-tab-earn').click();
    // Off the home tab, Telegram's back button is shown (Telegram keeps its state across a reload).
    await expect
      .poll(async () => (await posted(page)).filter(([type]) => type === 'web_app_setup_back_button').at(-1)?.[1])
      .toEqual({ is_visible: true });
    await page.getByTestId('claim-button').click();
    await page.getByTestId('claim-countdown').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('claim-countdown-time').innerText()).toMatch(/^2[34]:\d\d:\d\d$/);
    await expect.poll(() => page.getByTestId('mini-balance-chip').innerText(), { timeout: 10_000 }).toContain('10');
    expect(
      (await posted(page)).some(
        ([type, data]) => type === 'web_app_trigger_haptic_feedback' && (data as { type?: string })?.type === 'notification',
      ),
    ).toBe(true);
    await page.screenshot({ path: path.join(shots, 'mini-app-earn.png') });
    // A second claim is refused by the server, and the page after a reload still counts down.
    const second = await fetch(`${full.url}/api/v1/claim/tg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(second.status).toBe(422);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(identityTexts.alreadyClaimed);
    await page.reload();
    await page.getByTestId('claim-countdown').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('claim-button').count()).toBe(0);
    expect(await page.getByTestId('mini-tutorial').count()).toBe(0);
    await expect.poll(() => page.getByTestId('mini-balance-chip').innerText(), { timeout: 10_000 }).toContain('10');

    // Refer: the link goes out through Telegram's share URL.
    await page.getByTestId('mini-tab-refer').click();
    const share = page.getByTestId('share-telegram');
    await share.waitFor({ timeout: 15_000 });
    const href = (await share.getAttribute('href'))!;
    expect(href.startsWith('https://t.me/share/url?url=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(await page.getByTestId('referral-link').innerText());
    await page.screenshot({ path: path.join(shots, 'mini-app-refer.png') });

    // Top and missions.
    await page.getByTestId('mini-tab-top').click();
    await page.getByTestId('global-leaderboard').waitFor();
    // The board and period switches fit the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // Not ranked yet: the sentence in place of a rank is read whole, not cut like a long name.
    const note = page.getByTestId('my-rank').getByText(/Not ranked yet/);
    expect(await note.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: path.join(shots, 'mini-app-top.png') });
    await page.getByTestId('mini-tab-missions').click();
    await page.getByTestId('missions-summary').waitFor();
    await page.screenshot({ path: path.join(shots, 'mini-app-missions.png') });
    await page.getByTestId('mini-tab-inbox').click();
    await page.getByTestId('empty-state').or(page.getByTestId('notification-list')).first().waitFor();

    // Engage: a live lobby opens inside the mini-app.
    await page.getByTestId('mini-tab-engage').click();
    await page.locator('[data-testid="mini-lobby"]', { hasText: 'Telegram lounge' }).click();
    await page.waitForURL(`**/mini-app/lobby/${lobbyId}`);
    await expect.poll(() => page.getByTestId('lobby-title').innerText(), { timeout: 15_000 }).toBe('Telegram lounge');
    await page.getByTestId('lobby-controls').waitFor();
    expect(await page.getByTestId('mini-app').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'mini-app-lobby.png') });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByTestId('mini-tab-home').click();
    await page.getByTestId('mini-home').waitFor();
    await expect
      .poll(async () => (await posted(page)).filter(([type]) => type === 'web_app_setup_back_button').at(-1)?.[1])
      .toEqual({ is_visible: false });
    await context.close();
  });

  it('stays signed out with the texts for forged and stale initData', async () => {
    const { page, context } = await telegramPage();
    const genuine = signed({ id: 5550002, first_name: 'Eve' });
    const forged = genuine.replace(/user=[^&]+/, `user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'Admin' }))}`);
    await page.goto(`${full.url}/mini-app${launchHash(forged)}`);
    await expect.poll(() => page.getByTestId('mini-signin-error').innerText(), { timeout: 15_000 }).toBe(identityTexts.telegramInvalid);
    expect(await token(page)).toBeNull();
    expect(await page.getByTestId('mini-app').getAttribute('data-signed-in')).toBe('false');
    expect(await page.getByTestId('mini-tab-earn').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'mini-app-forged.png') });
    await context.close();

    const stale = await telegramPage();
    await stale.page.goto(
      `${full.url}/mini-app${launchHash(signed({ id: 5550003, first_name: 'Old' }, new Date(Date.now() - 2 * 3600_000)))}`,
    );
    await expect.poll(() => stale.page.getByTestId('mini-signin-error').innerText(), { timeout: 15_000 }).toBe(identityTexts.telegramStale);
    expect(await token(stale.page)).toBeNull();
    await stale.context.close();
  });

  it("enables the web login's Telegram button only inside Telegram", async () => {
    const outside = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const web = await outside.newPage();
    await web.goto(`${full.url}/`);
    await web.getByTestId('sign-in').click();
    await web.getByTestId('telegram-hint').waitFor();
    expect(await web.getByTestId('login-telegram').count()).toBe(0);
    await outside.close();

    const { page, context } = await telegramPage();
    await page.goto(`${full.url}/${launchHash(signed({ id: 5550001, first_name: 'Tom', username: 'tom_tg' }))}`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-telegram').click();
    await page.getByTestId('login-success').waitFor({ timeout: 15_000 });
    expect(await token(page)).not.toBeNull();
    await context.close();
  });
});
