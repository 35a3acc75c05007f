// The lobby's interactive tools as a page reads them on load: the latest poll with its counts and
// the caller's vote, and the latest dice and lucky-number results. Read like the lobby's chat: a
// private lobby's by its members and staff only.
import { lobbyTexts, lobbyTools, pollCounts, type LobbyToolResultDto } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { latestPoll, recentToolResults } from '@murmur/projections/queries/lobby-tools';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';
import { readAccess } from './read-access.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function lobbyToolQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const access = readAccess(pool);
  defineRoute(
    router,
    'GET /lobbies/{id}/tools',
    async ({ params, me: caller }) => {
      const lobbyId = params.id;
      if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
      await access.lobby(caller, lobbyId);
      const [poll, results] = await Promise.all([latestPoll(pool, lobbyId), recentToolResults(pool, lobbyId, lobbyTools.recentResults)]);
      const cards = await lookupUsers(deps, [...(poll ? [poll.opened_by] : []), ...results.map((r) => r.uid)]);
      const me = caller?.uid;
      return {
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
        recent: results.map((r): LobbyToolResultDto =>
          r.kind === 'dice'
            ? { kind: 'dice', position: r.position, user: cards.get(r.uid), dice: r.result.dice ?? [], at: r.at.toISOString() }
            : { kind: 'lucky_number', position: r.position, user: cards.get(r.uid), number: r.result.number ?? 0, at: r.at.toISOString() },
        ),
      };
    },
    { before: [freshness(pool, ['lobby-tools', 'lobbies'])] },
  );
}
