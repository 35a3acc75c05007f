// Global leaderboards (docs/decisions/leaderboards.md): top users by diamonds sent
// and top hosts by charm received, weekly and monthly (UTC), and event boards of pairs.
import { z } from 'zod';
import { limits } from './constants.ts';
import { monthIdOf, weekIdOf } from './periods.ts';

/** Event boards: a pair is a sender and a recipient (either direction counts for the same pair);
 * gifts sent within [startsAt, endsAt) score for it. Configuration, so a rebuild sees the same. */
export const leaderboardEvents = [
  {
    id: 'perfect-pair-2026',
    kind: 'perfect_pair',
    title: 'Perfect Pair',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2027-01-01T00:00:00.000Z',
  },
  {
    id: 'valentines-2027',
    kind: 'valentines',
    title: "Valentine's",
    startsAt: '2027-02-01T00:00:00.000Z',
    endsAt: '2027-02-15T00:00:00.000Z',
  },
] as const satisfies ReadonlyArray<{ id: string; kind: 'valentines' | 'perfect_pair'; title: string; startsAt: string; endsAt: string }>;

export const LeaderboardFrequency = z.enum(['weekly', 'monthly']);
export const LeaderboardKind = z.enum(['users', 'hosts', 'valentines', 'perfect_pair']);

export const GlobalLeaderboardQuery = z.object({
  kind: LeaderboardKind.default('users'),
  frequency: LeaderboardFrequency.default('weekly'),
  /** A past period ('2026-11-16' week or '2026-11' month); the current one by default. */
  period: z
    .string()
    .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Invalid period.')
    .optional(),
  /** For event boards: which event; the latest started one by default. */
  eventId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type GlobalLeaderboardQuery = z.infer<typeof GlobalLeaderboardQuery>;

export const LeaderboardEntryDto = z.object({
  rank: z.number(),
  uid: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
  /** For pair boards, the second member. */
  partner: z.object({ uid: z.string(), username: z.string(), profilePicUrl: z.string().nullable() }).nullable(),
  score: z.number(),
});
export type LeaderboardEntryDto = z.infer<typeof LeaderboardEntryDto>;

export const GlobalLeaderboardDto = z.object({
  kind: LeaderboardKind,
  frequency: LeaderboardFrequency.nullable(),
  period: z.string(),
  event: z.object({ id: z.string(), title: z.string(), startsAt: z.string(), endsAt: z.string() }).nullable(),
  podium: z.array(LeaderboardEntryDto),
  entries: z.array(LeaderboardEntryDto),
  me: LeaderboardEntryDto.nullable(),
});
export type GlobalLeaderboardDto = z.infer<typeof GlobalLeaderboardDto>;

export const podiumSize = limits.podium;

/** How the read model names a board's period: a UTC week (by its Monday), a month, or an event. */
export const leaderboardPeriodKey = {
  weekly: (at: Date) => `weekly:${weekIdOf(at)}`,
  monthly: (at: Date) => `monthly:${monthIdOf(at)}`,
  event: (eventId: string) => `event:${eventId}`,
} as const;

/** Pushed when a board's top changes (stream `leaderboard-global`, at most a few per second). */
export const LeaderboardChanged = z.object({
  boards: z.array(
    z.object({
      board: z.string(),
      period: z.string(),
      top: z.array(z.object({ uid: z.string(), partnerUid: z.string().nullable(), score: z.number() })),
    }),
  ),
  changedAt: z.string(),
});
export type LeaderboardChanged = z.infer<typeof LeaderboardChanged>;
export const leaderboardEventSchemas = { LeaderboardChanged } as const;
