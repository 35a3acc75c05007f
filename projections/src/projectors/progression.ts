// EXP, levels, mission and quest progress, claims, fragments, friends, the quest account and lobby
// levels, all earned from events already in the log by the rule table of `expRules` (contracts).
// Progress is kept per UTC day (`d:`), per week (`w:`) and over the account's life (`all`).
import { expRules, isPaidCredit, LIFETIME, levelOf, minutesPerDay, weekIdOf, type ProgressMetric } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const MINUTE_MS = 60_000;

/** The period keys a metric is counted under at a moment: its UTC day, its week and the lifetime. */
export function periodKeys(at: Date): string[] {
  return [`d:${at.toISOString().slice(0, 10)}`, `w:${weekIdOf(at)}`, LIFETIME];
}

type Client = pg.PoolClient;

interface Ctx {
  c: Client;
  s: string;
  /** The event being applied (its position names the EXP it earns). */
  e: RecordedEvent;
}

async function ensureUser(x: Ctx, uid: string): Promise<void> {
  await x.c.query(`insert into ${x.s}.progression_users (uid) values ($1) on conflict do nothing`, [uid]);
}

/** Adds EXP from one source, within the source's daily cap when it has one; logs what earned it. */
async function addExp(
  x: Ctx,
  uid: string,
  source: string,
  detail: string,
  exp: number,
  at: Date,
  part = 0,
  dailyCap?: number,
): Promise<void> {
  if (exp <= 0) return;
  let granted = exp;
  const day = at.toISOString().slice(0, 10);
  if (dailyCap !== undefined) {
    const { rows } = await x.c.query<{ exp: number }>(
      `select exp from ${x.s}.progression_exp_daily where uid = $1 and day = $2 and source = $3`,
      [uid, day, source],
    );
    granted = Math.min(exp, dailyCap - (rows[0]?.exp ?? 0));
    if (granted <= 0) return;
  }
  await x.c.query(
    `insert into ${x.s}.progression_exp_daily (uid, day, source, exp) values ($1, $2, $3, $4)
     on conflict (uid, day, source) do update set exp = progression_exp_daily.exp + excluded.exp`,
    [uid, day, source, granted],
  );
  await x.c.query(
    `insert into ${x.s}.progression_exp_log (id, uid, source, detail, exp, at, position) values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [`${x.e.globalPosition}:${uid}:${source}:${part}`, uid, source, detail, granted, at.toISOString(), x.e.globalPosition.toString()],
  );
  const { rows } = await x.c.query<{ exp: string }>(
    `insert into ${x.s}.progression_users (uid, exp) values ($1, $2)
     on conflict (uid) do update set exp = progression_users.exp + excluded.exp returning exp::text`,
    [uid, granted],
  );
  const total = Number(rows[0]!.exp);
  await x.c.query(`update ${x.s}.progression_users set level = $2, updated_at = $3 where uid = $1`, [
    uid,
    levelOf(total),
    at.toISOString(),
  ]);
}

async function addMetric(x: Ctx, uid: string, metric: ProgressMetric, amount: number, at: Date): Promise<void> {
  if (amount <= 0) return;
  for (const period of periodKeys(at)) {
    await x.c.query(
      `insert into ${x.s}.progression_metrics (uid, period_id, metric, value) values ($1, $2, $3, $4)
       on conflict (uid, period_id, metric) do update set value = progression_metrics.value + excluded.value`,
      [uid, period, metric, amount],
    );
  }
}

/** Adds to a running total and answers the EXP it newly earns at `per` units each (no rounding loss). */
async function runningExp(x: Ctx, uid: string, column: 'diamonds_sent' | 'charm_received', amount: number, per: number): Promise<number> {
  await ensureUser(x, uid);
  const { rows } = await x.c.query<{ total: string }>(
    `update ${x.s}.progression_users set ${column} = ${column} + $2 where uid = $1 returning ${column}::text as total`,
    [uid, amount],
  );
  const after = Number(rows[0]!.total);
  return Math.floor(after / per) - Math.floor((after - amount) / per);
}

// ---- seats ------------------------------------------------------------------------------------

async function openSeat(x: Ctx, lobbyId: string, uid: string, seat: number, at: string): Promise<void> {
  await x.c.query(`insert into ${x.s}.progression_seats (lobby_id, uid, seat, since) values ($1, $2, $3, $4) on conflict do nothing`, [
    lobbyId,
    uid,
    seat,
    at,
  ]);
}

async function closeSeat(x: Ctx, lobbyId: string, uid: string, at: string): Promise<void> {
  const { rows } = await x.c.query<{ seat: number; since: Date }>(
    `delete from ${x.s}.progression_seats where lobby_id = $1 and uid = $2 returning seat, since`,
    [lobbyId, uid],
  );
  const open = rows[0];
  if (!open) return;
  let part = 0;
  for (const { day, minutes } of minutesPerDay(open.since, new Date(at))) {
    await addMetric(x, uid, 'mic_minutes', minutes, day);
    if (open.seat === 0) await addMetric(x, uid, 'host_minutes', minutes, day);
    await addExp(x, uid, 'mic', `${minutes} min on a mic`, minutes * expRules.micMinuteExp, day, part++, expRules.micDailyCap);
  }
}

async function closeAllSeats(x: Ctx, lobbyId: string, at: string): Promise<void> {
  const { rows } = await x.c.query<{ uid: string }>(`select uid from ${x.s}.progression_seats where lobby_id = $1 order by uid`, [lobbyId]);
  for (const r of rows) await closeSeat(x, lobbyId, r.uid, at);
}

// ---- lobbies ----------------------------------------------------------------------------------

async function addLobbyExp(x: Ctx, lobbyId: string, exp: number): Promise<void> {
  if (exp <= 0) return;
  const { rows } = await x.c.query<{ exp: string }>(
    `update ${x.s}.lobby_progress set exp = exp + $2 where lobby_id = $1 returning exp::text`,
    [lobbyId, exp],
  );
  if (rows[0]) await x.c.query(`update ${x.s}.lobby_progress set level = $2 where lobby_id = $1`, [lobbyId, levelOf(Number(rows[0].exp))]);
}

/** Recounts members; starts or stops the live clock at two members. */
async function membersChanged(x: Ctx, lobbyId: string, at: string): Promise<void> {
  const { rows } = await x.c.query<{ members: number; live_since: Date | null }>(
    `update ${x.s}.lobby_progress set members = (select count(*)::int from ${x.s}.progression_lobby_members where lobby_id = $1)
      where lobby_id = $1 returning members, live_since`,
    [lobbyId],
  );
  const row = rows[0];
  if (!row) return;
  if (row.members >= 2 && row.live_since === null) {
    await x.c.query(`update ${x.s}.lobby_progress set live_since = $2 where lobby_id = $1`, [lobbyId, at]);
  } else if (row.members < 2 && row.live_since !== null) {
    const minutes = Math.max(0, Math.floor((new Date(at).getTime() - row.live_since.getTime()) / MINUTE_MS));
    await x.c.query(`update ${x.s}.lobby_progress set live_since = null, live_minutes = live_minutes + $2 where lobby_id = $1`, [
      lobbyId,
      minutes,
    ]);
    await addLobbyExp(x, lobbyId, minutes);
  }
}

async function join(x: Ctx, lobbyId: string, uid: string, at: string): Promise<void> {
  await x.c.query(`insert into ${x.s}.progression_lobby_members (lobby_id, uid) values ($1, $2) on conflict do nothing`, [lobbyId, uid]);
  await membersChanged(x, lobbyId, at);
}

async function leave(x: Ctx, lobbyId: string, uid: string, at: string): Promise<void> {
  await closeSeat(x, lobbyId, uid, at);
  await x.c.query(`delete from ${x.s}.progression_lobby_members where lobby_id = $1 and uid = $2`, [lobbyId, uid]);
  await membersChanged(x, lobbyId, at);
}

// ---- the projector ----------------------------------------------------------------------------

const handles = [
  'GiftSent',
  'DiamondsCredited',
  'UserSignedIn',
  'ChatMessagePosted',
  'Followed',
  'Unfollowed',
  'FollowerRemoved',
  'LobbyCreated',
  'LobbyInfoUpdated',
  'LobbyJoined',
  'LobbyLeft',
  'LobbyUserKicked',
  'LobbyUserBlocked',
  'LobbyEnded',
  'MicGranted',
  'UserUnseated',
  'MainHostSwitched',
  'RewardClaimed',
  'FragmentsCombined',
  'LevelReached',
  'FriendTokenIssued',
  'FriendTokenUsed',
  'FriendBonusGranted',
  'QuestAccountLinked',
  'QuestAccountUnlinked',
  'QuestExpImported',
] as const;
type Handled = (typeof handles)[number];

async function applyOne(x: Ctx, e: ProjectedEvent<Handled>): Promise<void> {
  switch (e.type) {
    case 'GiftSent': {
      const g = e.data;
      const at = new Date(g.sentAt);
      const count = g.quantity * g.recipients.length;
      await addMetric(x, g.senderUid, 'gifts_sent', count, at);
      await addExp(
        x,
        g.senderUid,
        'gift_sent',
        `Sent ${g.quantity} x ${g.giftName}`,
        await runningExp(x, g.senderUid, 'diamonds_sent', g.diamondsTotal, expRules.diamondsSentPerExp),
        at,
      );
      for (const r of g.recipients) {
        await addMetric(x, r, 'gifts_received', g.quantity, at);
        await addExp(
          x,
          r,
          'gift_received',
          `Received ${g.quantity} x ${g.giftName}`,
          await runningExp(x, r, 'charm_received', g.charmPerRecipient, expRules.charmReceivedPerExp),
          at,
        );
      }
      if (g.lobbyId) {
        const { rows } = await x.c.query<{ total: string }>(
          `update ${x.s}.lobby_progress set gift_diamonds = gift_diamonds + $2 where lobby_id = $1 returning gift_diamonds::text as total`,
          [g.lobbyId, g.diamondsTotal],
        );
        if (rows[0]) {
          const after = Number(rows[0].total);
          await addLobbyExp(
            x,
            g.lobbyId,
            Math.floor(after / expRules.diamondsSentPerExp) - Math.floor((after - g.diamondsTotal) / expRules.diamondsSentPerExp),
          );
        }
      }
      return;
    }
    case 'DiamondsCredited': {
      const c = e.data;
      if (isPaidCredit(c.reason)) await addMetric(x, c.uid, 'topups', 1, new Date(c.creditedAt));
      return;
    }
    case 'UserSignedIn': {
      await addExp(
        x,
        e.data.uid,
        'sign_in',
        'First sign-in of the day',
        expRules.dailySignInExp,
        new Date(e.data.signedInAt),
        0,
        expRules.dailySignInExp,
      );
      return;
    }
    case 'ChatMessagePosted': {
      const m = e.data;
      const at = new Date(m.postedAt);
      await addMetric(x, m.uid, 'chat_messages', 1, at);
      await addExp(x, m.uid, 'chat', 'Chat message', expRules.chatMessageExp, at, 0, expRules.chatDailyCap);
      return;
    }
    case 'Followed': {
      const at = new Date(e.data.followedAt);
      await addMetric(x, e.data.followerUid, 'follows', 1, at);
      const followee = e.data.followeeUid;
      await ensureUser(x, followee);
      await x.c.query(`update ${x.s}.progression_users set followers = followers + 1 where uid = $1`, [followee]);
      // Followers count as their highest number so far: reaching 10 is an achievement even if one leaves.
      await x.c.query(
        `insert into ${x.s}.progression_metrics (uid, period_id, metric, value)
         select uid, $2, 'followers', followers from ${x.s}.progression_users where uid = $1
         on conflict (uid, period_id, metric) do update set value = greatest(progression_metrics.value, excluded.value)`,
        [followee, LIFETIME],
      );
      return;
    }
    case 'Unfollowed':
    case 'FollowerRemoved':
      await x.c.query(`update ${x.s}.progression_users set followers = greatest(0, followers - 1) where uid = $1`, [e.data.followeeUid]);
      return;
    case 'LobbyCreated': {
      const { lobbyId, ownerUid: owner, createdAt: at } = e.data;
      const title = e.data.info.title;
      await addMetric(x, owner, 'lobbies_hosted', 1, new Date(at));
      await x.c.query(`insert into ${x.s}.lobby_progress (lobby_id, owner_uid, title) values ($1, $2, $3) on conflict do nothing`, [
        lobbyId,
        owner,
        title,
      ]);
      await openSeat(x, lobbyId, owner, 0, at);
      await join(x, lobbyId, owner, at);
      return;
    }
    case 'LobbyInfoUpdated': {
      const title = e.data.changes.title;
      if (typeof title === 'string')
        await x.c.query(`update ${x.s}.lobby_progress set title = $2 where lobby_id = $1`, [e.data.lobbyId, title]);
      return;
    }
    case 'LobbyJoined':
      await join(x, e.data.lobbyId, e.data.uid, e.data.joinedAt);
      return;
    case 'LobbyLeft':
      await leave(x, e.data.lobbyId, e.data.uid, e.data.leftAt);
      return;
    case 'LobbyUserKicked':
    case 'LobbyUserBlocked':
      await leave(x, e.data.lobbyId, e.data.uid, e.data.at);
      return;
    case 'LobbyEnded': {
      const { lobbyId, endedAt: at } = e.data;
      await closeAllSeats(x, lobbyId, at);
      await x.c.query(`delete from ${x.s}.progression_lobby_members where lobby_id = $1`, [lobbyId]);
      await membersChanged(x, lobbyId, at);
      return;
    }
    case 'MicGranted': {
      // Moving seats keeps the session running; seat 0 is only ever taken by a host switch.
      await openSeat(x, e.data.lobbyId, e.data.uid, e.data.seat, e.data.at);
      return;
    }
    case 'UserUnseated':
      await closeSeat(x, e.data.lobbyId, e.data.uid, e.data.at);
      return;
    case 'MainHostSwitched': {
      const { lobbyId, at, toUid: to, fromUid, fromUidSeat } = e.data;
      await closeSeat(x, lobbyId, to, at);
      await openSeat(x, lobbyId, to, 0, at);
      if (fromUid !== null) {
        await closeSeat(x, lobbyId, fromUid, at);
        if (fromUidSeat !== null) await openSeat(x, lobbyId, fromUid, fromUidSeat, at);
      }
      return;
    }
    case 'RewardClaimed': {
      const r = e.data;
      await x.c.query(
        `insert into ${x.s}.progression_claims (claim_id, uid, source, source_id, period_id, title, reward, claimed_at, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (uid, claim_id) do nothing`,
        [r.claimId, r.uid, r.source, r.sourceId, r.periodId, r.title, JSON.stringify(r.reward), r.claimedAt, e.globalPosition.toString()],
      );
      for (const f of r.reward.fragments) await addFragments(x, r.uid, f.kind, f.count);
      await addExp(x, r.uid, r.source, r.title, r.reward.exp, new Date(r.claimedAt));
      return;
    }
    case 'FragmentsCombined': {
      const f = e.data;
      await addFragments(x, f.uid, f.kind, -f.used);
      return;
    }
    case 'LevelReached': {
      const l = e.data;
      await ensureUser(x, l.uid);
      await x.c.query(`update ${x.s}.progression_users set announced_level = greatest(announced_level, $2) where uid = $1`, [
        l.uid,
        l.level,
      ]);
      return;
    }
    case 'FriendTokenIssued': {
      const t = e.data;
      await x.c.query(`insert into ${x.s}.progression_friend_tokens (token, uid, issued_at) values ($1, $2, $3) on conflict do nothing`, [
        t.token,
        t.uid,
        t.issuedAt,
      ]);
      return;
    }
    case 'FriendTokenUsed': {
      const f = e.data;
      await x.c.query(`insert into ${x.s}.progression_friends (uid, inviter_uid, joined_at) values ($1, $2, $3) on conflict do nothing`, [
        f.uid,
        f.inviterUid,
        f.joinedAt,
      ]);
      return;
    }
    case 'FriendBonusGranted': {
      const b = e.data;
      await x.c.query(`update ${x.s}.progression_friends set rewarded = true where uid = $1`, [b.uid]);
      const reward = JSON.stringify({ exp: b.exp, diamonds: 0, fragments: [] });
      const at = new Date(b.grantedAt);
      for (const [uid, claimId, title] of [
        [b.uid, `friend_bonus:${b.uid}`, `EXP for friends: you reached level ${b.level}`],
        [b.inviterUid, `friend_bonus:${b.uid}:inviter`, `EXP for friends: a friend reached level ${b.level}`],
      ] as const) {
        await x.c.query(
          `insert into ${x.s}.progression_claims (claim_id, uid, source, source_id, period_id, title, reward, claimed_at, position)
           values ($1, $2, 'friend_bonus', $3, $4, $5, $6, $7, $8) on conflict (uid, claim_id) do nothing`,
          [claimId, uid, b.uid, LIFETIME, title, reward, b.grantedAt, e.globalPosition.toString()],
        );
        await addExp(x, uid, 'friend_bonus', title, b.exp, at);
      }
      return;
    }
    case 'QuestAccountLinked': {
      const l = e.data;
      await x.c.query(
        `insert into ${x.s}.progression_quest_accounts (uid, platform_user_id, handle, linked_at) values ($1, $2, $3, $4)
         on conflict (uid) do update set platform_user_id = excluded.platform_user_id, handle = excluded.handle, linked_at = excluded.linked_at`,
        [l.uid, l.platformUserId, l.handle, l.linkedAt],
      );
      return;
    }
    case 'QuestAccountUnlinked': {
      const u = e.data;
      await x.c.query(`delete from ${x.s}.progression_quest_accounts where uid = $1 and platform_user_id = $2`, [u.uid, u.platformUserId]);
      return;
    }
    case 'QuestExpImported': {
      const q = e.data;
      await x.c.query(
        `insert into ${x.s}.progression_claims (claim_id, uid, source, source_id, period_id, title, reward, claimed_at, position)
         values ($1, $2, 'quest_platform', $3, $4, $5, $6, $7, $8) on conflict (uid, claim_id) do nothing`,
        [
          `quest_platform:${q.platformEventId}`,
          q.uid,
          q.platformEventId,
          LIFETIME,
          q.questTitle,
          JSON.stringify({ exp: q.exp, diamonds: 0, fragments: [] }),
          q.importedAt,
          e.globalPosition.toString(),
        ],
      );
      await addExp(x, q.uid, 'quest_platform', q.questTitle, q.exp, new Date(q.importedAt));
      return;
    }
  }
}

/**
 * A run of gifts, with exactly the rows `applyOne` would leave one gift at a time (metrics, running
 * totals, EXP per day and its log, levels, the lobby's gift diamonds and EXP), in a fixed number of
 * statements: the totals are read once, carried forward in memory in log order, and written once.
 */
async function applyGifts(c: Client, s: string, gifts: Array<ProjectedEvent<'GiftSent'>>): Promise<void> {
  const uids = [...new Set(gifts.flatMap((g) => [g.data.senderUid, ...g.data.recipients]))];
  await c.query(`insert into ${s}.progression_users (uid) select unnest($1::text[]) on conflict do nothing`, [uids]);
  const { rows: userRows } = await c.query<{ uid: string; exp: string; diamonds_sent: string; charm_received: string }>(
    `select uid, exp::text, diamonds_sent::text, charm_received::text from ${s}.progression_users where uid = any($1::text[])`,
    [uids],
  );
  const users = new Map(
    userRows.map((r) => [
      r.uid,
      { exp: Number(r.exp), diamondsSent: Number(r.diamonds_sent), charmReceived: Number(r.charm_received), grants: 0, updatedAt: '' },
    ]),
  );
  const lobbyIds = [...new Set(gifts.flatMap((g) => (g.data.lobbyId ? [g.data.lobbyId] : [])))];
  const lobbies = new Map<string, { exp: number; giftDiamonds: number; addedExp: number; addedDiamonds: number }>();
  if (lobbyIds.length > 0) {
    const { rows } = await c.query<{ lobby_id: string; exp: string; gift_diamonds: string }>(
      `select lobby_id, exp::text, gift_diamonds::text from ${s}.lobby_progress where lobby_id = any($1::text[])`,
      [lobbyIds],
    );
    for (const r of rows)
      lobbies.set(r.lobby_id, { exp: Number(r.exp), giftDiamonds: Number(r.gift_diamonds), addedExp: 0, addedDiamonds: 0 });
  }
  const metrics = new Map<string, { uid: string; period: string; metric: ProgressMetric; value: number }>();
  const metric = (uid: string, name: ProgressMetric, amount: number, at: Date) => {
    if (amount <= 0) return;
    for (const period of periodKeys(at)) {
      const key = `${uid}\u0000${period}\u0000${name}`;
      const row = metrics.get(key) ?? metrics.set(key, { uid, period, metric: name, value: 0 }).get(key)!;
      row.value += amount;
    }
  };
  const daily = new Map<string, { uid: string; day: string; source: string; exp: number }>();
  const log = new Map<string, { uid: string; source: string; detail: string; exp: number; at: string; position: string }>();
  const exp = (e: ProjectedEvent<'GiftSent'>, uid: string, source: string, detail: string, granted: number, at: Date) => {
    if (granted <= 0) return;
    const day = at.toISOString().slice(0, 10);
    const key = `${uid}\u0000${day}\u0000${source}`;
    const row = daily.get(key) ?? daily.set(key, { uid, day, source, exp: 0 }).get(key)!;
    row.exp += granted;
    const id = `${e.globalPosition}:${uid}:${source}:0`;
    if (!log.has(id)) log.set(id, { uid, source, detail, exp: granted, at: at.toISOString(), position: e.globalPosition.toString() });
    const user = users.get(uid)!;
    user.exp += granted;
    user.grants++;
    user.updatedAt = at.toISOString();
  };
  const earned = (after: number, amount: number, per: number) => Math.floor(after / per) - Math.floor((after - amount) / per);
  for (const e of gifts) {
    const g = e.data;
    const at = new Date(g.sentAt);
    metric(g.senderUid, 'gifts_sent', g.quantity * g.recipients.length, at);
    const sender = users.get(g.senderUid)!;
    sender.diamondsSent += g.diamondsTotal;
    exp(
      e,
      g.senderUid,
      'gift_sent',
      `Sent ${g.quantity} x ${g.giftName}`,
      earned(sender.diamondsSent, g.diamondsTotal, expRules.diamondsSentPerExp),
      at,
    );
    for (const r of g.recipients) {
      metric(r, 'gifts_received', g.quantity, at);
      const recipient = users.get(r)!;
      recipient.charmReceived += g.charmPerRecipient;
      const got = earned(recipient.charmReceived, g.charmPerRecipient, expRules.charmReceivedPerExp);
      exp(e, r, 'gift_received', `Received ${g.quantity} x ${g.giftName}`, got, at);
    }
    const lobby = g.lobbyId ? lobbies.get(g.lobbyId) : undefined;
    if (lobby) {
      lobby.giftDiamonds += g.diamondsTotal;
      lobby.addedDiamonds += g.diamondsTotal;
      const lobbyExp = earned(lobby.giftDiamonds, g.diamondsTotal, expRules.diamondsSentPerExp);
      if (lobbyExp > 0) {
        lobby.exp += lobbyExp;
        lobby.addedExp += lobbyExp;
      }
    }
  }
  if (metrics.size > 0) {
    const rows = [...metrics.values()];
    await c.query(
      `insert into ${s}.progression_metrics (uid, period_id, metric, value) select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
       on conflict (uid, period_id, metric) do update set value = progression_metrics.value + excluded.value`,
      [rows.map((r) => r.uid), rows.map((r) => r.period), rows.map((r) => r.metric), rows.map((r) => r.value)],
    );
  }
  if (daily.size > 0) {
    const rows = [...daily.values()];
    await c.query(
      `insert into ${s}.progression_exp_daily (uid, day, source, exp) select * from unnest($1::text[], $2::date[], $3::text[], $4::int[])
       on conflict (uid, day, source) do update set exp = progression_exp_daily.exp + excluded.exp`,
      [rows.map((r) => r.uid), rows.map((r) => r.day), rows.map((r) => r.source), rows.map((r) => r.exp)],
    );
  }
  if (log.size > 0) {
    const rows = [...log];
    await c.query(
      `insert into ${s}.progression_exp_log (id, uid, source, detail, exp, at, position)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::bigint[]) on conflict do nothing`,
      [
        rows.map(([id]) => id),
        rows.map(([, r]) => r.uid),
        rows.map(([, r]) => r.source),
        rows.map(([, r]) => r.detail),
        rows.map(([, r]) => r.exp),
        rows.map(([, r]) => r.at),
        rows.map(([, r]) => r.position),
      ],
    );
  }
  const changed = [...users];
  await c.query(
    `update ${s}.progression_users u set exp = t.exp, diamonds_sent = t.diamonds_sent, charm_received = t.charm_received,
       level = case when t.granted then t.level else u.level end, updated_at = case when t.granted then t.updated_at else u.updated_at end
       from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::int[], $6::boolean[], $7::timestamptz[])
         as t(uid, exp, diamonds_sent, charm_received, level, granted, updated_at)
      where u.uid = t.uid`,
    [
      changed.map(([uid]) => uid),
      changed.map(([, u]) => u.exp),
      changed.map(([, u]) => u.diamondsSent),
      changed.map(([, u]) => u.charmReceived),
      changed.map(([, u]) => levelOf(u.exp)),
      changed.map(([, u]) => u.grants > 0),
      changed.map(([, u]) => u.updatedAt || null),
    ],
  );
  const touched = [...lobbies].filter(([, l]) => l.addedDiamonds > 0);
  if (touched.length > 0) {
    await c.query(
      `update ${s}.lobby_progress p set gift_diamonds = p.gift_diamonds + t.diamonds, exp = p.exp + t.exp,
         level = case when t.exp > 0 then t.level else p.level end
         from unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[]) as t(lobby_id, diamonds, exp, level)
        where p.lobby_id = t.lobby_id`,
      [
        touched.map(([id]) => id),
        touched.map(([, l]) => l.addedDiamonds),
        touched.map(([, l]) => l.addedExp),
        touched.map(([, l]) => levelOf(l.exp)),
      ],
    );
  }
}

async function addFragments(x: Ctx, uid: string, kind: string, count: number): Promise<void> {
  await x.c.query(
    `insert into ${x.s}.progression_fragments (uid, kind, count) values ($1, $2, $3)
     on conflict (uid, kind) do update set count = progression_fragments.count + excluded.count`,
    [uid, kind, count],
  );
}

/** Moves a claims table keyed by the claim id alone (which kept only the first claimer of each
 * mission on the platform) to the per-user key. The claims it dropped come back only from the log:
 * `projections rebuild progression` after this runs (docs/operations.md). */
async function keyClaimsPerUser(client: pg.PoolClient | pg.Pool, schema: string): Promise<void> {
  const { rows } = await client.query<{ conname: string }>(
    `select c.conname from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = $1 and t.relname = 'progression_claims' and c.contype = 'p' and array_length(c.conkey, 1) = 1`,
    [schema],
  );
  const old = rows[0];
  if (!old) return;
  const s = ident(schema);
  await client.query(`alter table ${s}.progression_claims drop constraint ${ident(old.conname)}, add primary key (uid, claim_id)`);
}

export const progressionProjector = defineProjector({
  name: 'progression',
  tables: [
    'progression_users',
    'progression_exp_daily',
    'progression_exp_log',
    'progression_metrics',
    'progression_seats',
    'progression_claims',
    'progression_fragments',
    'progression_friend_tokens',
    'progression_friends',
    'progression_quest_accounts',
    'lobby_progress',
    'progression_lobby_members',
  ],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.progression_users (
      uid text primary key,
      exp bigint not null default 0,
      level int not null default 1,
      announced_level int not null default 1,
      diamonds_sent bigint not null default 0,
      charm_received bigint not null default 0,
      followers int not null default 0,
      updated_at timestamptz
    )`);
    // The level announcer looks for exactly these rows.
    await client.query(
      `create index if not exists progression_users_unannounced on ${s}.progression_users (uid) where level > announced_level`,
    );
    await client.query(`create table if not exists ${s}.progression_exp_daily (
      uid text not null, day date not null, source text not null, exp int not null, primary key (uid, day, source)
    )`);
    await client.query(`create table if not exists ${s}.progression_exp_log (
      id text primary key, uid text not null, source text not null, detail text not null, exp int not null, at timestamptz not null, position bigint not null
    )`);
    await client.query(`create index if not exists progression_exp_log_uid on ${s}.progression_exp_log (uid, position desc)`);
    await client.query(`create table if not exists ${s}.progression_metrics (
      uid text not null, period_id text not null, metric text not null, value bigint not null, primary key (uid, period_id, metric)
    )`);
    await client.query(`create table if not exists ${s}.progression_seats (
      lobby_id text not null, uid text not null, seat int not null, since timestamptz not null, primary key (lobby_id, uid)
    )`);
    // A claim id names a mission or step and its period, the same for every user: a claim is keyed per user.
    await client.query(`create table if not exists ${s}.progression_claims (
      uid text not null, claim_id text not null, source text not null, source_id text not null, period_id text not null,
      title text not null, reward jsonb not null, claimed_at timestamptz not null, position bigint not null,
      primary key (uid, claim_id)
    )`);
    await keyClaimsPerUser(client, schema);
    await client.query(`create index if not exists progression_claims_uid on ${s}.progression_claims (uid, position desc)`);
    await client.query(
      `create table if not exists ${s}.progression_fragments (uid text not null, kind text not null, count int not null, primary key (uid, kind))`,
    );
    await client.query(
      `create table if not exists ${s}.progression_friend_tokens (token text primary key, uid text not null unique, issued_at timestamptz not null)`,
    );
    await client.query(`create table if not exists ${s}.progression_friends (
      uid text primary key, inviter_uid text not null, joined_at timestamptz not null, rewarded boolean not null default false
    )`);
    await client.query(`create index if not exists progression_friends_inviter on ${s}.progression_friends (inviter_uid)`);
    await client.query(`create table if not exists ${s}.progression_quest_accounts (
      uid text primary key, platform_user_id text not null, handle text not null, linked_at timestamptz not null
    )`);
    await client.query(`create table if not exists ${s}.lobby_progress (
      lobby_id text primary key, owner_uid text not null, title text not null default '',
      exp bigint not null default 0, level int not null default 1, live_minutes bigint not null default 0, gift_diamonds bigint not null default 0,
      members int not null default 0, live_since timestamptz
    )`);
    await client.query(
      `create table if not exists ${s}.progression_lobby_members (lobby_id text not null, uid text not null, primary key (lobby_id, uid))`,
    );
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    // Consecutive gifts (most of the log under load) are folded and written together; any other
    // event is applied on its own, after the gifts before it.
    let gifts: Array<ProjectedEvent<'GiftSent'>> = [];
    for (const e of events) {
      if (e.type === 'GiftSent') {
        gifts.push(e);
        continue;
      }
      if (gifts.length > 0) await applyGifts(client, s, gifts);
      gifts = [];
      await applyOne({ c: client, s, e }, e);
    }
    if (gifts.length > 0) await applyGifts(client, s, gifts);
  },
});
