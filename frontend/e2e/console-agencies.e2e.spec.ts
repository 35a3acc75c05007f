// In the browser: an admin opens the console's Agencies section, sees an agency
// still to verify with its owner and host count, opens its roster (each host's charm since the last
// settlement) and its settlements (to settle, paid, status), verifies it (a note is required, its
// text shown inline) and sees it verified; the section at phone width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { waitForProjection } from '../../test-support/projection-replay.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let admin: Page;

async function call(token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${full.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  admin.setDefaultTimeout(60_000);
  await signInWithEmail(admin, full.url, 'agency-operator@example.com');
  const root = await full.stack.tokenFor('agencies-root', ['co', 'ad']);
  const adminUid = (await call(await admin.evaluate(() => localStorage.getItem('murmur.token')!), 'GET', '/user/me')).body.uid as string;
  expect((await call(root, 'POST', `/admin/users/${adminUid}/roles`, { role: 'ad', action: 'grant' })).status).toBe(200);
  await admin.evaluate(async () => {
    const res = await fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'include' });
    localStorage.setItem('murmur.token', ((await res.json()) as { token: string }).token);
  });

  // An agency with two hosts, gifts to one of them, and a settled period.
  const boss = await full.stack.tokenFor('aurora-boss', ['ag']);
  const periodStart = new Date(Date.now() - 60_000).toISOString();
  expect(
    (await call(boss, 'POST', '/guild/agencies', { agencyId: 'aurora', name: 'Aurora Talent', guildSharePct: 30, hostSharePct: 70 }))
      .status,
  ).toBe(201);
  // Each host joins by accepting the agency's invitation.
  for (const hostUid of ['aurora-host-1', 'aurora-host-2']) {
    expect((await call(boss, 'POST', '/guild/agencies/aurora/invitations', { hostUid })).status).toBe(200);
    expect((await call(await full.stack.tokenFor(hostUid), 'POST', '/guild/invitations/aurora/accept', {})).status).toBe(200);
  }
  await full.stack.command.deps.store.append(
    'wallet-aurora-fan',
    [
      {
        type: 'GiftSent',
        data: {
          senderUid: 'aurora-fan',
          giftId: 'g100',
          giftName: 'Rose',
          quantity: 2,
          unitPrice: 100,
          diamondsTotal: 200,
          recipients: ['aurora-host-1'],
          charmPerRecipient: 100,
          lobbyId: 'lobby-1',
          sentAt: new Date().toISOString(),
        },
      },
    ],
    { idempotencyKey: 'aurora-gift-1' },
  );
  await waitForProjection(full.stack.db.pool, 'guild');
  const settled = await call(boss, 'POST', '/guild/agencies/aurora/settlements', { periodStart, periodEnd: new Date().toISOString() });
  expect(settled.status).toBe(201);
  await waitForProjection(full.stack.db.pool, 'guild');
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe('agencies in the console', { timeout: 300_000 }, () => {
  it('lists the agency to verify and shows its roster and settlements', async () => {
    await admin.goto(`${full.url}/console/agencies`);
    const card = admin.getByTestId('console-agency').filter({ hasText: 'Aurora Talent' });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain('2 hosts');
    await card.getByTestId('agency-unverified').waitFor();
    await card.getByTestId('open-agency').click();
    await expect.poll(() => card.getByTestId('roster-host').count(), { timeout: 15_000 }).toBe(2);
    const row = card.getByTestId('settlement-row').first();
    await row.waitFor({ timeout: 15_000 });
    // One receipt of 100 charm at 30/70: 70 to settle for the hosts, nothing paid yet.
    expect(
      (await row.innerText())
        .split(/[\t\n]+/)
        .map((c) => c.trim())
        .slice(1, 5),
    ).toEqual(['1', '100', '70', '0']);
    expect((await row.innerText()).toLowerCase()).toContain('pending');
  });

  it('verifies it with a note (required) and shows it verified', async () => {
    const card = admin.getByTestId('console-agency').filter({ hasText: 'Aurora Talent' });
    await card.getByTestId('verify-agency').click();
    await expect.poll(() => card.getByTestId('verify-error').innerText(), { timeout: 10_000 }).toBe('Note is required.');
    await card.getByTestId('verify-note').fill('Business licence checked');
    await admin.screenshot({ path: path.join(shots, 'console-agencies.png') });
    await card.getByTestId('verify-agency').click();
    await card.getByTestId('agency-verified').waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('verify-agency').count()).toBe(0);
    const events = (await full.stack.command.deps.store.readStream('agency-aurora')).events.filter((e) => e.type === 'AgencyVerified');
    expect(events.map((e) => e.data.note)).toEqual(['Business licence checked']);
  });

  it('shows the section at phone width', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await admin
      .getByTestId('console-agency')
      .filter({ hasText: 'Aurora Talent' })
      .getByTestId('agency-verified')
      .waitFor({ timeout: 30_000 });
    await admin.screenshot({ path: path.join(shots, 'console-agencies-phone.png') });
  });
});
