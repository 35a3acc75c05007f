// Named reads of the lobby-leaderboards projector's table (rm.lobby_leaderboards): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

/** A place on a board; the amount (diamonds or charm) as text. */
export interface BoardRow {
  uid: string;
  amount: string;
}

/** The top 50 of a lobby's board ('' for every lobby) for a period. */
export async function lobbyBoardTop(
  runner: Runner,
  p: { lobbyId: string; board: 'users' | 'hosts'; period: string; periodId: string },
): Promise<BoardRow[]> {
  const { rows } = await runner.query<BoardRow>(
    `select uid, amount::text from rm.lobby_leaderboards where lobby_id = $1 and board = $2 and period = $3 and period_id = $4
         order by lobby_leaderboards.amount desc, uid limit 50`,
    [p.lobbyId, p.board, p.period, p.periodId],
  );
  return rows;
}
