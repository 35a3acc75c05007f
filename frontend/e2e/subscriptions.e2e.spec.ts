// In two browsers: a creator sets a monthly price and posts for subscribers; a fan
// finds the subscriber feed locked, closes the dialog midway (nothing charged), subscribes, and
// reads the subscriber-only post; the creator's subscriber count grows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds, loadWallet } from '../../command-api/src/wallet/ledger.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let creator: Page;
let fan: Page;
let creatorUid = '';
let fanUid = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  fan = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const me = (page: Page): Promise<{ uid: string }> =>
  page.evaluate(async () =>
    (await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })).json(),
  );

describe('creator subscriptions', () => {
  it('the creator sets a monthly price and posts for subscribers', async () => {
    await signInWithEmail(creator, full.url, 'sub-creator@example.com');
    creatorUid = (await me(creator)).uid;
    await creator.goto(`${full.url}/profile`);
    await creator.getByRole('tab', { name: 'Subscriber feed' }).click();
    await creator.fill('#subscription-price', '50');
    await creator.getByTestId('save-price').click();
    await expect
      .poll(() => creator.getByTestId('subscription-price-error').innerText(), { timeout: 10_000 })
      .toBe('The price must be between 100 and 100,000 diamonds.');
    await creator.fill('#subscription-price', '300');
    await creator.getByTestId('save-price').click();
    await creator.getByTestId('subscription-price-error').waitFor({ state: 'detached' });
    await creator.getByTestId('post-content').fill('Only for my subscribers 💜');
    await creator.getByTestId('post-submit').click();
    await creator.getByText('Only for my subscribers 💜').waitFor({ timeout: 15_000 });
  });

  it('the fan finds the feed locked, and closing the dialog midway charges nothing', async () => {
    await signInWithEmail(fan, full.url, 'sub-fan@example.com');
    fanUid = (await me(fan)).uid;
    await creditDiamonds(full.stack.command.deps, {
      uid: fanUid,
      amount: 1000,
      reason: 'demo_grant',
      reference: 'e2e',
      idempotencyKey: 'e2e-sub-grant',
    });
    await fan.goto(`${full.url}/profile?uid=${encodeURIComponent(creatorUid)}`);
    await fan.getByRole('tab', { name: 'Subscriber feed' }).click();
    await fan.getByText('Subscribe to read this creator’s subscriber feed.').waitFor({ timeout: 15_000 });
    expect(await fan.getByText('Only for my subscribers 💜').count()).toBe(0);
    await fan.getByTestId('subscribe-button').first().click();
    const dialog = fan.getByTestId('subscribe-dialog');
    await expect.poll(() => dialog.getByTestId('subscribe-balance-after').innerText(), { timeout: 10_000 }).toContain('700');
    await fan.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await loadWallet(full.stack.command.deps, fanUid)).balance).toBe(1000);
  });

  it('subscribes and reads the subscriber-only post', async () => {
    await fan.getByTestId('subscribe-button').first().click();
    await fan.getByTestId('subscribe-dialog').getByTestId('confirm-subscribe').click();
    await fan.getByText('Only for my subscribers 💜').waitFor({ timeout: 15_000 });
    await expect.poll(() => fan.getByTestId('subscribe-button').first().innerText(), { timeout: 10_000 }).toContain('Subscribed until');
    expect((await loadWallet(full.stack.command.deps, fanUid)).balance).toBe(700);
    await fan.screenshot({ path: path.join(shots, 'subscriber-feed.png') });
    // The creator sees one subscriber.
    await creator.reload();
    await expect.poll(() => creator.getByTestId('subscribers-count').innerText(), { timeout: 15_000 }).toBe('1');
  });

  it('shows the unlocked feed at phone width after a reload', async () => {
    await fan.setViewportSize({ width: 390, height: 844 });
    await fan.reload();
    await fan.getByRole('tab', { name: 'Subscriber feed' }).click();
    await fan.getByText('Only for my subscribers 💜').waitFor({ timeout: 15_000 });
    await fan.screenshot({ path: path.join(shots, 'subscriber-feed-phone.png') });
  });
});
