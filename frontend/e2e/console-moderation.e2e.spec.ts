// In the browser: a user reports a chat message from the lobby; the admin opens the
// console (a non-admin gets the Unauthorized page), sees the message with its context and bans the
// author from the queue; the author's open lobby session ends at once and signing in again shows
// 'Your account is banned.'; the reporter is told the outcome in notifications; a second tab that
// still shows the report is refused with the console's text. Screenshots at desktop and phone width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { latestCode, signInWithEmail, uidOf } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let amy: Page;
let troll: Page;
let admin: Page;
let lobbyId = '';

const desktop = { viewport: { width: 1280, height: 800 } };

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  const newPage = async () => {
    const page = await (await browser.newContext(desktop)).newPage();
    // Generous on a machine shared with other test runs: a first load of the built app can be slow.
    page.setDefaultNavigationTimeout(120_000);
    page.setDefaultTimeout(60_000);
    return page;
  };
  [amy, troll, admin] = await Promise.all([newPage(), newPage(), newPage()]);
  // One after another: three first page loads at once can outlast the load timeout on a busy machine.
  await signInWithEmail(amy, full.url, 'amy-console@example.com');
  await signInWithEmail(troll, full.url, 'troll-console@example.com');
  await signInWithEmail(admin, full.url, 'admin-console@example.com');
  // The admin role is granted by another admin (an event); the admin's next token carries it.
  const root = await full.stack.tokenFor('root-operator', ['co', 'ad']);
  const granted = await full.stack.api(`/admin/users/${await uidOf(admin)}/roles`, { method: 'POST', token: root, body: { role: 'ad' } });
  expect(granted.status).toBe(200);
  await admin.evaluate(async () => {
    const res = await fetch('/api/v1/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    localStorage.setItem('murmur.token', ((await res.json()) as { token: string }).token);
  });
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

// No retry: each step builds on the one before (a report decided once cannot be decided again), so
// a retried step would only fail earlier and hide the first failure.
describe('operators console: a reported chat message to a ban', { timeout: 300_000, retry: 0 }, () => {
  it('shows the console to admins only', async () => {
    await amy.goto(`${full.url}/console`);
    await amy.getByTestId('unauthorized').waitFor();
    expect(await amy.getByTestId('unauthorized').innerText()).toContain('You do not have permissions to access this page.');
    expect(await amy.getByRole('navigation', { name: 'Main menu' }).getByText('Console').count()).toBe(0);

    await admin.goto(`${full.url}/`);
    await admin.getByRole('navigation', { name: 'Main menu' }).getByText('Console').click();
    await admin.waitForURL(/\/console\/reports$/);
    await admin.getByText('No open reports').waitFor();
  });

  it('lets a user report a chat message from the lobby', async () => {
    await amy.goto(`${full.url}/`);
    await amy.getByTestId('create-lobby').click();
    await amy.fill('#lobby-title', 'Friendly chat');
    await amy.getByTestId('create-lobby-submit').click();
    await amy.waitForURL(/\/lobby\/[\w-]+$/);
    lobbyId = amy.url().split('/lobby/')[1]!;
    await troll.goto(`${full.url}/lobby/${lobbyId}`);
    await troll.getByTestId('chat-input').waitFor({ timeout: 15_000 });
    await amy.getByTestId('chat-input').fill('Welcome, be nice!');
    await amy.getByTestId('chat-send').click();
    await troll.getByTestId('chat-message').filter({ hasText: 'Welcome, be nice!' }).waitFor({ timeout: 15_000 });
    await troll.getByTestId('chat-input').fill('Cheap followers at scam.example, DM me');
    await troll.getByTestId('chat-send').click();

    const line = amy.getByTestId('chat-message').filter({ hasText: 'Cheap followers' });
    await line.waitFor({ timeout: 15_000 });
    // Her own line has no report button; the other person's has.
    expect(await amy.getByTestId('chat-message').filter({ hasText: 'Welcome, be nice!' }).getByTestId('report-message').count()).toBe(0);
    await line.hover();
    await line.getByTestId('report-message').click();
    const dialog = amy.getByTestId('report-dialog');
    await dialog.waitFor();
    // Closing midway forgets it; nothing is sent.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await line.hover();
    await line.getByTestId('report-message').click();
    expect(await dialog.getByTestId('report-send').isDisabled()).toBe(true);
    await dialog.getByText('Spam or scam').click();
    await dialog.getByTestId('report-details').fill('Posting scam links');
    await amy.screenshot({ path: path.join(shots, 'console-report-dialog.png') });
    await dialog.getByTestId('report-send').click();
    await amy.getByText('Thanks, your report was sent to our moderators.').waitFor();
  });

  it('bans the author from the queue: the lobby session ends at once and sign-in is refused', async () => {
    const stale = await admin.context().newPage();
    stale.setDefaultNavigationTimeout(120_000);
    stale.setDefaultTimeout(60_000);
    for (const page of [admin, stale]) await page.goto(`${full.url}/console/reports`);
    const card = admin.getByTestId('report-card').first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('report-content').innerText()).toBe('Cheap followers at scam.example, DM me');
    expect(await card.innerText()).toContain('Welcome, be nice!');
    expect(await card.innerText()).toContain('Spam or scam: Posting scam links');
    await stale.getByTestId('report-card').first().waitFor({ timeout: 15_000 });

    // Before the ban the author sits in the lobby's audience on the reporter's page.
    const trollName = await troll.evaluate(
      async () =>
        (
          (await (
            await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })
          ).json()) as { username: string }
        ).username,
    );
    await expect.poll(() => amy.getByTestId('audience').innerText(), { timeout: 15_000 }).toContain(trollName);
    await card.getByTestId('decide-ban').click();
    await card.getByTestId('decide-reason').fill('Scam links in chat');
    await card.getByTestId('decide-duration').selectOption({ label: '7 days' });
    await admin.screenshot({ path: path.join(shots, 'console-reports.png') });
    await card.getByTestId('decide-submit').click();
    await admin.getByText('Report decided: Ban').waitFor();
    // Out of the lobby as an event, live on the others' pages: her audience no longer shows him (the
    // strip goes when he was its last face).
    await amy.getByTestId('audience').filter({ hasText: trollName }).waitFor({ state: 'detached', timeout: 10_000 });

    // The author's open lobby page: signed out at once, told why, and still told when he looks.
    const bannedNotice = troll.getByTestId('toast').filter({ hasText: 'Your account is banned.' });
    await bannedNotice.waitFor({ timeout: 15_000 });
    await troll.getByTestId('sign-in').waitFor({ timeout: 15_000 });
    await troll.screenshot({ path: path.join(shots, 'console-banned-author.png') });
    // Dismissed, so the notice below is the refused sign-in's own.
    await bannedNotice.getByRole('button', { name: 'Dismiss' }).click();
    await bannedNotice.waitFor({ state: 'detached' });
    await troll.getByTestId('sign-in').click();
    await troll.getByTestId('login-email').click();
    await troll.fill('#login-email-input', 'troll-console@example.com');
    const seen = await lastMailId('troll-console@example.com');
    await troll.getByTestId('send-code').click();
    await troll.locator('#otp-input').waitFor();
    await troll.locator('#otp-input').fill(await latestCode(full.url, 'troll-console@example.com', seen));
    await troll.getByTestId('verify-code').click();
    await troll.getByText('Your account is banned.').first().waitFor({ timeout: 15_000 });

    // The second tab still shows the report: its decision is refused with the console's text.
    const staleCard = stale.getByTestId('report-card').first();
    await staleCard.getByTestId('decide-dismiss').click();
    await staleCard.getByTestId('decide-submit').click();
    expect(await staleCard.getByTestId('decide-error').innerText()).toBe('This report has already been decided.');
    await stale.close();
  });

  it('tells the reporter the outcome in notifications', async () => {
    await amy.goto(`${full.url}/notifications`);
    await amy.getByText('Your report was reviewed').waitFor({ timeout: 15_000 });
    expect(await amy.getByText('We banned the account.').count()).toBe(1);
    await amy.screenshot({ path: path.join(shots, 'console-reporter-notified.png') });
  });

  it('shows the ban in the user page and the audit trail, refusing a self-ban; at phone width too', async () => {
    await admin.goto(`${full.url}/console/reports`);
    await admin.getByRole('tab', { name: 'Decided' }).click();
    await admin.getByTestId('report-decision').first().waitFor();
    await admin.getByTestId('report-card').first().getByRole('link', { name: /troll/ }).click();
    await admin.getByTestId('console-user').waitFor();
    await admin.getByTestId('ban-history').first().waitFor();
    expect(await admin.getByTestId('ban-history').first().innerText()).toContain('Scam links in chat');
    // The audit trail is its own request: it may still be loading when the ban history shows.
    await expect.poll(() => admin.getByTestId('audit-row').count(), { timeout: 15_000 }).toBe(2);
    await admin.screenshot({ path: path.join(shots, 'console-user.png'), fullPage: true });

    await admin.goto(`${full.url}/console/users/${await uidOf(admin)}`);
    await admin.getByTestId('ban-reason').fill('testing');
    await admin.getByTestId('ban-submit').click();
    expect(await admin.getByTestId('ban-error').innerText()).toBe('You cannot ban or silence yourself.');

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${full.url}/console/audit`);
    await admin.getByTestId('audit-row').first().waitFor();
    await admin.screenshot({ path: path.join(shots, 'console-audit-phone.png') });
  });
});

/** The newest dev-mailbox id for an address before a new code is asked for. */
async function lastMailId(email: string): Promise<number> {
  const res = await fetch(`${full.url}/api/v1/dev/mailbox?email=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { items: Array<{ id: string }> };
  return Math.max(0, ...body.items.map((m) => Number(m.id)));
}
