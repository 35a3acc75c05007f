// Lobby leaderboards (docs/decisions/leaderboards.md: Top Users and Top Hosts, weekly or monthly; the Valentine's
// event) from GiftSent events that carry a lobbyId: users rank by diamonds sent, hosts by charm received.
import { lobbyConstants, monthIdOf, weekIdOf, type GiftSentData } from '@murmur/contracts';
import { defineProjector, ident } from '../projector.ts';

export type LeaderboardPeriod = 'weekly' | 'monthly' | 'valentines';

/** The Valentine's window of the year `at` falls in, or null outside it. */
export function valentinesPeriodOf(at: Date): string | null {
  const { from, to } = lobbyConstants.valentines;
  const year = at.getUTCFullYear();
  const start = Date.UTC(year, from.month - 1, from.day);
  const end = Date.UTC(year, to.month - 1, to.day);
  return at.getTime() >= start && at.getTime() < end ? String(year) : null;
}

interface Increment {
  lobbyId: string;
  board: 'users' | 'hosts';
  period: LeaderboardPeriod;
  periodId: string;
  uid: string;
  amount: number;
}

/** Folds gifts into leaderboard increments (pure: unit tested). The Valentine's board is kept
 * per lobby and across all lobbies (lobby id ''). */
export function leaderboardIncrements(gifts: GiftSentData[]): Increment[] {
  const sums = new Map<string, Increment>();
  const add = (inc: Omit<Increment, 'amount'>, amount: number) => {
    if (amount <= 0) return;
    const key = `${inc.lobbyId}|${inc.board}|${inc.period}|${inc.periodId}|${inc.uid}`;
    const row = sums.get(key);
    if (row) row.amount += amount;
    else sums.set(key, { ...inc, amount });
  };
  for (const g of gifts) {
    if (!g.lobbyId) continue;
    const at = new Date(g.sentAt);
    const periods: Array<[LeaderboardPeriod, string, string[]]> = [
      ['weekly', weekIdOf(at), [g.lobbyId]],
      ['monthly', monthIdOf(at), [g.lobbyId]],
    ];
    const valentines = valentinesPeriodOf(at);
    if (valentines) periods.push(['valentines', valentines, [g.lobbyId, '']]);
    for (const [period, periodId, lobbies] of periods) {
      for (const lobbyId of lobbies) {
        add({ lobbyId, board: 'users', period, periodId, uid: g.senderUid }, g.diamondsTotal);
        for (const r of g.recipients) add({ lobbyId, board: 'hosts', period, periodId, uid: r }, g.charmPerRecipient);
      }
    }
  }
  return [...sums.values()];
}

export const lobbyLeaderboardsProjector = defineProjector({
  name: 'lobby-leaderboards',
  tables: ['lobby_leaderboards'],
  handles: ['GiftSent'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.lobby_leaderboards (
        lobby_id text not null,
        board text not null,
        period text not null,
        period_id text not null,
        uid text not null,
        amount bigint not null,
        primary key (lobby_id, board, period, period_id, uid)
      );
      create index if not exists lobby_leaderboards_rank on ${s}.lobby_leaderboards (lobby_id, board, period, period_id, amount desc);
    `);
  },
  async apply(events, { client, schema }) {
    const rows = leaderboardIncrements(events.map((e) => e.data));
    if (rows.length === 0) return;
    await client.query(
      `insert into ${ident(schema)}.lobby_leaderboards as b (lobby_id, board, period, period_id, uid, amount)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
       on conflict (lobby_id, board, period, period_id, uid) do update set amount = b.amount + excluded.amount`,
      [
        rows.map((r) => r.lobbyId),
        rows.map((r) => r.board),
        rows.map((r) => r.period),
        rows.map((r) => r.periodId),
        rows.map((r) => r.uid),
        rows.map((r) => r.amount),
      ],
    );
  },
});
