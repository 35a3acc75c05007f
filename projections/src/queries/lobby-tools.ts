// Named reads of the lobby-tools projector's tables (rm.lobby_polls, rm.lobby_tool_results): other
// workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

export interface PollRow {
  poll_id: string;
  opened_by: string;
  question: string;
  options: string[];
  votes: Record<string, number>;
  opened_at: Date;
  closed_at: Date | null;
}

export interface ToolResultRow {
  position: string;
  kind: 'dice' | 'lucky_number';
  uid: string;
  result: { dice?: number[]; number?: number };
  at: Date;
}

/** A lobby's latest poll, or undefined when none was opened. */
export async function latestPoll(runner: Runner, lobbyId: string): Promise<PollRow | undefined> {
  const { rows } = await runner.query<PollRow>(
    `select poll_id, opened_by, question, options, votes, opened_at, closed_at from rm.lobby_polls where lobby_id = $1 order by opened_position desc limit 1`,
    [lobbyId],
  );
  return rows[0];
}

/** A lobby's latest `limit` dice and lucky-number results, newest first. */
export async function recentToolResults(runner: Runner, lobbyId: string, limit: number): Promise<ToolResultRow[]> {
  const { rows } = await runner.query<ToolResultRow>(
    `select position::text, kind, uid, result, at from rm.lobby_tool_results where lobby_id = $1 order by lobby_tool_results.position desc limit $2`,
    [lobbyId, limit],
  );
  return rows;
}
