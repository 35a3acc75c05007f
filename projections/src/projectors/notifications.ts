// The notifications centre's read model: one row per thing that concerns a user (a gift received, a
// new follower, a DM thread with unread messages, a lobby invite, a payment or withdrawal outcome, a
// referral reward), numbered per user in log order; `NotificationsRead` moves the user's read mark.
// A new kind is one entry in `sources`.
import { lobbyInviteIn, type NotificationFacts, type NotificationKind } from '@murmur/contracts';
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const sourceTypes = [
  'GiftSent',
  'Followed',
  'DirectMessageSent',
  'PaymentConfirmed',
  'PaymentFailed',
  'WithdrawalCompleted',
  'WithdrawalFailed',
  'ReferralPayoutSettled',
  'HostApplicationApproved',
  'HostApplicationRejected',
  'ReportDecided',
  'AgencyInvitationSent',
] as const;
type SourceType = (typeof sourceTypes)[number];

/** What one event tells one user. `key` is unique per user; a row with the same key is replaced
 * (a DM thread gathers its messages in one row). */
export interface NotificationDraft {
  uid: string;
  key: string;
  kind: NotificationKind;
  actorUid: string | null;
  facts: NotificationFacts;
  at: string;
}

/** Event type -> the notifications it makes (a new kind is one more entry). */
const sources: { [K in SourceType]: (e: ProjectedEvent<K>) => NotificationDraft[] } = {
  GiftSent: (e) => {
    const { senderUid, giftName, quantity, lobbyId, roomId, sentAt } = e.data;
    return [...new Set(e.data.recipients)]
      .filter((r) => r !== senderUid)
      .map((uid) => ({
        uid,
        key: `gift:${e.globalPosition}`,
        kind: 'gift_received',
        actorUid: senderUid,
        facts: { giftName, quantity, lobbyId, roomId },
        at: sentAt,
      }));
  },
  Followed: (e) => {
    const { followerUid: follower, followeeUid: followee, followedAt } = e.data;
    if (follower === followee) return [];
    return [{ uid: followee, key: `follow:${e.globalPosition}`, kind: 'new_follower', actorUid: follower, facts: {}, at: followedAt }];
  },
  DirectMessageSent: (e) => {
    const { senderUid: sender, recipientUid: recipient, threadId, text, sentAt: at } = e.data;
    const invite = lobbyInviteIn(text);
    if (invite)
      return [
        { uid: recipient, key: `invite:${e.globalPosition}`, kind: 'lobby_invite', actorUid: sender, facts: { ...invite, threadId }, at },
      ];
    return [
      {
        uid: recipient,
        key: `dm:${threadId}`,
        kind: 'direct_message',
        actorUid: sender,
        facts: { threadId, preview: (text || '[image]').slice(0, 80) },
        at,
      },
    ];
  },
  PaymentConfirmed: (e) => {
    const d = e.data;
    const facts = { diamonds: d.diamonds, usdCents: d.amountUsdCents };
    return [{ uid: d.uid, key: `payment:${d.paymentId}`, kind: 'payment_confirmed', actorUid: null, facts, at: d.confirmedAt }];
  },
  PaymentFailed: (e) => {
    const d = e.data;
    return [
      { uid: d.uid, key: `payment:${d.paymentId}`, kind: 'payment_failed', actorUid: null, facts: { reason: d.reason }, at: d.failedAt },
    ];
  },
  WithdrawalCompleted: (e) => {
    const d = e.data;
    return [
      { uid: d.uid, key: `withdrawal:${d.withdrawalId}`, kind: 'withdrawal_completed', actorUid: null, facts: {}, at: d.completedAt },
    ];
  },
  WithdrawalFailed: (e) => {
    const d = e.data;
    const facts = { charm: d.charm, reason: d.reason };
    return [{ uid: d.uid, key: `withdrawal:${d.withdrawalId}`, kind: 'withdrawal_failed', actorUid: null, facts, at: d.failedAt }];
  },
  ReferralPayoutSettled: (e) => {
    const d = e.data;
    const facts = { microUsdt: d.amountMicroUsdt, weekId: d.weekId };
    return [{ uid: d.uid, key: `referral:${d.weekId}`, kind: 'referral_reward', actorUid: null, facts, at: d.settledAt }];
  },
  HostApplicationApproved: (e) => {
    const d = e.data;
    return [{ uid: d.uid, key: `host:${d.applicationId}`, kind: 'host_approved', actorUid: null, facts: {}, at: d.decidedAt }];
  },
  HostApplicationRejected: (e) => {
    const d = e.data;
    return [
      { uid: d.uid, key: `host:${d.applicationId}`, kind: 'host_rejected', actorUid: null, facts: { reason: d.reason }, at: d.decidedAt },
    ];
  },
  AgencyInvitationSent: (e) => {
    const d = e.data;
    const facts = { agencyId: d.agencyId, agencyName: d.agencyName };
    return [
      {
        uid: d.hostUid,
        key: `agency-invite:${e.globalPosition}`,
        kind: 'agency_invitation',
        actorUid: d.invitedBy,
        facts,
        at: d.invitedAt,
      },
    ];
  },
  // The reporter learns the outcome (never who decided); the reported user learns of a warning,
  // a silence or a removal with its reason (a ban speaks for itself at sign-in).
  ReportDecided: (e) => {
    const d = e.data;
    const drafts: NotificationDraft[] = [
      {
        uid: d.reporterUid,
        key: `report:${d.reportId}`,
        kind: 'report_decided',
        actorUid: null,
        facts: { action: d.action, reportKind: d.kind },
        at: d.decidedAt,
      },
    ];
    if (d.subjectUid && (d.action === 'warn' || d.action === 'silence' || d.action === 'remove')) {
      const facts = {
        action: d.action,
        reportKind: d.kind,
        reason: d.reason,
        ...(d.until ? { until: d.until } : {}),
        ...(d.lobbyId ? { lobbyId: d.lobbyId } : {}),
      };
      drafts.push({ uid: d.subjectUid, key: `warning:${d.reportId}`, kind: 'operator_warning', actorUid: null, facts, at: d.decidedAt });
    }
    return drafts;
  },
};

/** The notifications one event makes. */
function draftsOf(e: ProjectedEvent<SourceType>): NotificationDraft[] {
  switch (e.type) {
    case 'GiftSent':
      return sources.GiftSent(e);
    case 'Followed':
      return sources.Followed(e);
    case 'DirectMessageSent':
      return sources.DirectMessageSent(e);
    case 'PaymentConfirmed':
      return sources.PaymentConfirmed(e);
    case 'PaymentFailed':
      return sources.PaymentFailed(e);
    case 'WithdrawalCompleted':
      return sources.WithdrawalCompleted(e);
    case 'WithdrawalFailed':
      return sources.WithdrawalFailed(e);
    case 'ReferralPayoutSettled':
      return sources.ReferralPayoutSettled(e);
    case 'HostApplicationApproved':
      return sources.HostApplicationApproved(e);
    case 'HostApplicationRejected':
      return sources.HostApplicationRejected(e);
    case 'ReportDecided':
      return sources.ReportDecided(e);
    case 'AgencyInvitationSent':
      return sources.AgencyInvitationSent(e);
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

/** Writes drafts whose rows are all distinct: each user's sequence numbers move once (by their
 * count, given out in the drafts' order), then every row is written in one statement. */
async function writeDrafts(client: pg.PoolClient, s: string, drafts: NotificationDraft[]): Promise<void> {
  const perUser = new Map<string, number>();
  for (const n of drafts) perUser.set(n.uid, (perUser.get(n.uid) ?? 0) + 1);
  const { rows } = await client.query<{ uid: string; seq: string }>(
    `insert into ${s}.notification_marks as m (uid, last_seq) select * from unnest($1::text[], $2::bigint[])
     on conflict (uid) do update set last_seq = m.last_seq + excluded.last_seq returning uid, last_seq::text as seq`,
    [[...perUser.keys()], [...perUser.values()]],
  );
  const next = new Map(rows.map((r) => [r.uid, BigInt(r.seq) - BigInt(perUser.get(r.uid)!) + 1n]));
  const seqs = drafts.map((n) => {
    const seq = next.get(n.uid)!;
    next.set(n.uid, seq + 1n);
    return seq.toString();
  });
  // A DM thread's row gathers the messages not yet seen; seeing the thread starts a new count.
  await client.query(
    `insert into ${s}.notifications as n (uid, id, kind, seq, actor_uid, facts, at, seen)
     select uid, id, kind, seq, actor_uid, facts || jsonb_build_object('count', 1), at, false
       from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::timestamptz[]) as t(uid, id, kind, seq, actor_uid, facts, at)
     on conflict (uid, id) do update set kind = excluded.kind, seq = excluded.seq, actor_uid = excluded.actor_uid, at = excluded.at, seen = false,
       facts = excluded.facts || jsonb_build_object('count',
         case when n.seen or n.seq <= (select read_seq from ${s}.notification_marks where uid = excluded.uid) then 1 else coalesce((n.facts->>'count')::int, 1) + 1 end)`,
    [
      drafts.map((n) => n.uid),
      drafts.map((n) => n.key),
      drafts.map((n) => n.kind),
      seqs,
      drafts.map((n) => n.actorUid),
      drafts.map((n) => JSON.stringify(n.facts)),
      drafts.map((n) => n.at),
    ],
  );
}

export const notificationsProjector = defineProjector({
  name: 'notifications',
  tables: ['notifications', 'notification_marks'],
  handles: [...sourceTypes, 'DirectThreadRead', 'NotificationsRead'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.notification_marks (
        uid text primary key, last_seq bigint not null default 0, read_seq bigint not null default 0);
      create table if not exists ${s}.notifications (
        uid text not null, id text not null, kind text not null, seq bigint not null, actor_uid text,
        facts jsonb not null, at timestamptz not null,
        -- a DM thread the user has opened since: read whatever the mark says
        seen boolean not null default false,
        primary key (uid, id));
      create index if not exists notifications_by_seq on ${s}.notifications (uid, seq desc);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    // Drafts are written in chunks of two statements each: a chunk ends before a read mark (it
    // reads the rows before it) and before a draft whose row the chunk already writes (a DM
    // thread's second message counts on the first).
    let chunk: NotificationDraft[] = [];
    let keys = new Set<string>();
    const flush = async () => {
      if (chunk.length > 0) await writeDrafts(client, s, chunk);
      chunk = [];
      keys = new Set();
    };
    for (const e of events) {
      if (e.type === 'NotificationsRead') {
        await flush();
        const d = e.data;
        await client.query(`insert into ${s}.notification_marks (uid) values ($1) on conflict (uid) do nothing`, [d.uid]);
        // Never past what exists: a mark ahead of the log would hide notifications not yet made.
        await client.query(`update ${s}.notification_marks set read_seq = greatest(read_seq, least($2::bigint, last_seq)) where uid = $1`, [
          d.uid,
          d.upToSeq,
        ]);
        continue;
      }
      if (e.type === 'DirectThreadRead') {
        await flush();
        const { uid, threadId, readAt } = e.data;
        await client.query(`update ${s}.notifications set seen = true where uid = $1 and id = $2 and at <= $3`, [
          uid,
          `dm:${threadId}`,
          readAt,
        ]);
        continue;
      }
      for (const n of draftsOf(e)) {
        const key = `${n.uid}\u0000${n.key}`;
        if (keys.has(key)) await flush();
        keys.add(key);
        chunk.push(n);
      }
    }
    await flush();
  },
});
