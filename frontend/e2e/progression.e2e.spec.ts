// Progression in real browsers against the whole platform: a new user tops up, joins a lobby, chats,
// sits on a mic and sends a gift; the Mission Center shows the progress, the claim gives its reward
// once (also after a reload), the level page moves and the rewards history lists it; the pages on a
// 390-px phone and signed out. Screenshots go to docs/screenshots/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { signInWithEmail, uidOf } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let user: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  user = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const text = async (page: Page, testId: string) =>
  (
    await page
      .getByTestId(testId)
      .first()
      .innerText()
      .catch(() => '')
  ).trim();
const expOf = async (page: Page) => Number((await text(page, 'exp')).replace(/[^\d]/g, '') || '-1');

describe('missions, claims and levels', () => {
  let lobbyUrl = '';

  it('a new user tops up, joins a lobby, chats, sits on a mic and sends a gift', async () => {
    await signInWithEmail(host, full.url, 'progress-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Level Up Lounge');
    await host.fill('#lobby-tag', 'levels');
    await host.fill('#lobby-description', 'Climb together.');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();

    await signInWithEmail(user, full.url, 'progress-user@example.com');
    await user.goto(`${full.url}/wallet`);
    await user.getByTestId('top-up').click();
    await user.getByTestId('skip-offer').click();
    await user.getByRole('tab', { name: 'Card' }).click();
    await user.getByRole('button', { name: /\$10/ }).first().click();
    await user.getByTestId('card-continue').click();
    await user.fill('#card-name', 'Level Tester');
    await user.fill('#card-email', 'progress-user@example.com');
    await user.getByTestId('card-pay').click();
    await expect
      .poll(() => user.getByTestId('payment-status-message').innerText(), { timeout: 20_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await user.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();

    await user.goto(lobbyUrl);
    await user.getByTestId('chat-input').waitFor({ timeout: 20_000 });
    for (let i = 1; i <= 5; i++) {
      await user.fill('[data-testid="chat-input"]', `Message number ${i}`);
      await user.getByTestId('chat-send').click();
      await user
        .getByTestId('chat-message')
        .filter({ hasText: `Message number ${i}` })
        .waitFor({ timeout: 15_000 });
    }
    const request = user.getByTestId('request-mic');
    await expect.poll(() => request.isEnabled(), { timeout: 15_000 }).toBe(true);
    await request.click();
    const queue = host.getByTestId('mic-queue');
    await queue.waitFor({ timeout: 20_000 });
    await queue.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => user.getByTestId('toggle-mic').isVisible(), { timeout: 20_000 }).toBe(true);

    await user.getByTestId('open-gifts').click();
    await user.getByTestId('gift-panel').waitFor();
    await user.getByTestId('gift-rose').click();
    await user.getByTestId('multiplier-10').click();
    await user.getByTestId('send-gift').click();
    await expect.poll(async () => Number((await text(user, 'balance')).replace(/[^\d]/g, '')), { timeout: 15_000 }).toBe(900);
  });

  it('shows the progress in the Mission Center and gives the reward once', async () => {
    await user.goto(`${full.url}/level`);
    await expect.poll(() => expOf(user), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await expOf(user);

    await user.goto(`${full.url}/mission-center`);
    const gift = user.getByTestId('mission-daily-send-gift');
    await expect.poll(() => gift.getAttribute('data-status'), { timeout: 20_000 }).toBe('claimable');
    await expect.poll(() => user.getByTestId('mission-daily-chat-5').getAttribute('data-status'), { timeout: 20_000 }).toBe('claimable');
    expect(await user.getByTestId('mission-daily-chat-5').getByTestId('mission-progress').innerText()).toContain('5 / 5');
    expect(await user.getByTestId('mission-daily-mic-10').getByTestId('mission-progress').innerText()).toMatch(/\d+ \/ 10 min/);
    await user.screenshot({ path: path.join(shots, 'mission-center.png') });

    await user.getByTestId('claim-daily-send-gift').click();
    await expect.poll(() => gift.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    expect(await user.getByTestId('claim-daily-send-gift').count()).toBe(0);
    await expect
      .poll(() => user.getByTestId('toast').allInnerTexts(), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining('Send a gift: reward claimed.'));
    // After a reload it is still claimed, and there is nothing to claim twice.
    await user.reload();
    await expect.poll(() => user.getByTestId('mission-daily-send-gift').getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    expect(await user.getByTestId('claim-daily-send-gift').count()).toBe(0);

    await user.goto(`${full.url}/level`);
    await expect.poll(() => expOf(user), { timeout: 15_000 }).toBe(before + 20);
    await user.getByTestId('exp-entry').filter({ hasText: 'Send a gift' }).waitFor({ timeout: 10_000 });
    await user.screenshot({ path: path.join(shots, 'level.png') });

    await user.goto(`${full.url}/rewards-history`);
    const rows = user.getByTestId('reward-row');
    await rows.first().waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Send a gift');
    expect(await rows.first().innerText()).toContain('+20 EXP');
    await user.screenshot({ path: path.join(shots, 'rewards-history.png') });
  });

  it('shows the level in the account menu and lets the quest and fragment pages work', async () => {
    await expect.poll(() => text(user, 'account-level'), { timeout: 10_000 }).toMatch(/^\d+$/);
    await user.getByTestId('account-menu').click();
    await expect.poll(() => user.getByRole('menu').innerText(), { timeout: 5_000 }).toMatch(/Level \d+ · \d+%/);
    await user.getByRole('menuitem', { name: 'Mission Center' }).click();
    await user.waitForURL(/\/mission-center$/);

    await user.goto(`${full.url}/quests`);
    const first = user.getByTestId('quest-step-generous-1');
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimable');
    expect(await user.getByTestId('quest-step-generous-3').getAttribute('data-status')).toBe('locked');
    await user.getByTestId('claim-generous-1').click();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    await user.screenshot({ path: path.join(shots, 'quests.png') });

    await user.goto(`${full.url}/fragments`);
    await expect
      .poll(() => user.getByTestId('fragment-gift').getByTestId('fragment-count').innerText(), { timeout: 15_000 })
      .toBe('1 / 10');
    expect(await user.getByTestId('combine-gift').isDisabled()).toBe(true);
    await user.screenshot({ path: path.join(shots, 'fragments.png') });
  });

  it('a second user claiming the same mission and quest step sees both claimed after a reload, and the reward in their history', async () => {
    const second = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInWithEmail(second, full.url, 'progress-second@example.com');
    await creditDiamonds(full.stack.command.deps, {
      uid: await uidOf(second),
      amount: 1000,
      reason: 'demo_grant',
      reference: 'e2e',
      idempotencyKey: 'e2e-second-grant',
    });
    await second.goto(lobbyUrl);
    await second.getByTestId('open-gifts').click();
    await second.getByTestId('gift-panel').waitFor({ timeout: 20_000 });
    await second.getByTestId('gift-rose').click();
    await second.getByTestId('multiplier-10').click();
    await second.getByTestId('send-gift').click();
    await expect.poll(async () => Number((await text(second, 'balance')).replace(/[^\d]/g, '')), { timeout: 15_000 }).toBe(900);

    await second.goto(`${full.url}/mission-center`);
    const gift = second.getByTestId('mission-daily-send-gift');
    await expect.poll(() => gift.getAttribute('data-status'), { timeout: 20_000 }).toBe('claimable');
    await second.getByTestId('claim-daily-send-gift').click();
    await expect.poll(() => gift.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    await second.reload();
    await expect.poll(() => second.getByTestId('mission-daily-send-gift').getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    expect(await second.getByTestId('claim-daily-send-gift').count()).toBe(0);

    await second.goto(`${full.url}/quests`);
    const first = second.getByTestId('quest-step-generous-1');
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimable');
    await second.getByTestId('claim-generous-1').click();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    await second.reload();
    await expect.poll(() => second.getByTestId('quest-step-generous-1').getAttribute('data-status'), { timeout: 15_000 }).toBe('claimed');
    // Ten roses sent: step 2 is open (it stayed locked when only the first claimer was recorded).
    await expect.poll(() => second.getByTestId('quest-step-generous-2').getAttribute('data-status'), { timeout: 15_000 }).toBe('claimable');

    for (const page of [second, user]) {
      await page.goto(`${full.url}/rewards-history`);
      await page.getByTestId('reward-row').filter({ hasText: 'Send a gift' }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('reward-row').filter({ hasText: 'Send a gift' }).count()).toBe(1);
    }
    await second.screenshot({ path: path.join(shots, 'rewards-history-second-user.png') });
    await second.close();
  });

  it('fits a 390-px phone and sends a signed-out visitor home', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await phone.goto(`${full.url}/mission-center`);
    await phone.waitForURL(`${full.url}/`);
    await signInWithEmail(phone, full.url, 'progress-user@example.com');
    await phone.goto(`${full.url}/mission-center`);
    await phone.getByTestId('mission-daily-send-gift').waitFor({ timeout: 15_000 });
    await phone.screenshot({ path: path.join(shots, 'mission-center-phone.png') });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await phone.close();
  });
});
