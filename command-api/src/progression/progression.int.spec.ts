// Progression end to end on the real database and HTTP servers: EXP from events in the log, the
// mission claim (once, diamonds minted once through the ledger and proven by the audit), bad claims
// writing nothing, level-ups as events, concurrent fragment combines, EXP for friends, the quest
// platform (a local fake over HTTP: link, signed and replayed webhooks), and a rebuild during writes.
import { weekIdOf, streamIds } from '@murmur/contracts';
import type { TypedNewEvent } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { progressionProjector } from '../../../projections/src/projectors/progression.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { startFakeQuestPlatform, type FakeQuestPlatform } from '../../../test-support/quest-platform-fake.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from '../wallet/ledger.ts';
import { questPlatformFromEnv, setQuestPlatformPort } from './quest-platform.ts';

let stack: TestStack;
let platform: FakeQuestPlatform;
let n = 0;

async function append(streamId: string, event: TypedNewEvent): Promise<string> {
  const r = await stack.command.deps.store.append(streamId, [event], { idempotencyKey: `prog-test-${++n}` });
  return String(r.lastPosition);
}
const now = () => new Date().toISOString();
// The sender is granted the gift's diamonds first, so the ledger the audit replays stays whole.
const gift = async (sender: string, recipient: string, quantity: number, unitPrice: number, lobbyId?: string) => {
  await creditDiamonds(stack.command.deps, {
    uid: sender,
    amount: quantity * unitPrice,
    reason: 'demo_grant',
    reference: 'test',
    idempotencyKey: `grant-${++n}`,
  });
  return append(`wallet-${sender}`, {
    type: 'GiftSent',
    data: {
      senderUid: sender,
      giftId: 'rose',
      giftName: 'Rose',
      quantity,
      unitPrice,
      diamondsTotal: quantity * unitPrice,
      recipients: [recipient],
      charmPerRecipient: Math.floor((quantity * unitPrice) / 2),
      ...(lobbyId ? { lobbyId } : {}),
      sentAt: now(),
    },
  });
};
const chat = (uid: string, lobbyId: string) =>
  append(`chat-${lobbyId}-${uid}`, {
    type: 'ChatMessagePosted',
    data: { lobbyId, roomId: null, messageId: `m${++n}`, uid, messageType: 'text', title: null, body: 'hi', postedAt: now() },
  });
const version = async (uid: string) => (await stack.command.deps.store.readStream(streamIds.progression(uid))).events.length;
const fresh = (position: string) => ({ 'x-min-position': position });

beforeAll(async () => {
  [stack, platform] = await Promise.all([startTestStack(), startFakeQuestPlatform()]);
  setQuestPlatformPort(
    stack.command.deps,
    questPlatformFromEnv({
      QUEST_PLATFORM_URL: platform.url,
      QUEST_PLATFORM_API_KEY: platform.apiKey,
      QUEST_PLATFORM_SECRET: platform.secret,
    }),
  );
});
afterAll(async () => {
  await Promise.all([stack?.stop(), platform?.stop()]);
});

describe('EXP, missions and claims', () => {
  it('earns EXP from gifts and chat within the daily cap, shows mission progress, and claims once', async () => {
    const token = await stack.tokenFor('amy');
    await gift('amy', 'hal', 10, 10); // 100 diamonds: 10 EXP to amy, 50 charm: 5 EXP to hal
    for (let i = 0; i < 25; i++) await chat('amy', 'lob1'); // 25 messages, at most 20 EXP
    const last = await chat('amy', 'lob1');
    const level = await stack.api('/progression/level', { token, headers: fresh(last) });
    expect(level.status).toBe(200);
    expect(level.body).toMatchObject({ exp: 30, level: 1, expPercentage: 30, nextLevelExp: 100, today: { chatExp: 20, chatCap: 20 } });

    const missions = await stack.api('/progression/missions', { token });
    const byId = Object.fromEntries(missions.body.items.map((m: any) => [m.id, m]));
    expect(byId['daily-send-gift']).toMatchObject({ progress: 1, target: 1, status: 'claimable' });
    expect(byId['daily-chat-5']).toMatchObject({ progress: 5, target: 5, status: 'claimable' });
    expect(byId['daily-mic-10']).toMatchObject({ progress: 0, status: 'in_progress' });

    const claim = await stack.api('/progression/missions/daily-send-gift/claim', { method: 'POST', token, body: {} });
    expect(claim.status).toBe(200);
    expect(claim.body.reward).toEqual({ exp: 20, diamonds: 0, fragments: [] });
    const again = await stack.api('/progression/missions/daily-send-gift/claim', { method: 'POST', token, body: {} });
    // A claim is idempotent: its id is its key, so claiming again answers with the first claim and writes nothing.
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ claimId: claim.body.claimId, duplicate: true, position: claim.body.position });
    expect(
      (await stack.command.deps.store.readStream(streamIds.progression('amy'))).events.filter((e) => e.type === 'RewardClaimed'),
    ).toHaveLength(1);

    const after = await stack.api('/progression/level', { token, headers: fresh(claim.body.position) });
    expect(after.body.exp).toBe(50);
    const history = await stack.api('/progression/rewards-history', { token });
    expect(history.body.items).toEqual([
      expect.objectContaining({ source: 'mission', title: 'Send a gift', reward: { exp: 20, diamonds: 0, fragments: [] } }),
    ]);
    expect(history.body.meta).toMatchObject({ totalItems: 1, currentPage: 1 });
    const exp = await stack.api('/progression/exp-history', { token });
    expect(exp.body.items.map((e: any) => e.source)).toContain('mission');

    // A second user claims the same mission of the same day (the same claim id): claimed and in
    // their history too, and the first user's claim is untouched.
    const other = await stack.tokenFor('ava');
    await stack.api('/progression/missions', { token: other, headers: fresh(await gift('ava', 'hal', 1, 10)) });
    const hers = await stack.api('/progression/missions/daily-send-gift/claim', { method: 'POST', token: other, body: {} });
    expect(hers.status).toBe(200);
    expect(hers.body).toMatchObject({ claimId: claim.body.claimId, duplicate: false });
    const herMissions = await stack.api('/progression/missions', { token: other, headers: fresh(hers.body.position) });
    expect(herMissions.body.items.find((m: any) => m.id === 'daily-send-gift')).toMatchObject({ status: 'claimed' });
    const herHistory = await stack.api('/progression/rewards-history', { token: other });
    expect(herHistory.body.items).toEqual([
      expect.objectContaining({ claimId: claim.body.claimId, source: 'mission', title: 'Send a gift' }),
    ]);
    expect((await stack.api('/progression/rewards-history', { token })).body.meta).toMatchObject({ totalItems: 1 });
    expect((await stack.api('/progression/level', { token: other })).body.exp).toBe(21);
  });

  it('unlocks the next quest step for every user who claims the step before it', async () => {
    for (const uid of ['qa1', 'qa2']) {
      const token = await stack.tokenFor(uid);
      let last = '';
      for (let i = 0; i < 10; i++) last = await gift(uid, 'hal', 1, 10);
      await stack.api('/progression/quests', { token, headers: fresh(last) });
      const claimed = await stack.api('/progression/quests/generous-1/claim', { method: 'POST', token, body: {} });
      expect([uid, claimed.status]).toEqual([uid, 200]);
      const after = await stack.api('/progression/quests', { token, headers: fresh(claimed.body.position) });
      const steps = Object.fromEntries(after.body.items.flatMap((q: any) => q.steps).map((st: any) => [st.id, st.status]));
      expect([uid, steps['generous-1'], steps['generous-2']]).toEqual([uid, 'claimed', 'claimable']);
    }
  });

  it('refuses bad claims with clear errors and writes nothing', async () => {
    const token = await stack.tokenFor('bea');
    await chat('bea', 'lob1');
    const before = await version('bea');
    const cases: Array<[string, unknown, number, string]> = [
      ['/progression/missions/daily-chat-5/claim', {}, 422, 'This mission is not complete yet.'],
      ['/progression/missions/no-such-mission/claim', {}, 404, 'This mission does not exist.'],
      ['/progression/missions/daily-send-gift/claim', { uid: 'amy' }, 403, 'You can only claim your own missions.'],
      ['/progression/missions/daily-send-gift/claim', { periodId: '2020-01-01' }, 422, 'This mission period has ended.'],
      ['/progression/quests/no-such-step/claim', {}, 404, 'This quest step does not exist.'],
      ['/progression/quests/generous-2/claim', {}, 422, 'Finish the step before this one first.'],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await stack.api(path, { method: 'POST', token, body });
      expect([path, res.status, res.body.error.message]).toEqual([path, status, message]);
    }
    expect((await stack.api('/progression/missions/daily-send-gift/claim', { method: 'POST', body: {} })).status).toBe(401);
    expect(await version('bea')).toBe(before);
  });

  it('mints a diamond reward exactly once under ten parallel claims, and the audit proves it', async () => {
    const token = await stack.tokenFor('cat');
    let last = '';
    for (let i = 0; i < 10; i++) last = await gift(`fan${i}`, 'cat', 1, 10);
    await stack.api('/progression/missions', { token, headers: fresh(last) });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => stack.api('/progression/missions/weekly-receive-10/claim', { method: 'POST', token, body: {} })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const claims = (await stack.command.deps.store.readStream(streamIds.progression('cat'))).events.filter(
      (e) => e.type === 'RewardClaimed',
    );
    expect(claims).toHaveLength(1);
    const credits = (await stack.command.deps.store.readStream('wallet-cat')).events.filter((e) => e.type === 'DiamondsCredited');
    expect(credits.map((e) => [e.data.amount, e.data.reason, e.data.reference])).toEqual([
      [50, 'reward', `mission:weekly-receive-10:${weekIdOf(new Date())}`],
    ]);
    // The reactor sees the same claim and mints nothing more.
    await new Promise((r) => setTimeout(r, 600));
    expect((await stack.command.deps.store.readStream('wallet-cat')).events.filter((e) => e.type === 'DiamondsCredited')).toHaveLength(1);
    // A second user claims the same weekly mission: paid once too, and the audit finds nothing.
    const other = await stack.tokenFor('cid');
    for (let i = 0; i < 10; i++) last = await gift(`fan${i}`, 'cid', 1, 10);
    await stack.api('/progression/missions', { token: other, headers: fresh(last) });
    const hers = await stack.api('/progression/missions/weekly-receive-10/claim', { method: 'POST', token: other, body: {} });
    expect(hers.status).toBe(200);
    const herCredits = (await stack.command.deps.store.readStream('wallet-cid')).events.filter((e) => e.type === 'DiamondsCredited');
    expect(herCredits.map((e) => [e.data.amount, e.data.reason, e.data.reference])).toEqual([
      [50, 'reward', `mission:weekly-receive-10:${weekIdOf(new Date())}`],
    ]);
    const missions = await stack.api('/progression/missions', { token: other, headers: fresh(hers.body.position) });
    expect(missions.body.items.find((m: any) => m.id === 'weekly-receive-10')).toMatchObject({ status: 'claimed' });
    await waitForProjection(stack.db.pool, 'wallet-balances');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });

  // The seat opens 12 minutes ago and the query API counts today's minutes by the real clock (UTC), so
  // in the first quarter hour of a UTC day part of them would fall on yesterday.
  const minutesIntoUtcDay = Math.floor((Date.now() % 86_400_000) / 60_000);
  it.skipIf(minutesIntoUtcDay < 15)('counts mic minutes when a seat closes and while it is open, as host minutes on seat 0', async () => {
    const token = await stack.tokenFor('dan');
    const t0 = new Date(Date.now() - 12 * 60_000).toISOString();
    await append('lobby-lobmic', {
      type: 'LobbyCreated',
      data: {
        lobbyId: 'lobmic',
        ownerUid: 'dan',
        kind: 'public',
        requiredDiamonds: 0,
        seatCount: 8,
        createdAt: t0,
        info: {
          title: 'Mic test',
          tag: 't',
          description: '',
          languages: ['ENG'],
          lobbyPhoto: null,
          mainCategoryId: 'chatting',
          backgroundId: 'b',
          isLive: true,
        },
      },
    });
    const last = await append('lobby-lobmic', {
      type: 'LobbyJoined',
      data: { lobbyId: 'lobmic', uid: 'eve', anonymous: false, inviteId: null, paidDiamonds: 0, joinedAt: t0 },
    });
    const open = await stack.api('/progression/missions', { token, headers: fresh(last) });
    const mic = open.body.items.find((m: any) => m.id === 'daily-mic-10');
    expect(mic).toMatchObject({ progress: 10, status: 'claimable' });
    const closed = await append('lobby-lobmic', {
      type: 'LobbyEnded',
      data: { lobbyId: 'lobmic', by: 'dan', reason: 'ended', endedAt: now() },
    });
    const level = await stack.api('/progression/level', { token, headers: fresh(closed) });
    expect(level.body.today.micExp).toBeGreaterThanOrEqual(11);
    const lobby = await stack.api('/progression/lobby-levels?ids=lobmic,nope');
    expect(lobby.body.items).toEqual([
      expect.objectContaining({ lobbyId: 'lobmic', title: 'Mic test', liveMinutes: expect.any(Number), level: 1 }),
    ]);
    expect(lobby.body.items[0].liveMinutes).toBeGreaterThanOrEqual(11);
    expect((await stack.api('/progression/missions/daily-mic-10/claim', { method: 'POST', token, body: {} })).status).toBe(200);
  });
});

describe('levels, fragments and friends', () => {
  it('announces a level-up as an event on the user stream', async () => {
    const token = await stack.tokenFor('fay');
    await gift('fay', 'hal', 1, 2000); // 200 EXP: level 2
    await expect
      .poll(async () => (await stack.command.deps.store.readStream(streamIds.progression('fay'))).events.map((e) => e.type), {
        timeout: 10_000,
      })
      .toContain('LevelReached');
    const reached = (await stack.command.deps.store.readStream(streamIds.progression('fay'))).events.find(
      (e) => e.type === 'LevelReached',
    )!;
    expect(reached.data).toMatchObject({ uid: 'fay', level: 2 });
    const level = await stack.api('/progression/level', { token, headers: fresh(String(reached.globalPosition)) });
    expect(level.body).toMatchObject({ level: 2, exp: 200 });
    expect((await stack.api('/progression/levels/fay')).body).toMatchObject({ level: 2 });
  });

  it('combines 10 fragments once when five combines race for them, and the item is in the inventory', async () => {
    const token = await stack.tokenFor('gus');
    await append(streamIds.progression('gus'), {
      type: 'RewardClaimed',
      data: {
        uid: 'gus',
        claimId: 'quest:test:all',
        source: 'quest',
        sourceId: 'test',
        periodId: 'all',
        title: 'Test',
        reward: { exp: 0, diamonds: 0, fragments: [{ kind: 'heart', count: 10 }] },
        claimedAt: now(),
      },
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => stack.api('/progression/fragments/combine', { method: 'POST', token, body: { kind: 'heart' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe('You need 10 fragments to combine.');
    const won = results.find((r) => r.status === 200)!;
    expect(won.body.item).toMatchObject({ kind: 'heart', used: 10, item: { skuKind: 'badge', name: 'Sweetheart badge' } });
    const fragments = await stack.api('/progression/fragments', { token, headers: fresh(won.body.position) });
    expect(fragments.body.items.find((f: any) => f.kind === 'heart')).toMatchObject({ count: 0, needed: 10 });
    await waitForProjection(stack.db.pool, 'wallet-inventory');
    const inventory = await stack.api('/wallet/inventory/bought', { token });
    expect(inventory.body.items).toEqual([
      expect.objectContaining({ skuId: 'badge-sweetheart', kind: 'badge', status: 'active', diamondsTotal: 0 }),
    ]);
    expect((await stack.api('/progression/fragments/combine', { method: 'POST', token, body: { kind: 'star' } })).status).toBe(422);
    expect((await stack.api('/progression/fragments/combine', { method: 'POST', token, body: { kind: 'moon' } })).status).toBe(400);
  });

  it('gives a friend and the inviter 200 EXP once when the friend reaches level 5', async () => {
    const inviter = await stack.tokenFor('ivy');
    const friend = await stack.tokenFor('joe');
    const issued = await stack.api('/progression/frens/token', { method: 'POST', token: inviter });
    expect(issued.status).toBe(200);
    expect((await stack.api('/progression/frens/token', { method: 'POST', token: inviter })).body.token).toBe(issued.body.token);
    const mine = await stack.api('/progression/frens', { token: inviter, headers: fresh(issued.body.position) });
    expect(mine.body).toMatchObject({ token: issued.body.token, level: 5, bonusExp: 200 });
    expect(
      (await stack.api('/progression/frens/join', { method: 'POST', token: inviter, body: { token: issued.body.token } })).body.error
        .message,
    ).toBe('You cannot join with your own token.');
    expect((await stack.api('/progression/frens/join', { method: 'POST', token: friend, body: { token: 'NOPE1234' } })).status).toBe(404);
    const joined = await stack.api('/progression/frens/join', { method: 'POST', token: friend, body: { token: issued.body.token } });
    expect(joined.status).toBe(200);
    expect((await stack.api('/progression/frens/join', { method: 'POST', token: friend, body: { token: issued.body.token } })).status).toBe(
      409,
    );

    await gift('joe', 'hal', 1, 10_000); // 1,000 EXP: level 5
    await expect
      .poll(async () => (await stack.command.deps.store.readStream(streamIds.progression('joe'))).events.map((e) => e.type), {
        timeout: 10_000,
      })
      .toContain('FriendBonusGranted');
    await gift('joe', 'hal', 1, 10_000); // level 7 later (2,200 EXP with the bonus): no second bonus
    await expect
      .poll(
        async () =>
          (await stack.command.deps.store.readStream(streamIds.progression('joe'))).events.filter((e) => e.type === 'LevelReached').length,
        { timeout: 10_000 },
      )
      .toBe(2);
    const grants = (await stack.command.deps.store.readStream(streamIds.progression('joe'))).events.filter(
      (e) => e.type === 'FriendBonusGranted',
    );
    expect(grants).toHaveLength(1);
    await waitForProjection(stack.db.pool, 'progression');
    expect((await stack.api('/progression/level', { token: inviter })).body.exp).toBe(200);
    expect((await stack.api('/progression/level', { token: friend })).body.exp).toBe(2200);
    const friends = await stack.api('/progression/frens', { token: inviter });
    expect(friends.body.friends).toEqual([expect.objectContaining({ uid: 'joe', rewarded: true, level: 7 })]);
  });
});

describe('the linked quest-platform account', () => {
  it('links with a signed proof, imports signed webhooks once, refuses forged and stale ones, and unlinks', async () => {
    const token = await stack.tokenFor('kim');
    platform.accounts.set('qp-42', 'kim_quests');
    const webhookUrl = `${stack.commandUrl}/api/v1/progression/quest-platform/webhook`;
    // A proof for someone else, a forged one and an expired one.
    for (const proof of [
      platform.proofFor('someone', 'qp-42'),
      `${platform.proofFor('kim', 'qp-42').split('.')[0]}.${'ab'.repeat(32)}`,
      platform.proofFor('kim', 'qp-42', Math.floor(Date.now() / 1000) - 3600),
    ]) {
      const bad = await stack.api('/progression/quest-account/link', { method: 'POST', token, body: { proof } });
      expect([bad.status, bad.body.error.message]).toEqual([422, 'The quest platform could not confirm this account.']);
    }
    const linked = await stack.api('/progression/quest-account/link', {
      method: 'POST',
      token,
      body: { proof: platform.proofFor('kim', 'qp-42') },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.account).toEqual({ platformUserId: 'qp-42', handle: 'kim_quests' });
    expect(platform.lookups).toContain('qp-42');
    const account = await stack.api('/progression/quest-account', { token, headers: fresh(linked.body.position) });
    expect(account.body).toMatchObject({ authStep: 'connected', connected: true, account: { handle: 'kim_quests' }, exp: 0 });

    const event = { eventId: 'evt-1', platformUserId: 'qp-42', questTitle: 'Daily quiz', exp: 40 };
    const first = await platform.sendWebhook(webhookUrl, event);
    expect(first).toMatchObject({ status: 200, body: { duplicate: false } });
    const before = await version('kim');
    const replay = await platform.sendWebhook(webhookUrl, event);
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    const forged = await platform.sendWebhook(webhookUrl, { ...event, eventId: 'evt-2' }, { signature: 'ab'.repeat(32) });
    expect([forged.status, forged.body.error.message]).toEqual([401, 'Invalid webhook signature.']);
    const stale = await platform.sendWebhook(
      webhookUrl,
      { ...event, eventId: 'evt-3' },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect([stale.status, stale.body.error.message]).toEqual([401, 'The webhook timestamp is outside the allowed window.']);
    const unknown = await platform.sendWebhook(webhookUrl, { ...event, eventId: 'evt-4', platformUserId: 'qp-nobody' });
    expect(unknown.status).toBe(404);
    expect(await version('kim')).toBe(before);

    const after = await stack.api('/progression/quest-account', { token, headers: fresh(first.body.position) });
    expect(after.body).toMatchObject({ exp: 40, imports: [{ platformEventId: 'evt-1', questTitle: 'Daily quiz', exp: 40 }] });
    expect((await stack.api('/progression/level', { token })).body.exp).toBe(40);

    expect((await stack.api('/progression/quest-account/unlink', { method: 'POST', token })).status).toBe(200);
    expect((await stack.api('/progression/quest-account/unlink', { method: 'POST', token })).status).toBe(422);
    const late = await platform.sendWebhook(webhookUrl, { ...event, eventId: 'evt-5' });
    expect([404, 200]).toContain(late.status);
    await waitForProjection(stack.db.pool, 'progression');
    expect((await platform.sendWebhook(webhookUrl, { ...event, eventId: 'evt-6' })).status).toBe(404);
  });
});

describe('rebuild', () => {
  it('rebuilds progression while events arrive into the same rows as a full replay', async () => {
    let stop = false;
    let i = 0;
    const writer = (async () => {
      // Paced, so the live projection keeps up on a loaded machine; still writing during the rebuild.
      while (!stop && i < 60) {
        await new Promise((r) => setTimeout(r, 15));
        await gift(`r${i % 5}`, `rh${i % 3}`, 1, 10 + (i % 7), i % 2 === 0 ? 'lobmic' : undefined);
        await chat(`r${i % 5}`, 'lobr');
        // Every writer claims the same mission (one claim id for all): one row per user.
        if (i < 5)
          await append(streamIds.progression(`r${i}`), {
            type: 'RewardClaimed',
            data: {
              uid: `r${i}`,
              claimId: 'mission:daily-send-gift:2026-11-26',
              source: 'mission',
              sourceId: 'daily-send-gift',
              periodId: '2026-11-26',
              title: 'Send a gift',
              reward: { exp: 20, diamonds: 0, fragments: [] },
              claimedAt: now(),
            },
          });
        i++;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    await rebuildProjection(stack.db.pool, progressionProjector, { batchSize: 50 });
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await writer;
    expect(i).toBeGreaterThan(5);
    await waitForProjection(stack.db.pool, 'progression');
    await replayProjection(stack.db.pool, progressionProjector, 'replay_progression');
    for (const table of progressionProjector.tables) {
      expect([table, await tableRows(stack.db.pool, 'rm', table)]).toEqual([
        table,
        await tableRows(stack.db.pool, 'replay_progression', table),
      ]);
    }
    const { rows } = await stack.db.pool.query(
      `select uid from rm.progression_claims where claim_id = 'mission:daily-send-gift:2026-11-26' and uid like 'r_' order by uid`,
    );
    expect(rows.map((r) => r.uid)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('moves a claims table keyed by the claim id alone to the per-user key, keeping its rows', async () => {
    const pool = stack.db.pool;
    await pool.query('drop schema if exists old_claims cascade; create schema old_claims');
    await pool.query(`create table old_claims.progression_claims (
      claim_id text primary key, uid text not null, source text not null, source_id text not null, period_id text not null,
      title text not null, reward jsonb not null, claimed_at timestamptz not null, position bigint not null)`);
    await pool.query(`insert into old_claims.progression_claims values ('mission:m:1', 'u1', 'mission', 'm', '1', 'M', '{}', now(), 1)`);
    await progressionProjector.createTables(pool, 'old_claims');
    await progressionProjector.createTables(pool, 'old_claims');
    await pool.query(`insert into old_claims.progression_claims values ('mission:m:1', 'u2', 'mission', 'm', '1', 'M', '{}', now(), 2)`);
    const { rows } = await pool.query(`select uid from old_claims.progression_claims order by uid`);
    expect(rows.map((r) => r.uid)).toEqual(['u1', 'u2']);
    await pool.query('drop schema old_claims cascade');
  });
});
