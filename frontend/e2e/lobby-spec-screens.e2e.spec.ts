// The lobby's spec screens: the lobby banner (lobby_banner on a desktop, mobile_lobby_banner on a
// phone) from app/home; the create-room dialog's banner picker, the picked banner shown on the room
// card; a gift's animation expiring 60 minutes after the send (a visitor's page whose clock has
// moved on sees the gift in the chat, but no animation).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { roomBannerPresets } from '@murmur/contracts/lobbies';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let host: Page;
let lobbyUrl = '';
let lobbyId = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  host = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('banners', () => {
  it('shows the lobby banner on a lobby page, the mobile one on a phone', async () => {
    await signInWithEmail(host, full.url, 'banner-host@example.com');
    await host.getByTestId('create-lobby').click();
    await host.fill('#lobby-title', 'Banner Lounge');
    await host.getByTestId('create-lobby-submit').click();
    await host.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyUrl = host.url();
    lobbyId = lobbyUrl.split('/').at(-1)!;
    const banner = host.getByTestId('lobby-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.getAttribute('data-banner-type')).toBe('lobby_banner');
    expect(await banner.innerText()).toContain("Valentine's leaderboard");

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await phone.goto(lobbyUrl);
    await phone.getByTestId('lobby-banner').waitFor({ timeout: 15_000 });
    expect(await phone.getByTestId('lobby-banner').getAttribute('data-banner-type')).toBe('mobile_lobby_banner');
    await phone.context().close();
  });

  it('lets the host pick a room banner, shown on the room card', async () => {
    await host.getByTestId('open-create-room').click();
    const dialog = host.getByTestId('create-room-modal');
    await dialog.waitFor();
    await host.fill('#room-title', 'Sunset chat 🌅');
    const sunset = roomBannerPresets.find((p) => p.id === 'sunset')!;
    await dialog.getByTestId('room-banner-sunset').click();
    expect(await dialog.getByTestId('room-banner-sunset').getAttribute('aria-checked')).toBe('true');
    await host.screenshot({ path: path.join(shots, 'room-banner-picker.png') });
    await dialog.getByTestId('create-room-submit').click();
    await host.waitForURL(/\/room\//);
    await host.goto(lobbyUrl);
    const card = host.getByTestId('room-card').filter({ hasText: 'Sunset chat' });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('room-banner').getAttribute('src')).toBe(sunset.url);
    await card.screenshot({ path: path.join(shots, 'room-card-banner.png') });
  });
});

describe('gift expiry', () => {
  it("plays a fresh gift's animation, and not one sent 60 minutes ago or more", async () => {
    const fan = await signUpWithWallet(full.stack.commandUrl);
    await creditDiamonds(full.stack.command.deps, {
      uid: fan.uid,
      amount: 1000,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: `grant-${fan.uid}`,
    });
    const command = async (p: string, body: unknown) => {
      const res = await fetch(`${full.stack.commandUrl}/api/v1${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fan.token}` },
        body: JSON.stringify(body),
      });
      expect(res.status, `${p} ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<{ position: string }>;
    };
    await command(`/lobbies/${lobbyId}/join`, {});
    const hostUid = await host.evaluate(
      async () =>
        (
          (await (
            await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })
          ).json()) as { uid: string }
        ).uid,
    );

    // A visitor watches the lobby, with a clock the test can move.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install({ time: Date.now() });
    const visitor = await context.newPage();
    await visitor.goto(lobbyUrl);
    await visitor.getByTestId('lobby-title').waitFor({ timeout: 15_000 });
    await visitor.bringToFront();
    // Let the socket subscribe before the first send.
    await visitor.waitForTimeout(1500);

    await command('/gifting/send-gift', { giftName: 'rose', quantity: 1, recipients: [hostUid], lobbyId });
    await visitor.getByTestId('gift-animation').waitFor({ timeout: 15_000 });
    await visitor.getByTestId('gift-animation').waitFor({ state: 'detached', timeout: 15_000 });

    // An hour and a minute later on the visitor's clock, a send accepted "now" by the server is older
    // than 60 minutes there: it shows in the chat but is never animated.
    await visitor.clock.fastForward(61 * 60_000);
    await command('/gifting/send-gift', { giftName: 'heart', quantity: 1, recipients: [hostUid], lobbyId });
    await visitor.getByText(/Heart/).first().waitFor({ timeout: 15_000 });
    await visitor.waitForTimeout(1000);
    expect(await visitor.getByTestId('gift-animation').count()).toBe(0);
    await context.close();
  });
});
