// Referral binding across streams: a user's referrer is bound once (on `referral-{uid}`), and never
// to one's own invitee, a rule about TWO users' streams. Two users connecting to each other at the
// same moment must not both succeed (a loop that pays each the other's rewards), and one user
// connecting to ten codes at once gets one referrer. Real HTTP and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralTexts, streamIds } from '@murmur/contracts';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

async function register(uid: string, referralCode: string) {
  await stack.command.deps.store.append(`user-${uid}`, [
    {
      type: 'UserRegistered',
      data: {
        uid,
        method: 'guest',
        anonymous: false,
        username: `${uid}-name`,
        profilePicUrl: null,
        roles: ['co'],
        referralCode,
        referredByCode: null,
        email: null,
        walletAddress: null,
        walletEnvironment: null,
        providerSubject: null,
        provider: null,
        telegramId: null,
        visitorId: null,
        deviceInfo: null,
        registeredAt: new Date().toISOString(),
      },
    },
  ]);
}

const connect = async (uid: string, code: string) =>
  stack.api('/referral/connect', { method: 'POST', token: await stack.tokenFor(uid), body: { code, confirmed: true } });

async function bindings(uid: string): Promise<string[]> {
  const { events } = await stack.command.deps.store.readStream(streamIds.referral(uid));
  return events.filter((e) => e.type === 'ReferrerBound').map((e) => e.data.referrerUid as string);
}

describe('referral binding under concurrency', () => {
  it('two users connecting to each other at once: exactly one binding per pair, never a loop', async () => {
    const pairs = Array.from({ length: 10 }, (_, i) => [`loop-a${i}`, `loop-b${i}`] as const);
    for (const [a, b] of pairs) await Promise.all([register(a, `LOOPA${i(a)}`), register(b, `LOOPB${i(b)}`)]);
    await waitForProjection(stack.db.pool, 'referral-earnings');
    const answers = await Promise.all(pairs.map(([a, b]) => Promise.all([connect(a, `LOOPB${i(b)}`), connect(b, `LOOPA${i(a)}`)])));
    for (const [n, [toB, toA]] of answers.entries()) {
      const [a, b] = pairs[n]!;
      expect([toB.status, toA.status].sort(), `pair ${n}`).toEqual([200, 422]);
      const refused = toB.status === 422 ? toB : toA;
      expect(refused.body.error.message).toBe(referralTexts.circular);
      expect([...(await bindings(a)), ...(await bindings(b))]).toHaveLength(1);
    }
  });

  it('one user connecting to ten codes at once gets exactly one referrer', async () => {
    await register('many-codes', 'MANYCODE');
    const referrers = Array.from({ length: 10 }, (_, n) => `ref-${n}`);
    for (const r of referrers) await register(r, `REFCODE${r.slice(4)}`);
    await waitForProjection(stack.db.pool, 'referral-earnings');
    const answers = await Promise.all(referrers.map((r) => connect('many-codes', `REFCODE${r.slice(4)}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(422)]);
    for (const refused of answers.filter((a) => a.status === 422)) expect(refused.body.error.message).toBe(referralTexts.alreadyBound);
    expect(await bindings('many-codes')).toHaveLength(1);
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });
});

/** The pair number at the end of a test uid. */
function i(uid: string): string {
  return uid.replace(/^\D+/, '');
}
