// In two browsers: a host buys a frame in the shop (price, balance after),
// equips it, and a guest watching the lobby sees it on the host's seat live; a sold-out item shows
// the refusal and buys nothing; the collections page at phone width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { me, signInAsGuest, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let hostContext: BrowserContext;
let host: Page;
let guest: Page;
let lobbyId = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  host = await hostContext.newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('shop and collections', () => {
  let shop: Page;

  it('sets up a lobby whose host has diamonds, watched by a guest', async () => {
    await signInWithEmail(host, full.url, 'frame-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Frames on stage');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyId = host.url().split('/lobby/')[1]!;
    await expect.poll(() => host.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 15_000 }).toBeTruthy();
    const { uid } = await me(host);
    await creditDiamonds(full.stack.command.deps, {
      uid,
      amount: 1200,
      reason: 'demo_grant',
      reference: 'e2e',
      idempotencyKey: 'e2e-frame-grant',
    });
    await signInAsGuest(guest, full.url);
    await guest.goto(`${full.url}/lobby/${lobbyId}`);
    await guest
      .getByTestId('seat-0')
      .locator('[data-uid]')
      .or(guest.locator('[data-testid="seat-0"][data-uid]'))
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('buys a frame: the dialog shows the price and the balance after', async () => {
    // The host keeps the lobby open in one tab and shops in another.
    shop = await hostContext.newPage();
    await shop.goto(`${full.url}/my-collections`);
    await shop.getByRole('tab', { name: 'Frames' }).click();
    await shop.locator('[data-testid="shop-item"][data-sku="frame-gold"]').getByTestId('buy-item').click();
    const dialog = shop.getByTestId('purchase-dialog');
    await expect.poll(() => dialog.getByTestId('balance-after').innerText(), { timeout: 10_000 }).toContain('700');
    expect(await dialog.getByTestId('purchase-price').innerText()).toContain('500');
    await shop.screenshot({ path: path.join(shots, 'shop-purchase.png') });
    await dialog.getByTestId('confirm-purchase').click();
    await dialog.waitFor({ state: 'hidden' });
    const owned = shop.locator('[data-testid="owned-item"][data-item="frame-gold"]');
    await expect.poll(() => owned.getAttribute('data-status'), { timeout: 15_000 }).toBe('inactive');
    await expect.poll(() => shop.getByTestId('collections-balance').innerText(), { timeout: 10_000 }).toContain('700');
  });

  it('refuses a sold-out item with its reason and buys nothing', async () => {
    await shop.locator('[data-testid="shop-item"][data-sku="frame-diamond"]').getByTestId('buy-item').click();
    const dialog = shop.getByTestId('purchase-dialog');
    await expect.poll(() => dialog.getByTestId('purchase-error').innerText(), { timeout: 10_000 }).toBe('This item is sold out.');
    expect(await dialog.getByTestId('confirm-purchase').isDisabled()).toBe(true);
    await shop.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await shop.locator('[data-testid="owned-item"][data-item="frame-diamond"]').count()).toBe(0);
  });

  it('equips the frame, and the guest sees it on the host seat live', async () => {
    await shop.locator('[data-testid="owned-item"][data-item="frame-gold"]').getByTestId('toggle-wear').click();
    await expect
      .poll(() => shop.locator('[data-testid="owned-item"][data-item="frame-gold"]').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('active');
    await shop.screenshot({ path: path.join(shots, 'collections-frames.png') });
    const framed = guest.getByTestId('seat-0').locator('[data-frame="frame-gold"]');
    await framed.waitFor({ timeout: 15_000 });
    await guest.screenshot({ path: path.join(shots, 'lobby-seat-frame.png') });
    // After a reload the seat still wears it (read model, not only the live event).
    await guest.reload();
    await guest.getByTestId('seat-0').locator('[data-frame="frame-gold"]').waitFor({ timeout: 15_000 });
  });

  it('takes the frame off, live too, and shows the collections at phone width', async () => {
    await shop.locator('[data-testid="owned-item"][data-item="frame-gold"]').getByTestId('toggle-wear').click();
    await guest.getByTestId('seat-0').locator('[data-frame]').waitFor({ state: 'detached', timeout: 15_000 });
    await shop.setViewportSize({ width: 390, height: 844 });
    await shop.reload();
    await shop.getByRole('tab', { name: 'Frames' }).click();
    await shop.locator('[data-testid="owned-item"][data-item="frame-gold"]').waitFor();
    await shop.screenshot({ path: path.join(shots, 'collections-phone.png') });
  });

  it('wears a badge: the look card shows it at icon size beside the count', async () => {
    await shop.setViewportSize({ width: 1280, height: 800 });
    await shop.getByRole('tab', { name: 'Badges' }).click();
    await shop.locator('[data-testid="shop-item"][data-sku="badge-star"]').getByTestId('buy-item').click();
    const dialog = shop.getByTestId('purchase-dialog');
    await dialog.getByTestId('confirm-purchase').click();
    await dialog.waitFor({ state: 'hidden' });
    const owned = shop.locator('[data-testid="owned-item"][data-item="badge-star"]');
    await owned.getByTestId('toggle-wear').click();
    await expect.poll(() => owned.getAttribute('data-status'), { timeout: 15_000 }).toBe('active');
    const icon = shop.getByTestId('my-look').locator('[data-badge="badge-star"] img');
    await icon.waitFor({ timeout: 15_000 });
    // The shop card's own 56 px picture rule once blew it up over the card.
    expect((await icon.boundingBox())!.width).toBe(14);
  });
});

describe('privilege center', () => {
  it('shows VIP status, the perks and the VIP modal with the price and the shortfall', async () => {
    const page = await hostContext.newPage();
    await page.goto(`${full.url}/privilege-center`);
    await page.getByTestId('vip-status').getByText('Not VIP yet').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('vip-perk').count()).toBe(6);
    await page.getByTestId('open-vip').click();
    const dialog = page.getByTestId('purchase-dialog');
    await expect
      .poll(() => dialog.getByTestId('purchase-error').innerText(), { timeout: 10_000 })
      .toMatch(/^Insufficient balance: this needs 12000 diamonds/);
    await page.screenshot({ path: path.join(shots, 'privilege-center.png') });
  });
});
