// In two browsers: a user applies on /tier (the form's refusals first), sees the
// application waiting after a reload; an admin opens the review, starts a rejection and cancels it,
// then approves; the applicant's open page turns into "Verified Host" live and the badge shows on
// the profile, also at phone width; revoking the role in the console takes the badge away again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCommands } from '../../command-api/src/identity/user-commands.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { me, signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let applicant: Page;
let admin: Page;
let applicantUid = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  applicant = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  applicant.on('pageerror', (e) => console.error('applicant page error:', e.message));
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

// Each step gets room: on a loaded machine a sign-in alone can take a minute.
const STEP_MS = 300_000;
const WAIT = { timeout: 60_000 };

describe('becoming a host', () => {
  it(
    'signs the applicant in',
    async () => {
      await signInWithEmail(applicant, full.url, 'would-be-host@example.com');
      applicantUid = (await me(applicant)).uid;
    },
    STEP_MS,
  );

  it(
    'refuses an incomplete form, then sends the application, which stays pending after a reload',
    async () => {
      await applicant.goto(`${full.url}/tier`);
      const form = applicant.getByTestId('host-application-form');
      await form.waitFor({ timeout: 60_000 });
      await applicant.getByTestId('submit-host-application').click();
      await applicant.getByTestId('host-about-error').waitFor(WAIT);
      expect(await applicant.getByTestId('host-about-error').innerText()).toBe('Tell us about yourself in 20 to 1,000 characters.');
      expect(await applicant.getByTestId('host-hours-error').innerText()).toBe('Hours per week must be a whole number from 1 to 80.');
      await applicant.fill('#host-about', 'I host a cosy language-exchange lobby for Spanish learners.');
      await applicant.fill('#host-topics', 'Spanish practice, travel stories');
      await applicant.fill('#host-hours', '5');
      await applicant.getByTestId('submit-host-application').click();
      await form.getByText('Please accept the host terms to apply.').waitFor(WAIT);
      await applicant.getByTestId('host-accept-terms').check();
      await applicant.getByTestId('submit-host-application').click();
      const status = applicant.getByTestId('host-application-status');
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).toBe('pending');
      expect(await form.count()).toBe(0);
      await applicant.reload();
      await expect
        .poll(() => applicant.getByTestId('host-application-status').getAttribute('data-status'), { timeout: 60_000 })
        .toBe('pending');
      expect(await applicant.getByTestId('host-application-form').count()).toBe(0);
      await applicant.screenshot({ path: path.join(shots, 'tier-pending.png') });
    },
    STEP_MS,
  );

  it(
    'an admin reviews it, cancels a rejection midway, and approves',
    async () => {
      // The admin's role is granted on the account, then a fresh sign-in carries it in the token.
      const first = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const firstPage = await first.newPage();
      await signInWithEmail(firstPage, full.url, 'host-admin@example.com');
      const adminUid = (await me(firstPage)).uid;
      await first.close();
      await userCommands.run(full.stack.command.deps, adminUid, { type: 'GrantRole', role: 'ad', by: 'e2e', now: new Date() });
      admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await signInWithEmail(admin, full.url, 'host-admin@example.com');
      await admin.goto(`${full.url}/tier`);
      const card = admin.locator(`[data-testid="host-application"][data-uid="${applicantUid}"]`);
      await card.waitFor({ timeout: 60_000 });
      expect(await card.innerText()).toContain('Spanish practice, travel stories');
      await card.getByTestId('reject-application').click();
      await card.getByTestId('confirm-reject').click();
      await card.getByText('Please give the applicant a reason for the rejection.').waitFor(WAIT);
      await admin.screenshot({ path: path.join(shots, 'host-review.png') });
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.getByTestId('approve-application').click();
      await card.waitFor({ state: 'detached', timeout: 60_000 });
    },
    STEP_MS,
  );

  it(
    'the applicant sees Verified Host live, and the badge on the profile, also on a phone',
    async () => {
      // The page stayed open: the decision arrives on the user's channel.
      await applicant.getByTestId('host-verified').waitFor({ timeout: 60_000 });
      expect(await applicant.getByTestId('host-application-form').count()).toBe(0);
      await applicant.screenshot({ path: path.join(shots, 'tier-verified.png') });
      await applicant.goto(`${full.url}/profile`);
      await applicant.locator('[data-badge="verified-host"]').first().waitFor({ timeout: 60_000 });
      // Someone else sees it too: the admin opens the applicant's profile.
      await admin.goto(`${full.url}/profile?uid=${applicantUid}`);
      await admin.locator('[data-badge="verified-host"]').first().waitFor({ timeout: 60_000 });
      await applicant.setViewportSize({ width: 390, height: 844 });
      await applicant.goto(`${full.url}/tier`);
      await applicant.getByTestId('host-verified').waitFor({ timeout: 60_000 });
      await applicant.screenshot({ path: path.join(shots, 'tier-phone.png') });
    },
    STEP_MS,
  );

  it(
    'revoking the host role in the console takes the Verified Host badge away',
    async () => {
      await admin.goto(`${full.url}/console/users/${encodeURIComponent(applicantUid)}`);
      await admin.getByRole('button', { name: 'Revoke Host' }).click();
      await admin.getByText('Host revoked.').first().waitFor({ timeout: 30_000 });
      await admin.goto(`${full.url}/profile?uid=${applicantUid}`);
      await admin.getByRole('tab', { name: 'Profile' }).first().waitFor({ timeout: 60_000 });
      await expect.poll(() => admin.locator('[data-badge="verified-host"]').count(), { timeout: 30_000 }).toBe(0);
    },
    STEP_MS,
  );
});
