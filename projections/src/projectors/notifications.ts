// The notifications centre's read model: one row per thing that concerns a user (a gift received, a
// new follower, a DM thread with unread messages, a lobby invite, a payment or withdrawal outcome, a
// referral reward), numbered per user in log order; `NotificationsRead` moves the user's read mark.
// A new kind is one entry in `sources`.
import {
  GiftSentData, lobbyInviteIn, NotificationsReadData, PaymentConfirmedData, PaymentFailedData, ReferralPayoutSettled, WithdrawalCompletedData,
  WithdrawalFailedData, type NotificationFacts, type NotificationKind,
} from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import { ident, type Projector } from '../projector.ts';

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

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

type Source = (e: RecordedEvent) => NotificationDraft[];

/** Event type -> the notifications it makes. Events whose data does not parse make none. */
export const sources: Record<string, Source> = {
  GiftSent: (e) => {
    const d = GiftSentData.safeParse(e.data);
    if (!d.success) return [];
    const { senderUid, giftName, quantity, lobbyId, roomId, sentAt } = d.data;
    return [...new Set(d.data.recipients)]
      .filter((r) => r !== senderUid)
      .map((uid) => ({ uid, key: `gift:${e.globalPosition}`, kind: 'gift_received', actorUid: senderUid, facts: { giftName, quantity, lobbyId, roomId }, at: sentAt }));
  },
  Followed: (e) => {
    const follower = str(e.data.followerUid);
    const followee = str(e.data.followeeUid);
    if (!follower || !followee || follower === followee) return [];
    return [{ uid: followee, key: `follow:${e.globalPosition}`, kind: 'new_follower', actorUid: follower, facts: {}, at: str(e.data.followedAt) ?? e.createdAt.toISOString() }];
  },
  DirectMessageSent: (e) => {
    const sender = str(e.data.senderUid);
    const recipient = str(e.data.recipientUid);
    const threadId = str(e.data.threadId);
    if (!sender || !recipient || !threadId) return [];
    const text = typeof e.data.text === 'string' ? e.data.text : '';
    const at = str(e.data.sentAt) ?? e.createdAt.toISOString();
    const invite = lobbyInviteIn(text);
    if (invite) return [{ uid: recipient, key: `invite:${e.globalPosition}`, kind: 'lobby_invite', actorUid: sender, facts: { ...invite, threadId }, at }];
    return [{ uid: recipient, key: `dm:${threadId}`, kind: 'direct_message', actorUid: sender, facts: { threadId, preview: (text || '[image]').slice(0, 80) }, at }];
  },
  PaymentConfirmed: (e) => {
    const d = PaymentConfirmedData.safeParse(e.data);
    if (!d.success) return [];
    const facts = { diamonds: d.data.diamonds, usdCents: d.data.amountUsdCents };
    return [{ uid: d.data.uid, key: `payment:${d.data.paymentId}`, kind: 'payment_confirmed', actorUid: null, facts, at: d.data.confirmedAt }];
  },
  PaymentFailed: (e) => {
    const d = PaymentFailedData.safeParse(e.data);
    if (!d.success) return [];
    return [{ uid: d.data.uid, key: `payment:${d.data.paymentId}`, kind: 'payment_failed', actorUid: null, facts: { reason: d.data.reason }, at: d.data.failedAt }];
  },
  WithdrawalCompleted: (e) => {
    const d = WithdrawalCompletedData.safeParse(e.data);
    if (!d.success) return [];
    return [{ uid: d.data.uid, key: `withdrawal:${d.data.withdrawalId}`, kind: 'withdrawal_completed', actorUid: null, facts: {}, at: d.data.completedAt }];
  },
  WithdrawalFailed: (e) => {
    const d = WithdrawalFailedData.safeParse(e.data);
    if (!d.success) return [];
    const facts = { charm: d.data.charm, reason: d.data.reason };
    return [{ uid: d.data.uid, key: `withdrawal:${d.data.withdrawalId}`, kind: 'withdrawal_failed', actorUid: null, facts, at: d.data.failedAt }];
  },
  ReferralPayoutSettled: (e) => {
    const d = ReferralPayoutSettled.safeParse(e.data);
    if (!d.success) return [];
    const facts = { microUsdt: d.data.amountMicroUsdt, weekId: d.data.weekId };
    return [{ uid: d.data.uid, key: `referral:${d.data.weekId}`, kind: 'referral_reward', actorUid: null, facts, at: d.data.settledAt }];
  },
};

export const notificationsProjector: Projector = {
  name: 'notifications',
  tables: ['notifications', 'notification_marks'],
  handles: [...Object.keys(sources), 'DirectThreadRead', 'NotificationsRead'],
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
    for (const e of events) {
      if (e.type === 'NotificationsRead') {
        const d = NotificationsReadData.safeParse(e.data);
        if (!d.success) continue;
        await client.query(`insert into ${s}.notification_marks (uid) values ($1) on conflict (uid) do nothing`, [d.data.uid]);
        // Never past what exists: a mark ahead of the log would hide notifications not yet made.
        await client.query(`update ${s}.notification_marks set read_seq = greatest(read_seq, least($2::bigint, last_seq)) where uid = $1`, [d.data.uid, d.data.upToSeq]);
        continue;
      }
      if (e.type === 'DirectThreadRead') {
        const uid = str(e.data.uid);
        const threadId = str(e.data.threadId);
        const readAt = str(e.data.readAt);
        if (uid && threadId && readAt) await client.query(`update ${s}.notifications set seen = true where uid = $1 and id = $2 and at <= $3`, [uid, `dm:${threadId}`, readAt]);
        continue;
      }
      for (const n of sources[e.type]?.(e) ?? []) {
        const { rows } = await client.query<{ seq: string }>(
          `insert into ${s}.notification_marks as m (uid, last_seq) values ($1, 1)
           on conflict (uid) do update set last_seq = m.last_seq + 1 returning last_seq::text as seq`,
          [n.uid],
        );
        const seq = rows[0]!.seq;
        // A DM thread's row gathers the messages not yet seen; seeing the thread starts a new count.
        await client.query(
          `insert into ${s}.notifications as n (uid, id, kind, seq, actor_uid, facts, at, seen)
           values ($1, $2, $3, $4, $5, $6::jsonb || jsonb_build_object('count', 1), $7, false)
           on conflict (uid, id) do update set kind = excluded.kind, seq = excluded.seq, actor_uid = excluded.actor_uid, at = excluded.at, seen = false,
             facts = excluded.facts || jsonb_build_object('count',
               case when n.seen or n.seq <= (select read_seq from ${s}.notification_marks where uid = $1) then 1 else coalesce((n.facts->>'count')::int, 1) + 1 end)`,
          [n.uid, n.key, n.kind, seq, n.actorUid, JSON.stringify(n.facts), n.at],
        );
      }
    }
  },
};
