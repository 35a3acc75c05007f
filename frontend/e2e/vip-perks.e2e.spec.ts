// In two browsers: the first top-up offer (30 USD of diamonds at 50% off)
// shows on the first top-up only, also after skipping it and reloading, and never once a top-up is
// paid; a VIP's arrival in a lobby shows the entry banner to the host live, and the VIP's mic
// request carries the VIP mark in the host's queue.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { me, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let vip: Page;
let host: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  vip = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

// Each step gets room: on a loaded machine a sign-in alone can take a minute.
const STEP_MS = 300_000;
const diamonds = async (page: Page) => Number((await page.getByTestId('wallet-diamonds').innerText()).replace(/\D/g, ''));

describe('first top-up offer', () => {
  it(
    'signs the buyer in',
    async () => {
      await signInWithEmail(vip, full.url, 'first-topup@example.com');
    },
    STEP_MS,
  );

  it(
    'shows the offer on the first top-up, again after skipping it and reloading',
    async () => {
      await vip.goto(`${full.url}/wallet`);
      await vip.getByTestId('top-up').click();
      const offer = vip.getByTestId('first-topup-offer');
      await offer.waitFor({ timeout: 60_000 });
      expect(await offer.innerText()).toContain('50% OFF');
      await vip.screenshot({ path: path.join(shots, 'first-topup-offer.png') });
      // Skipped midway: the ordinary top-up opens instead; closed, nothing is charged.
      await vip.getByTestId('skip-offer').click();
      await offer.waitFor({ state: 'hidden' });
      await vip.keyboard.press('Escape');
      await vip.reload();
      await vip.getByTestId('top-up').click();
      await offer.waitFor({ timeout: 60_000 });
      expect(await diamonds(vip)).toBe(0);
    },
    STEP_MS,
  );

  it(
    'buys the offer (3,000 diamonds for 15 USD), then never shows it again',
    async () => {
      await vip.getByTestId('buy-offer').click();
      await vip.getByTestId('card-summary').waitFor({ timeout: 60_000 });
      expect(await vip.getByTestId('card-summary').innerText()).toContain('First top-up offer: pay $15.00 for 3,000 diamonds');
      await vip.fill('#card-name', 'First Timer');
      await vip.fill('#card-email', 'first-topup@example.com');
      await vip.getByTestId('card-pay').click();
      await expect
        .poll(() => vip.getByTestId('payment-status-message').innerText(), { timeout: 60_000 })
        .toBe('Your diamonds have been added to your wallet.');
      await vip.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => diamonds(vip), { timeout: 10_000 }).toBe(3000);
      await vip.reload();
      await vip.getByTestId('top-up').click();
      await vip.getByTestId('top-up-modal').waitFor({ timeout: 60_000 });
      expect(await vip.getByTestId('first-topup-offer').count()).toBe(0);
      expect(await vip.getByText('First top-up offer:').count()).toBe(0);
      await vip.keyboard.press('Escape');
    },
    STEP_MS,
  );
});

describe('VIP in a lobby', () => {
  let lobbyId = '';

  it(
    'the host sees the VIP entrance banner live when the VIP joins',
    async () => {
      const { uid } = await me(vip);
      await creditDiamonds(full.stack.command.deps, {
        uid,
        amount: 12_000,
        reason: 'demo_grant',
        reference: 'e2e',
        idempotencyKey: 'e2e-vip-grant',
      });
      const bought = await vip.evaluate(async () => {
        const res = await fetch('/api/v1/payment/purchase', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ skuId: 'vip-year' }),
        });
        return res.status;
      });
      expect(bought).toBe(201);
      await vip.goto(`${full.url}/privilege-center`);
      await vip.getByTestId('vip-status').getByText('You are VIP').waitFor({ timeout: 60_000 });
      expect(await vip.getByText('Coming soon').count()).toBe(0);
      await vip.screenshot({ path: path.join(shots, 'privilege-center-vip.png') });

      await signInWithEmail(host, full.url, 'vip-lobby-host@example.com');
      await host.getByTestId('create-lobby').click();
      await host.fill('#lobby-title', 'Red carpet');
      await host.getByTestId('create-lobby-submit').click();
      await host.waitForURL(/\/lobby\/[\w-]+$/);
      lobbyId = host.url().split('/lobby/')[1]!;
      await expect.poll(() => host.getByTestId('seat-0').getAttribute('data-uid'), { timeout: 60_000 }).toBeTruthy();

      await vip.goto(`${full.url}/lobby/${lobbyId}`);
      const banner = host.getByTestId('vip-entrance');
      await banner.waitFor({ timeout: 60_000 });
      expect(await banner.getAttribute('data-uid')).toBe(uid);
      expect(await banner.innerText()).toContain('has entered the lobby');
      await host.screenshot({ path: path.join(shots, 'lobby-vip-entrance.png') });
    },
    STEP_MS,
  );

  it(
    "the VIP's mic request shows with the VIP mark in the host's queue",
    async () => {
      // Arriving by a link, the browser blocks the lobby's sound until a gesture: that is a notice,
      // never a dialog over the stage (it was the overlay that once caught this click).
      expect(await vip.locator('[role="dialog"]').count()).toBe(0);
      await vip.getByTestId('request-mic').click();
      const { uid } = await me(vip);
      const row = host.getByTestId(`queue-${uid}`);
      await row.waitFor({ timeout: 60_000 });
      await row.getByTestId('queue-vip').waitFor();
    },
    STEP_MS,
  );
});
