// Mission, quest and fragment claims raced across two command-api processes, each started from its
// own main.ts on one database (as two replicas behind the edge would run): every claim is decided
// on the claimer's `progression-{uid}` stream with its expected version, so each user is credited
// exactly once whichever process answers, and two users claiming the same mission are paid once
// each. The ledger audit then proves the ledger.
import { findMission, findQuestStep, LIFETIME, streamIds, weekIdOf } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { startService, type ServiceProcess } from '../../../test-support/service-processes.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
let processes: ServiceProcess[] = [];
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
  const env = { DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, DEV_SMTP_SERVER: 'false' };
  processes = await Promise.all([startService('command-api', env), startService('command-api', env)]);
}, 240_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await stack?.stop();
});

/** A POST to one of the two processes. */
async function on(process: number, path: string, token: string, body: unknown = {}) {
  const res = await fetch(`${processes[process]!.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A gift to `recipient`, its diamonds granted to the sender first (so the ledger stays whole). */
async function gift(sender: string, recipient: string, quantity: number): Promise<bigint> {
  const deps = stack.command.deps;
  await creditDiamonds(deps, {
    uid: sender,
    amount: quantity * 10,
    reason: 'demo_grant',
    reference: 'test',
    idempotencyKey: `tp-grant-${++n}`,
  });
  const sent = await deps.store.append(
    streamIds.wallet(sender),
    [
      {
        type: 'GiftSent',
        data: {
          senderUid: sender,
          giftId: 'rose',
          giftName: 'Rose',
          quantity,
          unitPrice: 10,
          diamondsTotal: quantity * 10,
          recipients: [recipient],
          charmPerRecipient: quantity * 5,
          sentAt: new Date().toISOString(),
        },
      },
    ],
    { idempotencyKey: `tp-gift-${++n}` },
  );
  return sent.lastPosition;
}

describe('claims raced across two command processes', () => {
  it('credits each user exactly once per mission, quest step and fragment combine, whichever process answers', async () => {
    const users = ['tp-ann', 'tp-ben'];
    const tokens = await Promise.all(users.map((u) => stack.tokenFor(u)));
    for (const uid of users) {
      await gift(uid, 'tp-host', 1); // the first quest step: send a gift
      await gift('tp-fan', uid, 10); // the weekly mission: receive 10 gifts (+50 diamonds)
      await stack.command.deps.store.append(
        streamIds.progression(uid),
        [
          {
            type: 'RewardClaimed',
            data: {
              uid,
              claimId: 'quest:tp-seed:all',
              source: 'quest',
              sourceId: 'tp-seed',
              periodId: LIFETIME,
              title: 'Seed',
              reward: { exp: 0, diamonds: 0, fragments: [{ kind: 'heart', count: 10 }] },
              claimedAt: new Date().toISOString(),
            },
          },
        ],
        { idempotencyKey: `tp-seed-${uid}` },
      ); // every reward event carries a key (the audit checks)
    }
    await waitForProjection(stack.db.pool, 'progression');

    const mission = findMission('weekly-receive-10')!;
    const step = findQuestStep('generous-1')!.step;
    expect(mission.reward.diamonds).toBe(50);
    // Every user: 8 mission claims, 8 quest claims and 6 combines, alternating between the two
    // processes, all at once.
    const requests = users.flatMap((uid, u) => [
      ...Array.from({ length: 8 }, (_, i) => ({
        uid,
        kind: 'mission',
        run: () => on(i % 2, `/progression/missions/${mission.id}/claim`, tokens[u]!),
      })),
      ...Array.from({ length: 8 }, (_, i) => ({
        uid,
        kind: 'quest',
        run: () => on((i + 1) % 2, `/progression/quests/${step.id}/claim`, tokens[u]!),
      })),
      ...Array.from({ length: 6 }, (_, i) => ({
        uid,
        kind: 'combine',
        run: () => on(i % 2, '/progression/fragments/combine', tokens[u]!, { kind: 'heart' }),
      })),
    ]);
    const answers = await Promise.all(requests.map(async (r) => ({ ...r, ...(await r.run()) })));

    const missionClaim = `mission:${mission.id}:${weekIdOf(new Date())}`;
    const questClaim = `quest:${step.id}:${LIFETIME}`;
    for (const uid of users) {
      const mine = answers.filter((a) => a.uid === uid);
      // A repeated claim answers with the first one (its key) or is refused as claimed; a combine
      // after the first finds too few fragments.
      for (const kind of ['mission', 'quest']) {
        const claims = mine.filter((a) => a.kind === kind);
        expect(
          claims.every((a) => a.status === 200 || a.status === 409),
          JSON.stringify(claims.map((a) => [a.status, a.body])),
        ).toBe(true);
        expect(claims.filter((a) => a.status === 200 && a.body.duplicate === false)).toHaveLength(1);
      }
      expect(
        mine
          .filter((a) => a.kind === 'combine')
          .map((a) => a.status)
          .sort(),
      ).toEqual([200, 422, 422, 422, 422, 422]);

      const progression = (await stack.command.deps.store.readStream(streamIds.progression(uid))).events;
      const claimed = progression.filter((e) => e.type === 'RewardClaimed').map((e) => e.data.claimId);
      expect(claimed.sort()).toEqual([missionClaim, questClaim, 'quest:tp-seed:all'].sort());
      expect(progression.filter((e) => e.type === 'FragmentsCombined')).toHaveLength(1);
    }

    // Each process runs the reward reactor as well: give both time to see the claims, then count
    // the credits. One 50-diamond reward per user for the one mission both claimed.
    await new Promise((r) => setTimeout(r, 1500));
    for (const uid of users) {
      const credits = (await stack.command.deps.store.readStream(streamIds.wallet(uid))).events.filter(
        (e) => e.type === 'DiamondsCredited' && e.data.reason === 'reward',
      );
      expect(credits.map((e) => [e.data.amount, e.data.reference])).toEqual([[50, missionClaim]]);
    }

    await waitForProjection(stack.db.pool, 'wallet-balances');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  }, 120_000);
});
