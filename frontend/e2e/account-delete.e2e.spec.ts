// In the browser: deleting an account from the settings. The typed confirmation,
// then the user is signed out here (also after a reload); another user's view of the public profile
// shows what a deleted account shows; signing in again with the same e-mail starts a NEW account
// (the terms step again, another uid), never the deleted one.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { latestCode, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const EMAIL = 'delete-me@example.com';
let full: FullStack;
let browser: Browser;
let page: Page;
let viewer: Page;
let deletedUid = '';

const token = (p: Page) => p.evaluate(() => localStorage.getItem('murmur.token'));
async function uidOf(p: Page): Promise<string> {
  const res = await fetch(`${full.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${await token(p)}` } });
  return ((await res.json()) as { uid: string }).uid;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // A new code for the same address at once (the resend wait is 5 minutes otherwise).
  [full, browser] = await Promise.all([startFullStack({ identityEnv: { OTP_RESEND_SECONDS: '1' } }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  viewer = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  for (const p of [page, viewer]) {
    p.context().setDefaultNavigationTimeout(90_000);
    p.context().setDefaultTimeout(60_000);
  }
  await signInWithEmail(page, full.url, EMAIL);
  await signInWithEmail(viewer, full.url, 'profile-viewer@example.com');
  deletedUid = await uidOf(page);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('deleting an account', () => {
  it('another user sees the profile before the deletion', async () => {
    await viewer.goto(`${full.url}/profile?uid=${deletedUid}`);
    await expect.poll(() => viewer.locator('main').innerText(), { timeout: 20_000 }).toContain('Followers');
    expect(await viewer.getByText('This user does not exist.').count()).toBe(0);
  });

  it('asks for the typed confirmation, then signs out here, also after a reload', async () => {
    await page.goto(`${full.url}/settings`);
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.waitFor();
    const confirm = dialog.getByTestId('delete-account-confirm');
    await page.fill('#delete-confirmation', 'delete');
    expect(await confirm.isDisabled()).toBe(true);
    await page.fill('#delete-confirmation', 'DELETE');
    await page.screenshot({ path: path.join(shots, 'settings-delete-account.png') });
    await confirm.click();
    await page.getByTestId('toast').filter({ hasText: 'Your account has been deleted.' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await token(page)).toBeNull();
    await page.reload();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
  });

  it('shows another user that the account no longer exists, after a reload too', async () => {
    await viewer.reload();
    await viewer.getByRole('heading', { name: 'This user does not exist.' }).waitFor({ timeout: 20_000 });
    // Said once, on the page, not again in a toast.
    expect(await viewer.getByTestId('toast').filter({ hasText: 'This user does not exist.' }).count()).toBe(0);
    await viewer.screenshot({ path: path.join(shots, 'profile-deleted-account.png') });
  });

  it('signing in again with the same e-mail starts a new account, not the deleted one', async () => {
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-email').click();
    await page.fill('#login-email-input', EMAIL);
    // The code of the first sign-in is used up: wait for a new one.
    const before = await fetch(`${full.url}/api/v1/dev/mailbox?email=${encodeURIComponent(EMAIL)}`).then(
      async (r) => ((await r.json()) as { items: Array<{ id: string }> }).items,
    );
    const lastId = Math.max(0, ...before.map((m) => Number(m.id)));
    await page.getByTestId('send-code').click();
    await page.locator('#otp-input').waitFor();
    await page.locator('#otp-input').fill(await latestCode(full.url, EMAIL, lastId));
    await page.getByTestId('verify-code').click();
    // A new account: the terms step comes again.
    await page.getByTestId('terms-step').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'sign-in-after-deletion.png') });
    await page.fill('#birthday', '1990-05-17');
    await page.getByTestId('agree-checkbox').check();
    await page.getByTestId('agree').click();
    await page.getByTestId('login-success').waitFor();
    const uid = await uidOf(page);
    expect(uid).toBeTruthy();
    expect(uid).not.toBe(deletedUid);
  });
});
