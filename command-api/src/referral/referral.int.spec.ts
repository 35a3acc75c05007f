// A referral chain of three users over two weeks, end to end: registration and connect bindings,
// reward rows traced to their top-ups, the weekly unlock, the 5 USDT minimum carried over, a re-run
// and a rebuild that pay nothing twice, and the rebuilt read model equal to a full replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralTexts, texts } from '@murmur/contracts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { referralEarnings } from '../../../projections/src/projectors/referral-earnings.ts';
import { reportIfSlow } from '../../../test-support/hang-report.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { RecordingUsdtPayout } from './payout-port.ts';
import { ReferralSettlement } from './settlement.ts';

let stack: TestStack;
const DAY = 86_400_000;

async function register(uid: string, referralCode: string, referredByCode: string | null, registeredAt: Date) {
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
        referredByCode,
        email: null,
        walletAddress: null,
        walletEnvironment: null,
        providerSubject: null,
        provider: null,
        telegramId: null,
        visitorId: null,
        deviceInfo: null,
        registeredAt: registeredAt.toISOString(),
      },
    },
  ]);
}

let topUpCount = 0;
async function topUp(uid: string, amount: number, at: string) {
  const r = await stack.command.deps.store.append(
    `wallet-${uid}`,
    [
      {
        type: 'DiamondsCredited',
        data: { uid, amount, reason: 'topup', reference: `payment-${++topUpCount}`, creditedAt: at },
      },
    ],
    { idempotencyKey: `test-topup-${topUpCount}` },
  );
  return r.lastPosition;
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('referral', () => {
  const now = new Date();
  const tokens = {} as Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', string>;

  it('binds referrers at registration and by connect, with the rules', async () => {
    for (const uid of ['alice', 'bob', 'carol', 'dave', 'erin'] as const) tokens[uid] = await stack.tokenFor(uid);
    await register('alice', 'ALICE01', null, new Date(now.getTime() - 60 * DAY));
    await register('bob', 'BOB0001', 'alice01', new Date(now.getTime() - 50 * DAY));
    await register('carol', 'CAROL01', null, new Date(now.getTime() - 21 * DAY));
    await register('dave', 'DAVE001', null, new Date(now.getTime() - 31 * DAY));
    await register('erin', 'ERIN001', 'ALICE01', new Date(now.getTime() - 2 * DAY));
    await waitForProjection(stack.db.pool, 'referral-earnings');

    const link = await stack.api('/referral/me/link', { method: 'POST', token: tokens.bob });
    expect(link.status).toBe(200);
    expect(link.body.code).toBe('BOB0001');
    expect(link.body.link).toContain('referralCode=BOB0001');

    const emoji = await stack.api('/referral/create-link', { method: 'POST', token: tokens.bob, body: { code: 'bob😀x' } });
    expect(emoji.status).toBe(400);
    expect(emoji.body.error.message).toBe(texts.noSymbols);
    const symbol = await stack.api('/referral/create-link', { method: 'POST', token: tokens.bob, body: { code: 'bob-by' } });
    expect(symbol.body.error.message).toBe(texts.noSymbols);
    const edited = await stack.api('/referral/create-link', { method: 'POST', token: tokens.bob, body: { code: 'Bobby' } });
    expect(edited.status).toBe(200);
    expect(edited.body.code).toBe('BOBBY');
    const taken = await stack.api('/referral/create-link', { method: 'POST', token: tokens.carol, body: { code: 'bobby' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(referralTexts.codeTaken);

    const check = await stack.api('/referral/validate-referrer', { method: 'POST', token: tokens.carol, body: { code: 'bobby' } });
    expect(check.status).toBe(200);
    expect(check.body.referrer.uid).toBe('bob');
    expect(check.body.confirmation).toBe(referralTexts.confirmBinding);
    const unconfirmed = await stack.api('/referral/connect', { method: 'POST', token: tokens.carol, body: { code: 'bobby' } });
    expect(unconfirmed.status).toBe(400);
    await waitForProjection(stack.db.pool, 'referral-earnings');
    const connected = await stack.api('/referral/connect', {
      method: 'POST',
      token: tokens.carol,
      body: { code: 'bobby', confirmed: true },
    });
    expect(connected.status).toBe(200);
    expect(connected.body.referrerUid).toBe('bob');
    const again = await stack.api('/referral/connect', { method: 'POST', token: tokens.carol, body: { code: 'ALICE01', confirmed: true } });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(referralTexts.alreadyBound);

    const late = await stack.api('/referral/connect', { method: 'POST', token: tokens.dave, body: { code: 'ALICE01', confirmed: true } });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe(referralTexts.windowClosed);
    const registeredOnes = await stack.api('/referral/validate-referrer', { method: 'POST', token: tokens.bob, body: { code: 'CAROL01' } });
    expect(registeredOnes.status).toBe(422);
    const loop = await stack.api('/referral/validate-referrer', { method: 'POST', token: tokens.erin, body: { code: 'ERIN001' } });
    expect(loop.body.error.message).toBe(referralTexts.alreadyBound);
    const unknown = await stack.api('/referral/validate-referrer', { method: 'POST', token: tokens.dave, body: { code: 'NOPE1234' } });
    expect(unknown.status).toBe(422);
  });

  it('pays 10% and 5% per top-up, unlocks the second level only in a 10,000-diamond week, carries under 5 USDT', async () => {
    const wallet = (n: number) => `0x${String(n).padStart(40, '0')}`;
    expect((await stack.api('/referral/add-wallet', { method: 'POST', token: tokens.alice, body: { address: wallet(1) } })).status).toBe(
      200,
    );
    const bad = await stack.api('/referral/add-wallet', { method: 'POST', token: tokens.bob, body: { address: 'not-a-wallet' } });
    expect(bad.status).toBe(400);
    const bound = await stack.api('/referral/add-wallet', { method: 'POST', token: tokens.bob, body: { address: wallet(2), chainId: 1 } });
    expect(bound.status).toBe(200);

    // Week 1 (Monday 2 November 2026): alice's own top-ups reach 10,000, so her second level pays.
    await topUp('alice', 10_000, '2026-11-02T09:00:00.000Z');
    const bobW1 = await topUp('bob', 50_000, '2026-11-03T09:00:00.000Z');
    const carolW1 = await topUp('carol', 3_000, '2026-11-08T23:59:59.000Z');
    // Week 2: alice tops up nothing, her second-level reward from carol is forfeited.
    await topUp('bob', 10_000, '2026-11-09T00:00:00.000Z');
    const last = await topUp('carol', 2_500, '2026-11-10T12:00:00.000Z');

    await waitForProjection(stack.db.pool, 'referral-earnings');
    const records = await stack.api('/referral/reward-records?limit=20', {
      token: tokens.alice,
      headers: { 'x-min-position': String(last) },
    });
    expect(records.status).toBe(200);
    const mine = records.body.items.map((r: any) => [r.sourcePosition, r.inviteeUid, r.level, r.amountUsdt, r.weekId, r.status]);
    expect(mine).toEqual([
      [String(last), 'carol', 2, '1.25', '2026-11-09', 'locked'],
      [expect.any(String), 'bob', 1, '10.00', '2026-11-09', 'pending'],
      [String(carolW1), 'carol', 2, '1.50', '2026-11-02', 'pending'],
      [String(bobW1), 'bob', 1, '50.00', '2026-11-02', 'pending'],
    ]);

    const invitees = await stack.api('/referral/referrals', { token: tokens.alice });
    expect(invitees.body.items.map((i: any) => [i.uid, i.status, i.type]).sort()).toEqual([
      ['bob', 'Topped Up', 'direct'],
      ['carol', 'Topped Up', 'indirect'],
      ['erin', 'Registered', 'direct'],
    ]);
    expect(invitees.body.meta.totalItems).toBe(3);
    const direct = await stack.api('/referral/referrals?type=indirect', { token: tokens.alice });
    expect(direct.body.items.map((i: any) => i.uid)).toEqual(['carol']);

    await waitForProjection(stack.db.pool, 'referral-earnings');
    const port = new RecordingUsdtPayout(stack.db.pool);
    const settlement = new ReferralSettlement(stack.command.deps, port, { graceMs: 0, pollMs: 60_000 });
    const first = await settlement.runOnce();
    // Later weeks are closed too once the calendar passes them; these two are the ones with rewards.
    expect(first.weeks.slice(0, 2)).toEqual(['2026-11-02', '2026-11-09']);

    await waitForProjection(stack.db.pool, 'referral-earnings');
    const payouts = async (token: string) =>
      (await stack.api('/referral/payouts', { token })).body.items.map((p: any) => [
        p.weekId,
        p.status,
        p.reason,
        p.amountUsdt,
        p.directUsdt,
        p.secondLevelUsdt,
        p.forfeitedUsdt,
        p.carriedInUsdt,
        p.txHash !== null,
      ]);
    expect(await payouts(tokens.alice)).toEqual([
      ['2026-11-09', 'paid', null, '10.00', '10.00', '0.00', '1.25', '0.00', true],
      ['2026-11-02', 'paid', null, '51.50', '50.00', '1.50', '0.00', '0.00', true],
    ]);
    expect(await payouts(tokens.bob)).toEqual([
      ['2026-11-09', 'paid', null, '5.50', '2.50', '0.00', '0.00', '3.00', true],
      ['2026-11-02', 'carried_over', 'below_minimum', '3.00', '3.00', '0.00', '0.00', '0.00', false],
    ]);
    const sent = await port.transfers();
    expect(sent.map((t) => [t.to, t.amountMicroUsdt])).toEqual([
      [wallet(1), 51_500_000],
      [wallet(1), 10_000_000],
      [wallet(2), 5_500_000],
    ]);

    // A re-run pays nothing again; nor does a rebuild of the read model followed by another run.
    const second = await settlement.runOnce();
    expect(second).toEqual({ weeks: [], settled: 0, carriedOver: 0, transferred: 0 });
    await rebuildProjection(stack.db.pool, referralEarnings);
    const third = await settlement.runOnce();
    expect(third).toEqual({ weeks: [], settled: 0, carriedOver: 0, transferred: 0 });
    expect(await port.transfers()).toHaveLength(3);
    expect(await payouts(tokens.alice)).toHaveLength(2);

    // A process that stopped between settling and sending: the next run sends it, once.
    await stack.command.deps.store.append(
      'referral-settlement-2026-10-26-alice',
      [
        {
          type: 'ReferralPayoutSettled',
          data: {
            weekId: '2026-10-26',
            uid: 'alice',
            directMicroUsdt: 6_000_000,
            secondLevelMicroUsdt: 0,
            forfeitedMicroUsdt: 0,
            carriedInMicroUsdt: 0,
            amountMicroUsdt: 6_000_000,
            rewardCount: 1,
            unlocked: false,
            settledAt: new Date().toISOString(),
            wallet: { address: wallet(1), chainId: 137 },
          },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await waitForProjection(stack.db.pool, 'referral-earnings');
    expect((await settlement.runOnce()).transferred).toBe(1);
    await waitForProjection(stack.db.pool, 'referral-earnings');
    expect((await settlement.runOnce()).transferred).toBe(0);
    expect(await port.transfers()).toHaveLength(4);
    expect((await payouts(tokens.alice))[2]).toEqual(['2026-10-26', 'paid', null, '6.00', '6.00', '0.00', '0.00', '0.00', true]);

    const details = await stack.api('/referral/referral-details', { token: tokens.alice });
    expect(details.body).toMatchObject({
      code: 'ALICE01',
      referrer: null,
      canAddReferrer: false,
      invitees: { direct: 2, indirect: 1, toppedUp: 2 },
      earnings: { paidUsdt: '67.50', pendingUsdt: '0.00' },
    });
    const carolDetails = await stack.api('/referral/referral-details', { token: tokens.carol });
    expect(carolDetails.body.referrer).toEqual({ uid: 'bob', username: expect.any(String) });
  });

  it('rebuilds while top-ups arrive into the same rows as a full replay', async () => {
    let stop = false;
    let n = 0;
    const writer = (async () => {
      while (!stop) await topUp(['bob', 'carol', 'erin'][n++ % 3]!, 100 + n, '2026-11-18T10:00:00.000Z');
    })();
    await new Promise((r) => setTimeout(r, 200));
    await reportIfSlow(stack.db.pool, 'the rebuild', rebuildProjection(stack.db.pool, referralEarnings, { batchSize: 500 }));
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await reportIfSlow(stack.db.pool, `the writer (${n} top-ups)`, writer, 20_000);
    expect(n).toBeGreaterThan(10);
    await waitForProjection(stack.db.pool, 'referral-earnings');
    await replayProjection(stack.db.pool, referralEarnings, 'replay_referral');
    for (const table of referralEarnings.tables) {
      expect(await tableRows(stack.db.pool, 'rm', table), table).toEqual(await tableRows(stack.db.pool, 'replay_referral', table));
    }
  });
});
