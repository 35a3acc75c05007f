// The settings page. Linked accounts with unlink (never the last way in, the
// server's text and nothing removed), mature content behind the 18+ warning and consent, theme and
// lobby sound that persist across a reload (the sound on the account, not only in this browser),
// signing out of other devices, a visitor sent home, and the page at phone width.
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
let page: Page;

const tokenOf = async (p: Page) => (await p.evaluate(() => localStorage.getItem('murmur.token')))!;
async function settingsOf(p: Page) {
  const res = await fetch(`${full.url}/api/v1/user/settings`, { headers: { authorization: `Bearer ${await tokenOf(p)}` } });
  return (await res.json()) as { showNSFW: boolean; defaultVolume: number; credentials: Array<{ kind: string; key: string }> };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInWithEmail(page, full.url, 'settings-e2e@example.com');
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('settings', () => {
  it('refuses to unlink the only sign-in method, with the text, and keeps it', async () => {
    await page.goto(`${full.url}/settings`);
    const rows = page.getByTestId('linked-account');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect((await rows.first().innerText()).replace(/\s+/g, ' ')).toContain('E-mail settings-e2e@example.com');
    await rows.first().getByRole('button', { name: 'Unlink' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('unlink-error')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('This is your only way to sign in. Link another one before you remove it.');
    expect((await settingsOf(page)).credentials).toHaveLength(1);
  });

  it('turns mature content on only after the 18+ warning and consent, and keeps it after a reload', async () => {
    const sw = page.getByTestId('mature-switch');
    await expect.poll(() => sw.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.locator('label', { has: sw }).click();
    const warning = page.getByTestId('mature-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(
      'Mature content may include strong language and adult themes. It is only for people aged 18 or older.',
    );
    expect(await page.getByTestId('mature-confirm').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'settings-mature-warning.png') });
    // Cancelled midway: nothing changes.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await sw.isChecked()).toBe(false);
    expect((await settingsOf(page)).showNSFW).toBe(false);

    await page.locator('label', { has: sw }).click();
    await page.getByTestId('mature-consent').check();
    await page.getByTestId('mature-confirm').click();
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => sw.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('mature-switch').isChecked(), { timeout: 15_000 }).toBe(true);
    expect((await settingsOf(page)).showNSFW).toBe(true);
  });

  it('keeps the theme in this browser and the default volume on the account across a reload', async () => {
    await page.getByTestId('theme-light').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const slider = page.getByTestId('default-volume');
    await slider.evaluate((el: HTMLInputElement) => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(el, '40');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.getByTestId('default-volume-value').innerText()).toBe('40');
    await expect.poll(async () => (await settingsOf(page)).defaultVolume, { timeout: 10_000 }).toBe(40);
    // Forget this browser's copy: the value comes back from the account.
    await page.evaluate(() => localStorage.removeItem('murmur.volumes'));
    await page.reload();
    await expect.poll(() => page.getByTestId('default-volume-value').innerText(), { timeout: 15_000 }).toBe('40');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.screenshot({ path: path.join(shots, 'settings-light.png'), fullPage: true });
    await page.getByTestId('theme-dark').click();
    await page.screenshot({ path: path.join(shots, 'settings.png'), fullPage: true });
  });

  it('signs out every other device and stays signed in here', async () => {
    const other = await full.stack.tokenFor(
      (await (await fetch(`${full.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).json()).uid,
    );
    await page.getByTestId('end-other-sessions').click();
    await page.getByTestId('toast').getByText('You are signed out on every other device.').waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await fetch(`${full.url}/api/v1/user/settings`, { headers: { authorization: `Bearer ${other}` } })).status, {
        timeout: 10_000,
      })
      .toBe(401);
    expect((await fetch(`${full.url}/api/v1/user/settings`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).status).toBe(
      200,
    );
  });

  it('fits a phone, and sends a visitor home', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('linked-account').first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(shots, 'settings-phone.png') });

    const visitor = await browser.newPage();
    await visitor.goto(`${full.url}/settings`);
    await expect.poll(() => new URL(visitor.url()).pathname, { timeout: 10_000 }).toBe('/');
    await visitor.close();
  });
});
