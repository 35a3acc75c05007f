// GET user/leaderboards (docs/decisions/leaderboards.md): global top users (diamonds sent) and top hosts (charm
// received), weekly or monthly, and the event boards of pairs; a podium of 3, then the rest, and
// the caller's own standing when signed in. Visitors may look too.
import {
  leaderboardEvents,
  leaderboardPeriodKey,
  MONTH_ID,
  podiumSize,
  WEEK_ID,
  type GlobalLeaderboardDto,
  type LeaderboardEntryDto,
} from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { ownStanding, topStandings, type StandingRow } from '@murmur/projections/queries/global-leaderboards';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

function pickEvent(kind: 'valentines' | 'perfect_pair', eventId: string | undefined, now: Date) {
  const ofKind = leaderboardEvents.filter((e) => e.kind === kind);
  if (eventId) {
    const found = ofKind.find((e) => e.id === eventId);
    if (!found) throw new ApiError('NOT_FOUND', 'This event does not exist.');
    return found;
  }
  const started = ofKind
    .filter((e) => Date.parse(e.startsAt) <= now.getTime())
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  const upcoming = ofKind
    .filter((e) => Date.parse(e.startsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const chosen = started[0] ?? upcoming[0];
  if (!chosen) throw new ApiError('NOT_FOUND', 'This event does not exist.');
  return chosen;
}

export function globalLeaderboardRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  defineRoute(
    router,
    'GET /user/leaderboards',
    async ({ query: q, me }) => {
      const now = new Date();
      let board: 'users' | 'hosts' | 'pairs';
      let period: string;
      let event: GlobalLeaderboardDto['event'] = null;
      if (q.kind === 'users' || q.kind === 'hosts') {
        board = q.kind;
        if (q.period && Number.isNaN(Date.parse(q.frequency === 'weekly' ? q.period : `${q.period}-01`)))
          throw new ApiError('VALIDATION_FAILED', 'Invalid period.');
        if (q.frequency === 'weekly') {
          if (q.period && !WEEK_ID.test(q.period)) throw new ApiError('VALIDATION_FAILED', 'Invalid period.');
          period = leaderboardPeriodKey.weekly(q.period ? new Date(`${q.period}T00:00:00.000Z`) : now);
        } else {
          if (q.period && !MONTH_ID.test(q.period)) throw new ApiError('VALIDATION_FAILED', 'Invalid period.');
          period = q.period ? `monthly:${q.period}` : leaderboardPeriodKey.monthly(now);
        }
      } else {
        board = 'pairs';
        const chosen = pickEvent(q.kind, q.eventId, now);
        period = leaderboardPeriodKey.event(chosen.id);
        event = { id: chosen.id, title: chosen.title, startsAt: chosen.startsAt, endsAt: chosen.endsAt };
      }
      const rows = await topStandings(pool, board, period, Math.max(q.limit, podiumSize));
      const mine = me ? await ownStanding(pool, board, period, me.uid) : null;
      const all = mine ? [...rows, mine] : rows;
      const users = await lookupUsers(
        deps,
        all.flatMap((r) => (r.partner_uid ? [r.uid, r.partner_uid] : [r.uid])),
      );
      const entry = (r: StandingRow): LeaderboardEntryDto => {
        const u = users.get(r.uid)!;
        const p = r.partner_uid ? users.get(r.partner_uid)! : null;
        return {
          rank: r.rank,
          uid: u.uid,
          username: u.username,
          profilePicUrl: u.profilePicUrl,
          partner: p ? { uid: p.uid, username: p.username, profilePicUrl: p.profilePicUrl } : null,
          score: r.score,
        };
      };
      const dto: GlobalLeaderboardDto = {
        kind: q.kind,
        frequency: board === 'pairs' ? null : q.frequency,
        period: period.slice(period.indexOf(':') + 1),
        event,
        podium: rows.slice(0, podiumSize).map(entry),
        entries: rows.slice(podiumSize, q.limit).map(entry),
        me: mine ? entry(mine) : null,
      };
      return dto;
    },
    { before: [freshness(pool, ['global-leaderboards'])] },
  );
}
