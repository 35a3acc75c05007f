// Named reads of the global-leaderboards projector's table (rm.global_leaderboards): other workspaces
// ask these, never SQL.
import type { Runner } from './runner.ts';

/** A standing on a board: a user (and partner, on a pair board) with score and rank. */
export interface StandingRow {
  uid: string;
  partner_uid: string;
  score: number;
  rank: number;
}

/** The top `limit` standings of a board in a period. */
export async function topStandings(runner: Runner, board: string, period: string, limit: number): Promise<StandingRow[]> {
  const { rows } = await runner.query<StandingRow>(
    `select uid, partner_uid, score::float8 as score, row_number() over (order by score desc, uid, partner_uid)::int as rank
         from rm.global_leaderboards where board = $1 and period = $2 order by score desc, uid, partner_uid limit $3`,
    [board, period, limit],
  );
  return rows;
}

/** A user's best standing on a board in a period (alone or in a pair), or null when not on it. */
export async function ownStanding(runner: Runner, board: string, period: string, uid: string): Promise<StandingRow | null> {
  const { rows } = await runner.query<StandingRow>(
    `with m as (
           select uid, partner_uid, score from rm.global_leaderboards
            where board = $1 and period = $2 and (uid = $3 or partner_uid = $3) order by score desc, uid, partner_uid limit 1)
         select m.uid, m.partner_uid, m.score::float8 as score,
                (select count(*)::int + 1 from rm.global_leaderboards g where g.board = $1 and g.period = $2
                   and (g.score > m.score or (g.score = m.score and (g.uid, g.partner_uid) < (m.uid, m.partner_uid)))) as rank
           from m`,
    [board, period, uid],
  );
  return rows[0] ?? null;
}
