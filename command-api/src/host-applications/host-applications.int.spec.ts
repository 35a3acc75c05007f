// Becoming a host over HTTP: the form's refusals write nothing; one open application per user even
// when two submits race; only an admin decides, on the application they saw; a rejection carries its
// reason to the applicant; an approval grants role `h` and the Verified Host badge, which shows on
// the user's card, and both outcomes notify the applicant; revoking `h` takes the badge away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let adminToken: string;
beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await stack.tokenFor('ha-admin', ['co', 'ad']);
});
afterAll(async () => stack?.stop());

const form = {
  about: 'I run a late-night jazz listening lobby every week.',
  topics: 'Jazz, vinyl, music talk',
  hoursPerWeek: 6,
  acceptTerms: true,
};
const post = (token: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  stack.api(path, { method: 'POST', token, body, headers });
const read = async (token: string, path: string, position?: string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await stack.api(path, { token, headers: position ? { 'x-min-position': position } : {} });
    if (res.headers.get('x-stale') !== 'true' || Date.now() > deadline) return res;
  }
};
const streamTypes = async (stream: string) => (await stack.command.deps.store.readStream(stream)).events.map((e) => e.type);

describe('host applications', () => {
  it('refuses a bad form with the form text and writes nothing', async () => {
    const user = await signUpWithWallet(stack.commandUrl);
    const noTerms = await post(user.token, '/host/application', { ...form, acceptTerms: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error.message).toBe('Please accept the host terms to apply.');
    const short = await post(user.token, '/host/application', { ...form, about: 'hi' });
    expect(short.body.error.message).toBe('Tell us about yourself in 20 to 1,000 characters.');
    const hours = await post(user.token, '/host/application', { ...form, hoursPerWeek: 0 });
    expect(hours.body.error.message).toBe('Hours per week must be a whole number from 1 to 80.');
    expect(await streamTypes(`hostapplication-${user.uid}`)).toEqual([]);
    const mine = await read(user.token, '/host/application');
    expect(mine.body).toMatchObject({ isHost: false, application: null });
  });

  it('keeps one open application per user when two submits race', async () => {
    const user = await signUpWithWallet(stack.commandUrl);
    const results = await Promise.all([1, 2].map(() => post(user.token, '/host/application', form)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe('You already have an application waiting for review.');
    expect(await streamTypes(`hostapplication-${user.uid}`)).toEqual(['HostApplicationSubmitted']);
  });

  it('only an admin decides; a rejection shows its reason, a new application can then be approved', async () => {
    const user = await signUpWithWallet(stack.commandUrl);
    const stranger = await signUpWithWallet(stack.commandUrl);
    const applied = await post(user.token, '/host/application', form);
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ status: 'pending', applicationId: `${user.uid}:1` });
    const first = applied.body.applicationId as string;

    const queue = await read(adminToken, '/admin/host-applications?status=pending', applied.body.position);
    const row = queue.body.items.find((i: { applicationId: string }) => i.applicationId === first);
    expect(row).toMatchObject({ status: 'pending', topics: 'Jazz, vinyl, music talk', hoursPerWeek: 6, applicant: { uid: user.uid } });
    expect((await read(user.token, '/admin/host-applications')).status).toBe(403);

    const before = await streamTypes(`hostapplication-${user.uid}`);
    const notAdmin = await post(stranger.token, `/admin/host-applications/${user.uid}/decide`, {
      applicationId: first,
      decision: 'approve',
    });
    expect(notAdmin.status).toBe(403);
    const self = await post(user.token, `/admin/host-applications/${user.uid}/decide`, { applicationId: first, decision: 'approve' });
    expect(self.status).toBe(403);
    const noReason = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, { applicationId: first, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Please give the applicant a reason for the rejection.');
    const unknown = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, {
      applicationId: `${user.uid}:9`,
      decision: 'approve',
    });
    expect(unknown.status).toBe(404);
    expect(await streamTypes(`hostapplication-${user.uid}`)).toEqual(before);

    const rejected = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, {
      applicationId: first,
      decision: 'reject',
      reason: 'Please add a profile picture first.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    const seen = await read(user.token, '/host/application', rejected.body.position);
    expect(seen.body).toMatchObject({
      isHost: false,
      application: { applicationId: first, status: 'rejected', reason: 'Please add a profile picture first.' },
    });
    const told = await read(user.token, '/notifications', rejected.body.position);
    expect(told.body.items[0]).toMatchObject({
      kind: 'host_rejected',
      facts: { reason: 'Please add a profile picture first.' },
      link: '/tier',
    });

    const again = await post(user.token, '/host/application', form);
    expect(again.status).toBe(201);
    const second = again.body.applicationId as string;
    expect(second).toBe(`${user.uid}:2`);
    // A stale screen approving the first (rejected) application decides nothing.
    const stale = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, { applicationId: first, decision: 'approve' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('This application has already been decided.');

    const approved = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, { applicationId: second, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await streamTypes(`user-${user.uid}`)).toContain('RoleGranted');
    const p = approved.body.position as string;
    expect((await read(user.token, '/host/application', p)).body).toMatchObject({
      isHost: true,
      application: { applicationId: second, status: 'approved', reason: null },
    });
    const collections = await read(user.token, '/wallet/collections?kind=badge', p);
    expect(collections.body.items).toEqual([
      expect.objectContaining({ itemId: 'verified-host', name: 'Verified Host', status: 'active', expiresAt: null }),
    ]);
    const profile = await read(stranger.token, `/user/profile/view/${user.uid}`, p);
    expect(profile.body.wornBadges).toEqual(['verified-host']);
    const notified = await read(user.token, '/notifications', p);
    expect(notified.body.items[0]).toMatchObject({ kind: 'host_approved', link: '/tier' });

    // The same approval clicked twice changes nothing; rejecting it now is refused; a host cannot apply again.
    const twice = await post(adminToken, `/admin/host-applications/${user.uid}/decide`, { applicationId: second, decision: 'approve' });
    expect(twice.status).toBe(200);
    expect(
      (
        await post(adminToken, `/admin/host-applications/${user.uid}/decide`, {
          applicationId: second,
          decision: 'reject',
          reason: 'changed my mind',
        })
      ).status,
    ).toBe(409);
    const host = await post(user.token, '/host/application', form);
    expect(host.status).toBe(422);
    expect(host.body.error.message).toBe('You are already a verified host.');
    expect((await streamTypes(`user-${user.uid}`)).filter((t) => t === 'RoleGranted')).toHaveLength(1);

    // Both decisions are in the operators' audit trail, about the applicant.
    const trail = await read(adminToken, `/console/audit?subject=${encodeURIComponent(`user:${user.uid}`)}`, p);
    expect(trail.body.items.map((i: { action: string; reason: string | null }) => [i.action, i.reason])).toEqual(
      expect.arrayContaining([
        ['host-application.approve', null],
        ['host-application.reject', 'Please add a profile picture first.'],
        ['role.grant.h', null],
      ]),
    );

    // Revoking role h takes the Verified Host badge away: from the collection, the card and the profile.
    const revoked = await post(adminToken, `/admin/users/${user.uid}/roles`, { role: 'h', action: 'revoke' });
    expect(revoked.status).toBe(200);
    const r = revoked.body.position as string;
    expect((await read(user.token, '/wallet/collections?kind=badge', r)).body.items).toEqual([]);
    const after = await read(stranger.token, `/user/profile/view/${user.uid}`, r);
    expect(after.body.wornBadges).toEqual([]);
    expect(after.body.badges).not.toContain('Verified Host');
    // Granted again by an admin, the badge comes back with the role.
    const regranted = await post(adminToken, `/admin/users/${user.uid}/roles`, { role: 'h', action: 'grant' });
    expect((await read(stranger.token, `/user/profile/view/${user.uid}`, regranted.body.position as string)).body.wornBadges).toEqual([
      'verified-host',
    ]);
  });
});
