// The operators' console, operations view (issue 20 point 7): each subscription's (projection or
// reactor) checkpoint and lag, the oldest open transaction and the gateways' open connections; the
// same figures as `projections status` and the services' /metrics.
import { z } from 'zod';

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
  checkedAt: z.string(),
});
export type OperationsStatus = z.infer<typeof OperationsStatus>;
