// Bad input in each form shows the spec's text (section 5), in a real browser against the real
// stack; plus the 404 and 401 pages and the logged-out redirect.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { finishTerms, latestCode } from './session.ts';

let full: FullStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const alertText = (id: string) => page.getByTestId(`${id}-error`).innerText();

describe('routes for a logged-out visitor', () => {
  it('sends a visitor without a token home, except on a room path', async () => {
    await page.goto(`${full.url}/wallet`);
    await page.waitForURL(`${full.url}/`);
    await page.goto(`${full.url}/room/no-such-room`);
    await page.getByRole('heading', { name: 'This room does not exist.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/room/no-such-room');
  });

  it('shows the 404 and 401 pages', async () => {
    await page.goto(`${full.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${full.url}/unauthorized`);
    expect(await page.getByTestId('unauthorized').innerText()).toContain('You do not have permissions to access this page.');
  });
});

describe('on a phone', () => {
  it('shows the mobile-coming-soon announcement and the bottom tabs instead of the side menu', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await phone.goto(`${full.url}/`);
    expect(await phone.getByTestId('mobile-notice').innerText()).toContain('Mobile support is coming soon.');
    expect(await phone.getByRole('navigation', { name: 'Tabs' }).isVisible()).toBe(true);
    expect(await phone.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await phone.context().close();
  });
});

describe('every form shows the spec texts', () => {
  it('sign-in: e-mail, code and the 18+ terms step', async () => {
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-email').click();
    await page.getByTestId('send-code').click();
    expect(await alertText('login-email-input')).toBe('Please enter your email.');
    await page.fill('#login-email-input', 'not-an-email');
    await page.getByTestId('send-code').click();
    expect(await alertText('login-email-input')).toBe('Email is invalid.');

    await page.fill('#login-email-input', 'forms@example.com');
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').fill('123');
    await page.getByTestId('verify-code').click();
    expect(await page.getByTestId('otp-error').innerText()).toBe('Enter the 6-digit code.');
    const code = await latestCode(full.url, 'forms@example.com');
    await page.locator('#otp-input').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('verify-code').click();
    expect(await page.getByTestId('otp-error').innerText()).toBe('The code is invalid or has expired. Please request a new one.');
    await page.locator('#otp-input').fill(code);
    await page.getByTestId('verify-code').click();

    await page.getByTestId('terms-step').waitFor();
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    await page.fill('#birthday', young.toISOString().slice(0, 10));
    await page.getByTestId('agree-checkbox').check();
    await page.getByTestId('agree').click();
    expect(await alertText('birthday')).toBe('You must be at least 18 years old.');
    await finishTerms(page);
  });

  it('create lobby: title, 120 characters, languages and required diamonds', async () => {
    await page.getByTestId('create-lobby').click();
    await page.fill('#lobby-description', 'x'.repeat(121));
    await page.fill('#lobby-required', 'abc');
    await page.getByRole('button', { name: 'Filipino' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByTestId('create-lobby-submit').click();
    expect(await alertText('lobby-title')).toBe('Title is required.');
    expect(await alertText('lobby-description')).toBe('This field must not be more than 120 characters.');
    expect(await alertText('lobby-required')).toBe('Invalid required balance');
    expect(await alertText('lobby-languages')).toBe('Choose up to 2 languages.');

    await page.fill('#lobby-title', 'Form checks');
    await page.fill('#lobby-description', 'All good now');
    await page.fill('#lobby-required', '0');
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByTestId('create-lobby-submit').click();
    await page.waitForURL(/\/lobby\/[\w-]+$/);
  });

  it('chat: the rate-limit text', async () => {
    await page.getByTestId('chat-input').waitFor();
    await expect.poll(() => page.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 15_000 }).toBeTruthy();
    for (let i = 0; i < 7; i++) {
      await page.fill('[data-testid="chat-input"]', `hello ${i}`);
      await page.getByTestId('chat-send').click();
      await page.waitForTimeout(80);
    }
    await expect
      .poll(
        () =>
          page
            .getByTestId('chat-error')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('You are sending messages too quickly.');
  });

  it('private room: title characters', async () => {
    await page.getByTestId('open-create-room').click();
    await page.fill('#room-title', 'bad<title>');
    await page.getByTestId('create-room-submit').click();
    expect(await alertText('room-title')).toBe('Room title may contain letters, numbers and emojis only.');
    await page.fill('#room-title', '');
    await page.getByTestId('create-room-submit').click();
    expect(await alertText('room-title')).toBe('Title is required.');
    await page.keyboard.press('Escape');
  });

  it('an invalid invite link says so, then redirects home', async () => {
    const lobbyPath = new URL(page.url()).pathname;
    await page.goto(`${full.url}${lobbyPath}?invite=not!valid`);
    await page.getByTestId('toast').filter({ hasText: 'Invalid invite link redirecting you back shortly.' }).waitFor();
    await page.waitForURL(`${full.url}/`, { timeout: 10_000 });
  });

  it('top-up: the amount bounds and the transaction hash', async () => {
    await page.goto(`${full.url}/wallet`);
    await page.getByTestId('top-up').click();
    await page.getByTestId('skip-offer').click();
    await page.fill('#crypto-amount', '0');
    await page.fill('#crypto-hash', '0x1234');
    await page.getByTestId('crypto-submit').click();
    expect(await alertText('crypto-amount')).toBe('Amount must be between 1 and 5000');
    expect(await alertText('crypto-hash')).toBe('Enter a valid transaction hash (0x followed by 64 hex characters).');
    expect(await alertText('crypto-address')).toBe('Wallet address is required.');

    await page.getByRole('tab', { name: 'Card' }).click();
    await page.fill('#topup-amount', '6000');
    await page.getByTestId('card-continue').click();
    expect(await alertText('topup-amount')).toBe('Amount must be between 1 and 5000');
  });
});

describe('session (docs/decisions/frontend.md)', () => {
  const tamper = () =>
    page.evaluate(() => {
      const token = localStorage.getItem('murmur.token')!;
      // Same claims, broken signature: the server answers 401.
      localStorage.setItem('murmur.token', `${token.slice(0, token.lastIndexOf('.'))}.bad-signature`);
    });

  it('refreshes the token once on a 401 and retries, staying signed in', async () => {
    await page.goto(`${full.url}/wallet`);
    await page.getByTestId('wallet-diamonds').waitFor();
    await tamper();
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('murmur.token')?.endsWith('.bad-signature')), { timeout: 15_000 })
      .toBe(false);
    await page.getByTestId('account-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet');
  });

  it('logs out fully when the refresh fails', async () => {
    await page.context().clearCookies();
    await tamper();
    await page.reload();
    await page.getByTestId('sign-in').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('murmur.token'))).toBeNull();
    await page.waitForURL(`${full.url}/`);
  });
});
