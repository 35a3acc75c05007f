// The lobby's interactive tools as a page reads them on load: the latest poll with its counts and
// the caller's vote, and the latest dice and lucky-number results. Read like the lobby's chat: a
// private lobby's by its members and staff only.
import { LobbyToolsDto, lobbyTexts, lobbyTools, pollCounts, type LobbyToolResultDto } from '@murmur/contracts';
import { ApiError, send } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';
import { readAccess } from './read-access.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

interface PollRow {
  poll_id: string;
  opened_by: string;
  question: string;
  options: string[];
  votes: Record<string, number>;
  opened_at: Date;
  closed_at: Date | null;
}
interface ResultRow {
  position: string;
  kind: 'dice' | 'lucky_number';
  uid: string;
  result: { dice?: number[]; number?: number };
  at: Date;
}

export function lobbyToolQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const access = readAccess(pool);
  router.get('/lobbies/:id/tools', freshness(pool, ['lobby-tools']), async (req, res) => {
    const lobbyId = String(req.params.id);
    if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
    await access.lobby(req, lobbyId);
    const [polls, results] = await Promise.all([
      pool.query<PollRow>(
        `select poll_id, opened_by, question, options, votes, opened_at, closed_at from rm.lobby_polls where lobby_id = $1 order by opened_position desc limit 1`,
        [lobbyId],
      ),
      pool.query<ResultRow>(
        `select position::text, kind, uid, result, at from rm.lobby_tool_results where lobby_id = $1 order by position desc limit $2`,
        [lobbyId, lobbyTools.recentResults],
      ),
    ]);
    const poll = polls.rows[0];
    const cards = await lookupUsers(deps, [...(poll ? [poll.opened_by] : []), ...results.rows.map((r) => r.uid)]);
    const me = req.auth?.uid;
    send(res, LobbyToolsDto, {
      poll: poll
        ? {
            pollId: poll.poll_id,
            question: poll.question,
            options: poll.options,
            counts: pollCounts(poll.options.length, Object.values(poll.votes)),
            openedBy: cards.get(poll.opened_by),
            myVote: me !== undefined ? (poll.votes[me] ?? null) : null,
            openedAt: poll.opened_at.toISOString(),
            closedAt: poll.closed_at?.toISOString() ?? null,
          }
        : null,
      recent: results.rows.map((r): LobbyToolResultDto =>
        r.kind === 'dice'
          ? { kind: 'dice', position: r.position, user: cards.get(r.uid), dice: r.result.dice ?? [], at: r.at.toISOString() }
          : { kind: 'lucky_number', position: r.position, user: cards.get(r.uid), number: r.result.number ?? 0, at: r.at.toISOString() },
      ),
    });
  });
}
