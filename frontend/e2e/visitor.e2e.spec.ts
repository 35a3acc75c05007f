// As a visitor would meet them.
// 3: a visitor who opens a lobby card or a shared lobby link sees the lobby read-only with a sign-in
//    prompt, and after signing in is in that lobby; a page that needs an account says why it sends
//    the visitor home, and returns there after sign-in.
// 4: closing the sign-in modal after a code was sent keeps the code step and its countdown: opening
//    it again (or reloading) goes back to the code, and asking again for the same address never
//    ends in "Please wait before requesting a new code." with no way forward.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@murmur/contracts/constants';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { finishTerms, latestCode, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let lobbyUrl = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInWithEmail(host, full.url, 'visitor-host@example.com');
  await host.getByTestId('create-lobby').click();
  await host.fill('#lobby-title', 'Open mic night');
  await host.fill('#lobby-tag', 'music');
  await host.getByTestId('create-lobby-submit').click();
  await host.waitForURL(/\/lobby\/[\w-]+$/);
  lobbyUrl = host.url();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

async function visitorPage(width = 1280, height = 800): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height } })).newPage();
}

const mailCount = async (email: string) => {
  const res = await fetch(`${full.url}/api/v1/dev/mailbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { items: unknown[] }).items.length;
};

describe('a visitor and a lobby', () => {
  it('opens a lobby card read-only, with a sign-in prompt', async () => {
    const page = await visitorPage();
    await page.goto(`${full.url}/`);
    const card = page.getByTestId('lobby-card').filter({ hasText: 'Open mic night' });
    await card.waitFor({ timeout: 15_000 });
    await card.click();
    await page.getByTestId('lobby-title').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(lobbyUrl);
    expect(await page.getByTestId('lobby-title').innerText()).toBe('Open mic night');
    await page.getByTestId('visitor-banner').waitFor();
    expect(await page.getByTestId('visitor-banner').innerText()).toContain('Sign in to chat');
    expect(await page.getByText('Register or log in to chat').isVisible()).toBe(true);
    // The host is on stage for the visitor too.
    await expect.poll(() => page.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 10_000 }).toBeTruthy();
    await page.screenshot({ path: path.join(shots, 'visitor-lobby.png') });
    await page.context().close();
  });

  it('opens a shared link at phone width, signs in from the lobby and lands in it', async () => {
    const page = await visitorPage(390, 844);
    await page.goto(lobbyUrl);
    await page.getByTestId('visitor-banner').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'visitor-lobby-phone.png') });
    await page.getByTestId('visitor-sign-in').click();
    await page.getByTestId('login-guest').click();
    await finishTerms(page);
    expect(page.url()).toBe(lobbyUrl);
    await page.getByTestId('request-mic').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('visitor-banner').count()).toBe(0);
    await expect.poll(async () => Number(await host.getByTestId('lobby-users').innerText()), { timeout: 15_000 }).toBe(2);
    await page.context().close();
  });

  it('says why a page that needs an account sends the visitor home, and returns there after sign-in', async () => {
    const page = await visitorPage();
    await page.goto(`${full.url}/wallet`);
    await page.waitForURL(`${full.url}/`);
    // Once, in the toast on screen (not its screen-reader copy).
    const why = page.getByTestId('toast').filter({ hasText: 'Please sign in to see this page.' });
    await why.waitFor({ timeout: 10_000 });
    expect(await why.count()).toBe(1);
    await page.getByTestId('login-modal').waitFor();
    await page.screenshot({ path: path.join(shots, 'visitor-sign-in-required.png') });
    await page.getByTestId('login-guest').click();
    await finishTerms(page);
    await page.waitForURL(`${full.url}/wallet`, { timeout: 10_000 });
    await page.context().close();
  });
});

describe('the e-mail code step survives closing the sign-in modal', () => {
  const email = 'closer@example.com';

  it('returns to the code step with the countdown after closing and reopening, and signs in', async () => {
    const page = await visitorPage();
    // The page's clock runs with real time, and jumps when the visitor is "elsewhere" below.
    await page.context().clock.install({ time: Date.now() });
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-email').click();
    await page.fill('#login-email-input', email);
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor();
    // The code went out before this moment: what the countdown counts from.
    const sentBy = Date.now();
    expect(await mailCount(email)).toBe(1);

    // Closed midway (Escape), a few seconds elsewhere, then opened again: the code step, the
    // countdown still running from the first send (a restarted one would read 05:00 again).
    await page.keyboard.press('Escape');
    await page.getByTestId('login-modal').waitFor({ state: 'detached' });
    const elsewhereMs = 3_000;
    await page.clock.fastForward(elsewhereMs);
    const reopenedAfter = Math.floor((Date.now() - sentBy + elsewhereMs) / 1000);
    await page.getByTestId('sign-in').click();
    await page.locator('#otp-input').waitFor({ timeout: 5_000 });
    const countdown = /Resend code in (0[34]):(\d\d)/.exec(await page.getByTestId('login-modal').innerText());
    expect(countdown).not.toBeNull();
    expect(Number(countdown![1]) * 60 + Number(countdown![2])).toBeLessThanOrEqual(limits.emailCodeSeconds - reopenedAfter);
    await page.screenshot({ path: path.join(shots, 'sign-in-code-step-kept.png') });

    // "Use another e-mail", the same address again: back to the code, no refused second request.
    await page.getByRole('button', { name: 'Use another e-mail' }).click();
    await page.fill('#login-email-input', email);
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor({ timeout: 5_000 });
    expect(await page.getByText('Please wait before requesting a new code.').count()).toBe(0);

    // A reload keeps it too.
    await page.reload();
    await page.getByTestId('sign-in').click();
    await page.locator('#otp-input').waitFor({ timeout: 5_000 });
    await page.locator('#otp-input').fill(await latestCode(full.url, email));
    await page.getByTestId('verify-code').click();
    await finishTerms(page);
    expect(await mailCount(email)).toBe(1);
    await page.getByTestId('account-menu').waitFor();
    await page.context().close();
  });

  it("takes a visitor whose code was sent from another tab to the code step with the server's countdown", async () => {
    const other = 'two-tabs@example.com';
    const res = await fetch(`${full.url}/api/v1/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: other }),
    });
    expect(res.status).toBeLessThan(300);
    const page = await visitorPage();
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-email').click();
    await page.fill('#login-email-input', other);
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('login-modal').innerText()).toMatch(/Resend code in 0[34]:\d\d/);
    await page.context().close();
  });
});
