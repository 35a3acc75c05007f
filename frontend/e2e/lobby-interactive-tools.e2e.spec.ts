// The lobby's interactive tools in two browsers: one member rolls the dice and the other sees the
// same roll live; a poll started by the host is voted by both, each vote counted once on both
// screens, through a reload; the closed poll shows its result; the modal and the poll fit a phone.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lobbyToolTexts } from '@murmur/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';
import { textOf } from './text-of.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let guest: Page;
let lobbyUrl = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  guest = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const latest = (page: Page) => textOf(page.getByTestId('tool-result-latest'));
const count = (page: Page, i: number) => textOf(page.getByTestId(`poll-count-${i}`));

describe('interactive tools in a lobby', { retry: 0, timeout: 300_000 }, () => {
  it('two members are in one lobby', async () => {
    await signInWithEmail(host, full.url, 'tools-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Game night');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();
    await signInWithEmail(guest, full.url, 'tools-guest@example.com');
    await guest.goto(lobbyUrl);
    await expect.poll(() => host.getByTestId('lobby-users').innerText(), { timeout: 20_000 }).toBe('2');
  });

  it('one rolls the dice, the other sees the same roll live', async () => {
    await guest.getByTestId('open-tools').click();
    const modal = guest.getByTestId('tools-modal');
    await modal.waitFor();
    // An audience member may roll but not start a poll.
    expect(await modal.innerText()).toContain(lobbyToolTexts.pollNeedsStage);
    await guest.screenshot({ path: path.join(shots, 'lobby-tools-modal.png') });
    await modal.getByTestId('tool-dice').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => latest(guest), { timeout: 15_000 }).toMatch(/rolled [1-6] \+ [1-6] = \d+$/);
    const rolled = await latest(guest);
    await expect.poll(() => latest(host), { timeout: 15_000 }).toBe(rolled);
    await host.screenshot({ path: path.join(shots, 'lobby-tools-dice-seen.png') });

    // Opened and closed midway: nothing is rolled.
    await guest.getByTestId('open-tools').click();
    await guest.getByTestId('tools-modal').waitFor();
    await guest.keyboard.press('Escape');
    await guest.getByTestId('tools-modal').waitFor({ state: 'detached' });
    expect(await latest(host)).toBe(rolled);
    expect(await host.getByTestId('tool-result').count()).toBe(0);
  });

  it('the host starts a poll; both vote once and both screens count both votes, through a reload', async () => {
    await host.getByTestId('open-tools').click();
    const modal = host.getByTestId('tools-modal');
    await host.fill('#poll-question', 'What do we play next?');
    await host.fill('#poll-option-input-0', 'Charades');
    await host.fill('#poll-option-input-1', 'Trivia');
    await modal.getByTestId('poll-start').click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(
        () =>
          guest
            .getByTestId('poll-question')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('What do we play next?');

    await guest.getByTestId('poll-vote-1').click();
    await expect.poll(() => count(guest, 1), { timeout: 10_000 }).toBe('1');
    // The host, who has not voted yet, sees the vote arrive (the counts show once they vote).
    await expect.poll(() => host.getByTestId('poll-total').innerText(), { timeout: 15_000 }).toBe('1 vote');
    expect(await count(host, 1)).toBe('');
    await host.getByTestId('poll-vote-0').click();
    await expect.poll(() => count(host, 0), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => count(guest, 0), { timeout: 15_000 }).toBe('1');
    expect(await host.getByTestId('poll-total').innerText()).toBe('2 votes');
    expect(await guest.getByTestId('poll-option-1').innerText()).toContain('your vote');
    await guest.screenshot({ path: path.join(shots, 'lobby-tools-poll.png') });

    // A reload reads the same poll, counts and own vote; no second vote is offered.
    await guest.reload();
    await expect.poll(() => count(guest, 1), { timeout: 20_000 }).toBe('1');
    expect(await guest.getByTestId('poll-option-1').innerText()).toContain('your vote');
    expect(await guest.getByTestId('poll-vote-0').count()).toBe(0);
    expect(await count(guest, 0)).toBe('1');
  });

  it('the host closes the poll; the other sees the result', async () => {
    await host.getByTestId('poll-close').click();
    await expect
      .poll(
        () =>
          guest
            .getByTestId('poll-card')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('Poll closed');
    expect(await guest.getByTestId('poll-close').count()).toBe(0);
  });

  it('fits a phone', async () => {
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.getByTestId('poll-card').scrollIntoViewIfNeeded();
    const card = (await guest.getByTestId('poll-card').boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await guest.screenshot({ path: path.join(shots, 'lobby-tools-phone.png') });
    await guest.getByTestId('open-tools').click();
    const box = (await guest.getByTestId('tools-modal').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await guest.screenshot({ path: path.join(shots, 'lobby-tools-modal-phone.png') });
  });
});
