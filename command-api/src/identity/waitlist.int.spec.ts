// The waitlist flag over HTTP: every account starts on it (user/me says so); only an admin's
// console door changes it, with a note, and the audit trail names the operator; others get 403, a
// missing note 400, and neither writes anything.
import { headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamIds } from '@murmur/contracts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { appendedSince } from '../../../test-support/nothing-written.ts';

let stack: IdentityStack;
let user: { uid: string; token: string };
let adminUid: string;
let adminToken: string;

beforeAll(async () => {
  stack = await startIdentityStack();
  const signedIn = await stack.signInWithEmail('waitlisted@example.com');
  user = { uid: signedIn.body.uid, token: signedIn.body.token };
  adminUid = (await stack.signInWithEmail('waitlist-admin@example.com')).body.uid;
  adminToken = await stack.tokenFor(adminUid, ['co', 'ad']);
}, 120_000);
afterAll(async () => stack?.stop());

const head = async () => (await headPosition(stack.db.pool)).toString();

it('starts an account on the waitlist', async () => {
  const me = await stack.readAfter('/user/me', user.token, await head());
  expect(me.body).toMatchObject({ uid: user.uid, isWaitlist: true });
});

it('refuses anyone but an admin, and an admin without a note, writing nothing', async () => {
  const before = await head();
  const self = await stack.api(`/console/users/${user.uid}/waitlist`, {
    method: 'POST',
    token: user.token,
    body: { isWaitlist: false, note: 'let me in' },
  });
  expect(self.status).toBe(403);
  const noNote = await stack.api(`/console/users/${user.uid}/waitlist`, {
    method: 'POST',
    token: adminToken,
    body: { isWaitlist: false, note: '  ' },
  });
  expect(noNote.status).toBe(400);
  expect(noNote.body.error.message).toBe('Note is required.');
  expect(await appendedSince(stack.db.pool, BigInt(before), { streams: [streamIds.user(user.uid)], actors: [user.uid, adminUid] })).toEqual(
    [],
  );
});

it('lets the account in through the console, and the audit trail names the operator and the note', async () => {
  const letIn = await stack.api(`/console/users/${user.uid}/waitlist`, {
    method: 'POST',
    token: adminToken,
    body: { isWaitlist: false, note: 'Early mobile tester' },
  });
  expect(letIn.status).toBe(200);
  expect(letIn.body).toMatchObject({ uid: user.uid, isWaitlist: false });
  const me = await stack.readAfter('/user/me', user.token, letIn.body.position);
  expect(me.body.isWaitlist).toBe(false);
  const detail = await stack.readAfter(`/console/users/${user.uid}`, adminToken, letIn.body.position);
  expect(detail.body.isWaitlist).toBe(false);
  const audit = await stack.readAfter(`/console/audit?subject=${encodeURIComponent(`user:${user.uid}`)}`, adminToken, letIn.body.position);
  expect(audit.body.items).toEqual([
    expect.objectContaining({
      action: 'user.waitlist.let-in',
      reason: 'Early mobile tester',
      operator: expect.objectContaining({ uid: adminUid }),
    }),
  ]);

  // The same again changes nothing; putting it back is another audited action.
  const before = await head();
  const again = await stack.api(`/console/users/${user.uid}/waitlist`, {
    method: 'POST',
    token: adminToken,
    body: { isWaitlist: false, note: 'twice' },
  });
  expect(again.status).toBe(200);
  expect(await appendedSince(stack.db.pool, BigInt(before), { streams: [streamIds.user(user.uid)], actors: [adminUid] })).toEqual([]);
  const back = await stack.api(`/console/users/${user.uid}/waitlist`, {
    method: 'POST',
    token: adminToken,
    body: { isWaitlist: true, note: 'Tester left' },
  });
  expect((await stack.readAfter('/user/me', user.token, back.body.position)).body.isWaitlist).toBe(true);
});
