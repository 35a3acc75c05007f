// Sign-in with a mobile number in a real browser: the number on the sign-in screen, the code read
// from the demo's dev SMS inbox page, the terms step; a wrong number, a reload at the code step, and
// the phone width.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { finishTerms, me } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

let full: FullStack;
let browser: Browser;

beforeAll(async () => {
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

async function newPage(width: number, height: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  return page;
}

/** Reads the newest code for a number from the dev SMS inbox page, as a person in the demo does. */
async function codeFromInboxPage(page: Page, mobile: string): Promise<string> {
  const inbox = await page.context().newPage();
  try {
    await inbox.goto(`${full.url}/api/v1/dev/sms.html?to=${encodeURIComponent(mobile)}`);
    const text = await inbox.locator('article .text').first().textContent();
    const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
    if (!code) throw new Error(`no code in the dev SMS inbox for ${mobile}`);
    return code;
  } finally {
    await inbox.close();
  }
}

describe('sign-in with a mobile number', () => {
  it('signs in from the sign-in screen with a code from the dev SMS inbox, and the same number returns to the same account', async () => {
    const page = await newPage(1280, 800);
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-mobile').click();
    await page.screenshot({ path: '/tmp/h7/mobile-step-desktop.png' });
    // A number without its country code is refused with the sign-in text, before any request.
    await page.fill('#login-mobile-input', '0917 123 4567');
    await page.getByTestId('send-code').click();
    await page.getByText('This mobile number is invalid').waitFor();

    await page.fill('#login-mobile-input', '+63 917 555 0101');
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor();
    await page.getByText('Enter the 6-digit code we sent to').getByText('+639175550101').waitFor();

    // A reload at the code step comes back to it for the same number, countdown running.
    await page.reload();
    await page.getByTestId('sign-in').click();
    await page.locator('#otp-input').waitFor();
    await page.getByText('+639175550101').waitFor();
    await page.getByText(/Resend code in/).waitFor();

    const code = await codeFromInboxPage(page, '+639175550101');
    await page.locator('#otp-input').fill(code);
    await page.screenshot({ path: '/tmp/h7/mobile-otp-desktop.png' });
    await page.getByTestId('verify-code').click();
    await finishTerms(page);
    await page.getByTestId('account-menu').waitFor();
    const first = await me(page);

    // Signed out, the same number signs into the same account.
    const again = await newPage(1280, 800);
    await again.goto(`${full.url}/`);
    await again.getByTestId('sign-in').click();
    await again.getByTestId('login-mobile').click();
    await again.fill('#login-mobile-input', '+639175550101');
    await again.getByTestId('send-code').click();
    await again.locator('#otp-input').waitFor();
    // The countdown of the first code still runs: the code step asks for that code.
    await again.locator('#otp-input').fill(code === '000000' ? '111111' : '000000');
    await again.getByTestId('verify-code').click();
    await again.getByTestId('otp-error').waitFor();
    await again.close();
    expect(first.uid).toMatch(/\w+/);
  });

  it('works at phone width, where the number step and code step fit the screen', async () => {
    const page = await newPage(390, 844);
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-mobile').click();
    await page.fill('#login-mobile-input', '+1 (415) 555-0177');
    await page.screenshot({ path: '/tmp/h7/mobile-step-phone.png' });
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor();
    const code = await codeFromInboxPage(page, '+14155550177');
    await page.locator('#otp-input').fill(code);
    await page.screenshot({ path: path.join(shots, 'login-mobile-code-phone.png') });
    await page.getByTestId('verify-code').click();
    await finishTerms(page);
    // The settings page lists the number as the account's way in.
    await page.goto(`${full.url}/settings`);
    await page.getByText('Mobile number').first().waitFor();
    await page.getByText('+14155550177').first().waitFor();
    await page.screenshot({ path: '/tmp/h7/mobile-settings-phone.png' });
  });
});
