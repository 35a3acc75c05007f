// Screens the spec names that had no page or no words yet: every side-menu entry leads to a working
// page; a refused call's toast says the server's message and its status; a failed media upload is
// titled 'Upload Failed'; a 500 opens the server-error modal; VIP is bought by card from the VIP
// dialog (the demo's sandbox card), leaving the diamonds as they were.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { texts } from '@murmur/contracts';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { sideMenu } from '../src/shell/menu.ts';
import { me, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let user: Page;
let uid = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  user = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInWithEmail(user, full.url, 'spec-screens@example.com');
  uid = (await me(user)).uid;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
});
const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

describe('the side menu', () => {
  it("shows the spec's entries and each one opens its page", async () => {
    await user.goto(`${full.url}/`);
    const nav = user.getByRole('navigation', { name: 'Main menu' });
    for (const label of ['Inventory', 'Web3 Wallet', 'Mission Center', 'EXP for Friends', 'Fragments', 'Account']) {
      await nav.getByRole('link', { name: label }).waitFor({ timeout: 15_000 });
    }
    // The picture shows the home page beside the menu, not its loading dots.
    await user.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached', timeout: 15_000 });
    await user.screenshot({ path: path.join(shots, 'side-menu.png') });
    const entries = sideMenu.filter((e) => !e.roles && !e.external);
    for (const entry of entries) {
      // A page with its own frame (no side menu): back to the previous page.
      if (!(await nav.isVisible())) await user.goBack();
      await nav.getByRole('link', { name: entry.label, exact: true }).click();
      const wanted = entry.to.split('?')[0]!;
      await expect.poll(() => new URL(user.url()).pathname, { timeout: 10_000 }).toBe(wanted);
      // The page rendered something of its own, and it is not the 404 page.
      const content = user.locator('main').or(user.getByTestId('mini-app')).first();
      await expect
        .poll(async () => ((await content.isVisible()) ? (await content.innerText()).trim().length : 0), { timeout: 15_000 })
        .toBeGreaterThan(20);
      expect(await user.getByText('Page not found').count(), entry.label).toBe(0);
    }
  }, 240_000);
});

describe('errors', () => {
  it("titles a failed media upload 'Upload Failed'", async () => {
    await user.route('**/api/v1/media/object/**', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: 'storage down' }) : route.continue(),
    );
    await user.goto(`${full.url}/profile`);
    await user.getByRole('tab', { name: 'Gallery' }).click();
    await user.getByTestId('gallery-upload-input').setInputFiles(png('broken.png'));
    const toast = toastTitled(user, texts.uploadFailedTitle);
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain(texts.uploadFailed);
    await user.screenshot({ path: path.join(shots, 'upload-failed.png') });
    await user.unroute('**/api/v1/media/object/**');
  });

  it("shows a refused call's message with its status, and a 500 in the server-error modal", async () => {
    // The wallet's history answered with a refusal: its words and its status, in one toast.
    await user.route('**/api/v1/transaction/me**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down, please.' } }),
      }),
    );
    await user.goto(`${full.url}/wallet`);
    const refused = user.getByTestId('toast').filter({ hasText: 'Slow down, please.' });
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.innerText()).toContain('Error 429');
    await user.unroute('**/api/v1/transaction/me**');

    await user.route('**/api/v1/wallet/balance', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }),
      }),
    );
    await user.goto(`${full.url}/wallet`);
    await user.getByTestId('server-error-modal').waitFor({ timeout: 15_000 });
    await user.unroute('**/api/v1/wallet/balance');
  });

  it('sends a read answered 503 again after the Retry-After, and opens the server-error modal only when the service stays away', async () => {
    const unavailable = (route: Route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: texts.unavailable } }),
      });
    let refused = 0;
    await user.route('**/api/v1/wallet/balance', (route) => (refused++ < 2 ? unavailable(route) : route.continue()));
    await user.goto(`${full.url}/wallet`);
    // The database came back within two seconds: the balance shows, and nothing was said.
    await expect.poll(() => user.getByTestId('balance').innerText(), { timeout: 15_000 }).toMatch(/^[\d,]+$/);
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(await user.getByTestId('server-error-modal').count()).toBe(0);
    await user.unroute('**/api/v1/wallet/balance');

    let tries = 0;
    await user.route('**/api/v1/wallet/balance', (route) => {
      tries += 1;
      return unavailable(route);
    });
    await user.goto(`${full.url}/wallet`);
    await user.getByTestId('server-error-modal').waitFor({ timeout: 20_000 });
    // The first answer and three more tries, a second apart, before giving up.
    expect(tries).toBeGreaterThanOrEqual(4);
    await user.unroute('**/api/v1/wallet/balance');
  });
});

describe('VIP by card', () => {
  it('the VIP dialog offers Diamonds or Card; the sandbox card buys VIP without spending diamonds', async () => {
    await user.goto(`${full.url}/privilege-center`);
    await user.getByTestId('open-vip').click();
    const dialog = user.getByTestId('purchase-dialog');
    expect(await dialog.getByTestId('pay-with-diamonds').innerText()).toBe('Diamonds · 12,000 💎');
    expect(await dialog.getByTestId('pay-with-card').innerText()).toBe('Card · $120.00');
    await dialog.getByTestId('pay-with-card').click();
    await dialog.getByTestId('card-pay').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('confirm-purchase').count()).toBe(0);
    await user.screenshot({ path: path.join(shots, 'vip-by-card.png') });
    await dialog.getByTestId('card-pay').click();
    await expect.poll(() => user.getByTestId('vip-status').innerText(), { timeout: 30_000 }).toContain('You are VIP');
    const bought = (await full.stack.command.deps.store.readStream(`wallet-${uid}`)).events.filter((e) => e.type === 'SkuPurchased');
    expect(bought.map((e) => (e.data as { skuId: string }).skuId)).toEqual(['vip-year']);
    const balance = await user.evaluate(async () =>
      (await fetch('/api/v1/wallet/balance', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })).json(),
    );
    expect(balance).toMatchObject({ diamonds: 0 });
  });
});

describe('the waitlist flag', () => {
  it("starts on the waitlist; an admin lets the user in from the console's user page, with a note", async () => {
    await user.goto(`${full.url}/settings`);
    const status = user.getByTestId('waitlist-status');
    await status.waitFor({ timeout: 15_000 });
    expect(await status.getAttribute('data-waitlist')).toBe('true');
    expect(await status.innerText()).toContain("You're on the waitlist.");

    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInWithEmail(admin, full.url, 'spec-screens-admin@example.com');
    const root = await full.stack.tokenFor('root-operator', ['co', 'ad']);
    expect(
      (await full.stack.api(`/admin/users/${(await me(admin)).uid}/roles`, { method: 'POST', token: root, body: { role: 'ad' } })).status,
    ).toBe(200);
    await admin.evaluate(async () => {
      const res = await fetch('/api/v1/auth/refresh', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      localStorage.setItem('murmur.token', ((await res.json()) as { token: string }).token);
    });
    await admin.goto(`${full.url}/console/users/${encodeURIComponent(uid)}`);
    const card = admin.getByTestId('user-waitlist');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('waitlist-state').textContent()).toBe('On the waitlist');
    await card.getByTestId('waitlist-note').fill('Early mobile tester');
    await card.getByTestId('waitlist-submit').click();
    await expect.poll(() => card.getByTestId('waitlist-state').textContent(), { timeout: 15_000 }).toBe('Let in');
    await admin.screenshot({ path: path.join(shots, 'console-waitlist.png') });
    await admin.context().close();

    await user.reload();
    await expect.poll(() => user.getByTestId('waitlist-status').getAttribute('data-waitlist'), { timeout: 15_000 }).toBe('false');
    expect(await user.getByTestId('waitlist-status').innerText()).toContain("You're in");
  });
});
