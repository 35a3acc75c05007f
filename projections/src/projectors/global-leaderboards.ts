// Global leaderboards (docs/decisions/leaderboards.md): from every GiftSent, top users
// by diamonds sent and top hosts by charm received, per UTC week (from Monday) and month, and the
// event boards of pairs (sender and recipient, either direction) for gifts sent within an event.
import { leaderboardEvents, leaderboardPeriodKey } from '@murmur/contracts';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

export interface BoardIncrement {
  board: 'users' | 'hosts' | 'pairs';
  period: string;
  uid: string;
  /** '' except on pair boards, where uid < partnerUid. */
  partnerUid: string;
  score: number;
  position: bigint;
}

const periodKey = leaderboardPeriodKey;

/** Folds a batch of GiftSent events into one increment per board row (pure: unit tested). */
export function boardIncrements(events: Array<ProjectedEvent<'GiftSent'>>): BoardIncrement[] {
  const sums = new Map<string, BoardIncrement>();
  const add = (board: BoardIncrement['board'], period: string, uid: string, partnerUid: string, score: number, position: bigint) => {
    if (score <= 0 || !uid) return;
    const key = `${board}|${period}|${uid}|${partnerUid}`;
    const row = sums.get(key);
    if (row) {
      row.score += score;
      if (position > row.position) row.position = position;
    } else sums.set(key, { board, period, uid, partnerUid, score, position });
  };
  for (const e of events) {
    const d = e.data;
    const sender = d.senderUid;
    const recipients = d.recipients;
    const at = new Date(d.sentAt);
    if (Number.isNaN(at.getTime())) continue;
    const periods = [periodKey.weekly(at), periodKey.monthly(at)];
    for (const period of periods) {
      add('users', period, sender, '', d.diamondsTotal, e.globalPosition);
      for (const r of recipients) add('hosts', period, r, '', d.charmPerRecipient, e.globalPosition);
    }
    const perRecipient = d.unitPrice * d.quantity;
    for (const event of leaderboardEvents) {
      if (at.getTime() < Date.parse(event.startsAt) || at.getTime() >= Date.parse(event.endsAt)) continue;
      for (const r of recipients) {
        if (r === sender) continue;
        const [a, b] = sender < r ? [sender, r] : [r, sender];
        add('pairs', periodKey.event(event.id), a, b, perRecipient, e.globalPosition);
      }
    }
  }
  return [...sums.values()];
}

export const globalLeaderboards = defineProjector({
  name: 'global-leaderboards',
  tables: ['global_leaderboards'],
  handles: ['GiftSent'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.global_leaderboards (
        board text not null, period text not null, uid text not null, partner_uid text not null,
        score numeric(24, 4) not null, last_position bigint not null,
        primary key (board, period, uid, partner_uid));
      create index if not exists global_leaderboards_rank on ${s}.global_leaderboards (board, period, score desc, uid, partner_uid);
    `);
  },
  async apply(events, { client, schema }) {
    const rows = boardIncrements(events);
    if (rows.length === 0) return;
    await client.query(
      `insert into ${ident(schema)}.global_leaderboards as g (board, period, uid, partner_uid, score, last_position)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::bigint[])
       on conflict (board, period, uid, partner_uid) do update
         set score = g.score + excluded.score, last_position = greatest(g.last_position, excluded.last_position)`,
      [
        rows.map((r) => r.board),
        rows.map((r) => r.period),
        rows.map((r) => r.uid),
        rows.map((r) => r.partnerUid),
        rows.map((r) => r.score),
        rows.map((r) => r.position.toString()),
      ],
    );
  },
});
