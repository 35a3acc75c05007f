// The operators' console, operations view: each subscription's (projection or
// reactor) checkpoint and lag, the oldest open transaction and the gateways' open connections; the
// same figures as `projections status` and the services' /metrics; and a projection rebuilt from the
// console (the same rebuild as `npm run projections -- rebuild NAME`), with its progress.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import type { EventUnionOf } from './event-map.ts';

/** The projections an admin may rebuild: every projector of the projections worker (a unit test
 * there keeps this list equal to its registry; reactors are not rebuilt, they act). */
export const rebuildableProjections = [
  'stream-catalog',
  'users',
  'referral-earnings',
  'wallet-balances',
  'wallet-history',
  'wallet-inventory',
  'collections',
  'profiles',
  'social-graph',
  'wall',
  'gallery',
  'direct-messages',
  'gift-wall',
  'lobbies',
  'rooms',
  'lobby-chat',
  'lobby-tools',
  'lobby-leaderboards',
  'guild',
  'global-leaderboards',
  'notifications',
  'progression',
  'account-settings',
  'host-applications',
  'operator-audit',
  'reports',
  'bookings',
  'money-operations',
  'projection-rebuilds',
] as const;
export type RebuildableProjection = (typeof rebuildableProjections)[number];

export const rebuildTexts = {
  unknownProjection: 'There is no projection with this name.',
} as const;

/** POST console/ops/rebuild. */
export const RebuildProjectionBody = z.object({
  projection: z
    .string()
    .refine((p): p is RebuildableProjection => (rebuildableProjections as readonly string[]).includes(p), rebuildTexts.unknownProjection),
});
/** The open rebuild of that projection (a second click while it runs answers the same one). */
export const RebuildRequestedAnswer = commandAnswer({ rebuildId: z.string(), projection: z.string() });

// ---- projection-rebuild-{name} -----------------------------------------------------------------

export const ProjectionRebuildRequestedData = z.object({
  rebuildId: z.string(),
  projection: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
});
/** The worker's answer: the rebuilt tables swapped in (completed) or left as they were (failed). */
export const ProjectionRebuiltData = z.object({
  rebuildId: z.string(),
  projection: z.string(),
  status: z.enum(['completed', 'failed']),
  events: z.number().int(),
  error: z.string().max(500).nullable(),
  finishedAt: z.string(),
});
export const projectionRebuildEventSchemas = {
  ProjectionRebuildRequested: ProjectionRebuildRequestedData,
  ProjectionRebuilt: ProjectionRebuiltData,
} as const;
export type ProjectionRebuildEvent = EventUnionOf<typeof projectionRebuildEventSchemas>;

/** A rebuild as the operations view shows it: `events` of `head` applied so far while it runs. */
export const RebuildStatusItem = z.object({
  rebuildId: z.string(),
  projection: z.string(),
  status: z.enum(['requested', 'running', 'completed', 'failed']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  events: z.number().int(),
  /** The log position the rebuild aims at, and how far it is (null before it starts). */
  position: z.string().nullable(),
  head: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildStatusItem = z.infer<typeof RebuildStatusItem>;

/** A subscription this far behind (seconds of its oldest unapplied event) reads as stalled. */
export const operationsView = { stalledAfterSeconds: 30, gatewayGoneAfterSeconds: 30 } as const;

export const SubscriptionStatusItem = z.object({
  name: z.string(),
  checkpoint: z.string(),
  lagEvents: z.number().int(),
  lagSeconds: z.number(),
  status: z.enum(['live', 'catching_up', 'stalled']),
  updatedAt: z.string().nullable(),
});
export const GatewayStatusItem = z.object({
  gatewayId: z.string(),
  connections: z.number().int(),
  subscriptions: z.number().int(),
  startedAt: z.string(),
  seenAt: z.string(),
  alive: z.boolean(),
});
export const OperationsStatus = z.object({
  headPosition: z.string(),
  oldestOpenTransactionSeconds: z.number(),
  projections: z.array(SubscriptionStatusItem),
  gateways: z.array(GatewayStatusItem),
  /** Open WebSocket connections of the live gateways. */
  connections: z.number().int(),
  /** The latest rebuilds asked for from the console, newest first. */
  rebuilds: z.array(RebuildStatusItem),
  checkedAt: z.string(),
});
export type OperationsStatus = z.infer<typeof OperationsStatus>;
