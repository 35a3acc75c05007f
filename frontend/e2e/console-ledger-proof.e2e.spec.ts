// In the browser: an admin makes a person an auditor (role au); the auditor signs in, finds Console
// in the menu with the Ledger proof section alone, opens an account's ledger, verifies a movement's
// proof (recomputed in the browser) and a signed digest, downloads the account's export (checked
// line by line, and by `audit --verify-export`); the section at phone width; a creator sees no
// Console in the menu and is refused at the section's URL.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENESIS_HASH, streamIds } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { DEMO_LEDGER_DIGEST_KEY } from '@murmur/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { recordLedgerDigest } from '../../projections/src/ledger-digest.ts';
import { ledgerProofCommand } from '../../projections/src/ledger-proof-cli.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const HOLDER = 'ledger-e2e-holder';
let full: FullStack;
let browser: Browser;
let auditor: Page;
let creator: Page;

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
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
  auditor = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  for (const page of [auditor, creator]) page.setDefaultTimeout(90_000);
  await signInWithEmail(auditor, full.url, 'audrey-e2e@example.com');
  await signInWithEmail(creator, full.url, 'creator-ledger@example.com');
  for (const [i, amount] of [500, 20, 7].entries())
    await creditDiamonds(full.stack.command.deps, {
      uid: HOLDER,
      amount,
      reason: 'demo_grant',
      reference: 'e2e',
      idempotencyKey: `e2e-${i}`,
    });
  await recordLedgerDigest(full.stack.db.pool, new PostgresEventStore(full.stack.db.pool), DEMO_LEDGER_DIGEST_KEY, { by: 'cli' });
  // Made an auditor by an admin through the roles door; a refreshed token carries the role.
  const root = await full.stack.tokenFor('ledger-root', ['co', 'ad']);
  const auditorUid = (await call(await tokenOf(auditor), 'GET', '/user/me')).body.uid as string;
  expect((await call(root, 'POST', `/admin/users/${auditorUid}/roles`, { role: 'au', action: 'grant' })).status).toBe(200);
  const creatorUid = (await call(await tokenOf(creator), 'GET', '/user/me')).body.uid as string;
  expect((await call(root, 'POST', `/admin/users/${creatorUid}/roles`, { role: 'cr', action: 'grant' })).status).toBe(200);
  for (const page of [auditor, creator])
    await page.evaluate(async () => {
      const res = await fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'include' });
      localStorage.setItem('murmur.token', ((await res.json()) as { token: string }).token);
    });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

describe("the auditor's view", { timeout: 300_000 }, () => {
  it('the auditor finds the Ledger proof section alone in the console', async () => {
    await auditor.goto(`${full.url}/`);
    await expect.poll(() => auditor.getByRole('navigation', { name: 'Main menu' }).innerText(), { timeout: 45_000 }).toContain('Console');
    await auditor.getByRole('navigation', { name: 'Main menu' }).getByText('Console').click();
    await auditor.waitForURL(/\/console\/ledger-proof/);
    const sections = auditor.locator('[data-testid^="console-nav-"]');
    expect(await sections.count()).toBe(1);
    expect(await sections.innerText()).toContain('Ledger proof');
  });

  it("opens an account's ledger and verifies a movement's proof in the browser", async () => {
    await auditor.fill('#ledger-uid', HOLDER);
    await auditor.getByTestId('ledger-open').click();
    await auditor.waitForURL(new RegExp(`/console/ledger-proof/accounts/${HOLDER}$`));
    const movements = auditor.getByTestId('movement');
    await expect.poll(() => movements.count(), { timeout: 45_000 }).toBe(3);
    expect(await movements.nth(0).innerText()).toContain(GENESIS_HASH);
    const second = movements.nth(1);
    expect(await second.innerText()).toContain(`${streamIds.wallet(HOLDER)} · version 2`);
    await second.getByTestId('verify-movement').click();
    const verdict = second.getByTestId('proof-verdict');
    await expect.poll(() => verdict.getAttribute('data-ok'), { timeout: 30_000 }).toBe('true');
    expect(await verdict.innerText()).toBe('Proof holds: hash recomputed, both links match');
    await auditor.screenshot({ path: path.join(shots, 'console-ledger-proof.png') });
  });

  it("downloads the account's export, which holds every movement and verifies offline", async () => {
    const [download] = await Promise.all([auditor.waitForEvent('download'), auditor.getByTestId('export-jsonl').click()]);
    expect(download.suggestedFilename()).toBe(`ledger-${HOLDER}.jsonl`);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.streamId, l.version, l.data.amount])).toEqual([
      [streamIds.wallet(HOLDER), 1, 500],
      [streamIds.wallet(HOLDER), 2, 20],
      [streamIds.wallet(HOLDER), 3, 7],
    ]);
    const out: string[] = [];
    expect(await ledgerProofCommand(full.stack.db.pool, ['--verify-export', file], (l) => out.push(l))).toBe(0);
    expect(out.at(-1)).toBe('export OK: every hash and link holds');
  });

  it('verifies a signed digest', async () => {
    await auditor.goto(`${full.url}/console/ledger-proof/digests`);
    const digest = auditor.getByTestId('digest').first();
    await digest.getByTestId('verify-digest').click();
    await expect.poll(() => digest.getByTestId('digest-verdict').getAttribute('data-ok'), { timeout: 30_000 }).toBe('true');
    expect(await digest.getByTestId('digest-verdict').innerText()).toBe('Signature valid, root matches the log');
  });

  it('fits a phone', async () => {
    await auditor.setViewportSize({ width: 390, height: 844 });
    await auditor.goto(`${full.url}/console/ledger-proof/accounts/${HOLDER}`);
    await expect.poll(() => auditor.getByTestId('movement').count(), { timeout: 45_000 }).toBe(3);
    expect(await auditor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await auditor.screenshot({ path: path.join(shots, 'console-ledger-proof-phone.png'), fullPage: true });
  });

  it('a creator sees no Console in the menu and is refused at the URL', async () => {
    await creator.goto(`${full.url}/`);
    await expect.poll(() => creator.getByRole('navigation', { name: 'Main menu' }).innerText(), { timeout: 45_000 }).toContain('Wallet');
    expect(await creator.getByRole('navigation', { name: 'Main menu' }).innerText()).not.toContain('Console');
    await creator.goto(`${full.url}/console/ledger-proof/accounts/${HOLDER}`);
    await expect
      .poll(() => creator.locator('body').innerText(), { timeout: 30_000 })
      .toContain('You do not have permissions to access this page.');
    expect(await creator.getByTestId('movement').count()).toBe(0);
  });
});
