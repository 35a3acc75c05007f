// GET user/leaderboards end to end: weekly and monthly top users and hosts with a podium of 3, the
// caller's own rank, pair boards of events, LeaderboardChanged pushed on rank changes, and a rebuild
// during gifts equal to a full replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_STREAM, monthIdOf, weekIdOf } from '@murmur/contracts';
import { LeaderboardPublisher } from '../../../projections/src/leaderboard-publisher.ts';
import { globalLeaderboards } from '../../../projections/src/projectors/global-leaderboards.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let n = 0;
async function gift(sender: string, recipients: string[], quantity: number, unitPrice: number, sentAt = new Date().toISOString()) {
  const r = await stack.command.deps.store.append(
    `wallet-${sender}`,
    [
      {
        type: 'GiftSent',
        data: {
          senderUid: sender,
          giftId: 'rose',
          giftName: 'Rose',
          quantity,
          unitPrice,
          diamondsTotal: quantity * unitPrice * recipients.length,
          recipients,
          charmPerRecipient: Math.floor((quantity * unitPrice) / 2),
          sentAt,
        },
      },
    ],
    { idempotencyKey: `lb-gift-${++n}` },
  );
  return String(r.lastPosition);
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('global leaderboards', () => {
  it('ranks top users and top hosts weekly and monthly with a podium of 3 and my rank', async () => {
    await gift('u1', ['h1'], 1, 100);
    await gift('u2', ['h2'], 3, 100);
    await gift('u3', ['h1', 'h2'], 1, 50);
    await gift('u4', ['h3'], 1, 10);
    await gift('u1', ['h3'], 1, 150, '2026-10-30T10:00:00.000Z'); // last month: not this week's, not this month's
    const last = await gift('u5', ['h1'], 1, 20);

    await waitForProjection(stack.db.pool, 'global-leaderboards');
    const token = await stack.tokenFor('u4');
    const weekly = await stack.api('/user/leaderboards?kind=users&frequency=weekly', { token, headers: { 'x-min-position': last } });
    expect(weekly.status).toBe(200);
    expect(weekly.body.period).toBe(weekIdOf(new Date()));
    expect(weekly.body.podium.map((e: any) => [e.rank, e.uid, e.score])).toEqual([
      [1, 'u2', 300],
      [2, 'u1', 100],
      [3, 'u3', 100],
    ]);
    expect(weekly.body.entries.map((e: any) => [e.rank, e.uid, e.score])).toEqual([
      [4, 'u5', 20],
      [5, 'u4', 10],
    ]);
    expect(weekly.body.me).toMatchObject({ rank: 5, uid: 'u4', score: 10 });

    const hosts = await stack.api('/user/leaderboards?kind=hosts&frequency=monthly');
    expect(hosts.body.period).toBe(monthIdOf(new Date()));
    expect(hosts.body.podium.map((e: any) => [e.uid, e.score])).toEqual([
      ['h2', 175],
      ['h1', 85],
      ['h3', 5],
    ]);
    expect(hosts.body.me).toBeNull();

    const october = await stack.api('/user/leaderboards?kind=users&frequency=monthly&period=2026-10');
    expect(october.body.podium.map((e: any) => [e.uid, e.score])).toEqual([['u1', 150]]);
    const octoberWeek = await stack.api('/user/leaderboards?kind=hosts&frequency=weekly&period=2026-10-26');
    expect(octoberWeek.body.podium.map((e: any) => [e.uid, e.score])).toEqual([['h3', 75]]);
    expect((await stack.api('/user/leaderboards?kind=users&frequency=monthly&period=2026-99')).status).toBe(400);
    expect((await stack.api('/user/leaderboards?kind=users&frequency=weekly&period=2026-10')).status).toBe(400);
    expect((await stack.api('/user/leaderboards?kind=stars')).status).toBe(400);
  });

  it('ranks pairs on event boards within the event only', async () => {
    await gift('amy', ['zed'], 2, 100, '2027-02-10T10:00:00.000Z');
    await gift('zed', ['amy'], 1, 100, '2027-02-11T10:00:00.000Z');
    await gift('bob', ['cat'], 1, 250, '2027-02-12T10:00:00.000Z');
    const last = await gift('bob', ['cat'], 1, 999, '2027-02-20T10:00:00.000Z');
    await waitForProjection(stack.db.pool, 'global-leaderboards');
    const token = await stack.tokenFor('zed');
    const board = await stack.api('/user/leaderboards?kind=valentines&eventId=valentines-2027', {
      token,
      headers: { 'x-min-position': last },
    });
    expect(board.body.event).toMatchObject({ id: 'valentines-2027', startsAt: '2027-02-01T00:00:00.000Z' });
    expect(board.body.podium.map((e: any) => [e.uid, e.partner.uid, e.score])).toEqual([
      ['amy', 'zed', 300],
      ['bob', 'cat', 250],
    ]);
    expect(board.body.me).toMatchObject({ rank: 1, uid: 'amy', partner: { uid: 'zed' } });
    const pairs = await stack.api('/user/leaderboards?kind=perfect_pair');
    expect(pairs.body.event.id).toBe('perfect-pair-2026');
    expect(pairs.body.podium[0]).toMatchObject({ uid: 'h2', partner: { uid: 'u2' }, score: 300 });
    expect((await stack.api('/user/leaderboards?kind=valentines&eventId=nope')).status).toBe(404);
  });

  it('pushes LeaderboardChanged when a top changes, and not when nothing changed', async () => {
    await waitForProjection(stack.db.pool, 'global-leaderboards');
    const publisher = new LeaderboardPublisher(stack.db.pool, stack.command.deps.store);
    const first = await publisher.tick();
    expect(first).not.toBeNull();
    expect(await publisher.tick()).toBeNull();
    await gift('u9', ['h9'], 1, 5000);
    await waitForProjection(stack.db.pool, 'global-leaderboards');
    const changed = await publisher.tick();
    await publisher.stop();
    const { events } = await stack.command.deps.store.readStream(LEADERBOARD_STREAM);
    expect(events).toHaveLength(2);
    const last = events.at(-1)!;
    expect(last.globalPosition).toBe(changed);
    const boards = last.data.boards as Array<{ board: string; period: string; top: Array<{ uid: string }> }>;
    expect(boards.map((b) => b.board).sort()).toEqual(['hosts', 'hosts', 'pairs', 'users', 'users']);
    expect(boards.find((b) => b.board === 'users' && b.period.startsWith('weekly'))!.top[0]!.uid).toBe('u9');
  });

  it('rebuilds while gifts arrive into the same rows as a full replay', async () => {
    let stop = false;
    let i = 0;
    const writer = (async () => {
      while (!stop) await gift(`s${i % 7}`, [`h${i++ % 4}`], 1, 10 + (i % 3));
    })();
    await new Promise((r) => setTimeout(r, 200));
    await rebuildProjection(stack.db.pool, globalLeaderboards, { batchSize: 500 });
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await writer;
    expect(i).toBeGreaterThan(10);
    await waitForProjection(stack.db.pool, 'global-leaderboards');
    await replayProjection(stack.db.pool, globalLeaderboards, 'replay_leaderboards');
    expect(await tableRows(stack.db.pool, 'rm', 'global_leaderboards')).toEqual(
      await tableRows(stack.db.pool, 'replay_leaderboards', 'global_leaderboards'),
    );
  });
});
