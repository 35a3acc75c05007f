// Joining an agency takes the creator's acceptance, in the browser: the agency's owner invites a
// creator from /guild (the invitation waits, nobody is on the roster yet); the creator sees the
// invitations after a reload (and in the notifications), declines one, accepts the other; the
// roster shows them; the creator leaves and the roster no longer does; the creator's view at phone width.
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
let owner: Page;
let creator: Page;
let creatorUid = '';
let creatorName = '';
let orbitToken = '';
let ownerToken = '';

async function call(token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${full.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  owner = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  for (const page of [owner, creator]) {
    page.context().setDefaultNavigationTimeout(90_000);
    page.context().setDefaultTimeout(60_000);
  }
  await signInWithEmail(owner, full.url, 'nova-owner@example.com');
  await signInWithEmail(creator, full.url, 'invited-creator@example.com');
  const me = (await call(await tokenOf(creator), 'GET', '/user/me')).body;
  creatorUid = me.uid as string;
  creatorName = me.username as string;
  // The owner's session with the agency role, and its agency; a second agency (Orbit) by API.
  const ownerUid = (await call(await tokenOf(owner), 'GET', '/user/me')).body.uid as string;
  ownerToken = await full.stack.tokenFor(ownerUid, ['co', 'ag']);
  await owner.evaluate((t) => localStorage.setItem('murmur.token', t), ownerToken);
  expect(
    (
      await call(ownerToken, 'POST', '/guild/agencies', {
        agencyId: 'nova-talent',
        name: 'Nova Talent',
        guildSharePct: 30,
        hostSharePct: 70,
      })
    ).status,
  ).toBe(201);
  orbitToken = await full.stack.tokenFor('orbit-boss', ['ag']);
  expect(
    (
      await call(orbitToken, 'POST', '/guild/agencies', {
        agencyId: 'orbit-stars',
        name: 'Orbit Stars',
        guildSharePct: 40,
        hostSharePct: 60,
      })
    ).status,
  ).toBe(201);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('agency invitations', { timeout: 300_000 }, () => {
  it('the owner invites a creator by user id: the invitation waits and the roster stays empty', async () => {
    await owner.goto(`${full.url}/guild`);
    await owner.locator('#host-uid').waitFor();
    // Nothing typed: the field says so, and nothing is sent.
    await owner.getByTestId('invite-host').click();
    await expect.poll(() => owner.getByTestId('host-uid-error').innerText()).toContain('Creator is required.');
    await owner.fill('#host-uid', creatorUid);
    await owner.getByTestId('invite-host').click();
    const pending = owner.getByTestId('pending-invitation');
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(1);
    expect(await pending.first().innerText()).toContain(creatorName);
    expect(await owner.getByTestId('roster-host').count()).toBe(0);
    await owner.screenshot({ path: path.join(shots, 'guild-invitation-sent.png') });
    // A second agency invites the same creator.
    expect((await call(orbitToken, 'POST', '/guild/agencies/orbit-stars/invitations', { hostUid: creatorUid })).status).toBe(200);
  });

  it('the creator sees both invitations after a reload, declines one and accepts the other', async () => {
    await creator.goto(`${full.url}/guild`);
    await creator.reload();
    const invitations = creator.getByTestId('invitation');
    await expect.poll(() => invitations.count(), { timeout: 20_000 }).toBe(2);
    const texts = await invitations.allInnerTexts();
    expect(texts.join('\n')).toContain('Nova Talent');
    expect(texts.join('\n')).toContain('Orbit Stars');
    await creator.screenshot({ path: path.join(shots, 'guild-invitations-creator.png') });

    await invitations.filter({ hasText: 'Orbit Stars' }).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => invitations.count(), { timeout: 20_000 }).toBe(1);
    await invitations.filter({ hasText: 'Nova Talent' }).getByRole('button', { name: 'Accept' }).click();
    const membership = creator.getByTestId('membership');
    await membership.waitFor({ timeout: 20_000 });
    expect(await membership.innerText()).toContain('Nova Talent');
    await expect.poll(() => invitations.count(), { timeout: 20_000 }).toBe(0);
    // The answers are kept: after a reload, the membership and no invitation.
    await creator.reload();
    await membership.waitFor({ timeout: 20_000 });
    expect(await invitations.count()).toBe(0);
    await creator.screenshot({ path: path.join(shots, 'guild-membership-creator.png') });
    // The invitation also reached the notifications, leading to /guild.
    const notes = await call(await tokenOf(creator), 'GET', '/notifications');
    expect(notes.body.items.filter((n: any) => n.kind === 'agency_invitation').map((n: any) => [n.facts.agencyName, n.link])).toEqual(
      expect.arrayContaining([
        ['Nova Talent', '/guild'],
        ['Orbit Stars', '/guild'],
      ]),
    );
  });

  it("the owner's roster shows the creator, and not once they leave", async () => {
    await owner.reload();
    const host = owner.getByTestId('roster-host');
    await expect.poll(() => host.count(), { timeout: 20_000 }).toBe(1);
    expect(await host.first().innerText()).toContain(creatorName);
    expect(await owner.getByTestId('pending-invitation').count()).toBe(0);
    await owner.screenshot({ path: path.join(shots, 'guild-roster-accepted.png') });

    await creator.getByTestId('leave-agency').click();
    await creator.getByTestId('leave-dialog').waitFor();
    await creator.getByTestId('confirm-leave').click();
    await creator.getByTestId('leave-dialog').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => creator.getByTestId('membership').count(), { timeout: 20_000 }).toBe(0);
    await creator.getByTestId('empty-state').waitFor();

    await owner.reload();
    await owner.locator('#host-uid').waitFor();
    await expect
      .poll(
        async () => {
          await owner.reload();
          await owner.locator('#host-uid').waitFor();
          return owner.getByTestId('roster-host').count();
        },
        { timeout: 30_000 },
      )
      .toBe(0);
  });

  it("fits a 390 px phone: the creator's invitation with its answers", async () => {
    expect((await call(ownerToken, 'POST', '/guild/agencies/nova-talent/invitations', { hostUid: creatorUid })).status).toBe(200);
    await creator.setViewportSize({ width: 390, height: 844 });
    await creator.goto(`${full.url}/guild`);
    const invitation = creator.getByTestId('invitation');
    await expect.poll(() => invitation.count(), { timeout: 20_000 }).toBe(1);
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ['Accept', 'Decline']) {
      const box = await invitation.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await creator.screenshot({ path: path.join(shots, 'guild-invitation-phone.png') });
  });
});
