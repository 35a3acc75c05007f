// What the log relay publishes to a broker (NATS JetStream, Kafka): one message per event, in log
// order, so systems outside the platform read the log without a database connection
// (docs/decisions/log-relay.md).
import { z } from 'zod';
import { Position } from './realtime.ts';
import { streamCategoryOf } from './streams.ts';

/** A message's body: the event as the log holds it, positions as decimal strings. */
export const RelayedEvent = z.object({
  /** `{streamId}@{streamVersion}`: the broker's message id, so a republish is dropped. */
  eventId: z.string(),
  streamId: z.string(),
  streamVersion: Position,
  /** The event's place in the log's order: (transaction id, global position). */
  transactionId: Position,
  globalPosition: Position,
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type RelayedEvent = z.infer<typeof RelayedEvent>;

/** Headers every relayed message carries, so a consumer can route and resume without parsing the body. */
export const relayHeaders = {
  eventId: 'Murmur-Event-Id',
  stream: 'Murmur-Stream',
  type: 'Murmur-Type',
  /** `{transactionId}:{globalPosition}`, the log order a consumer resumes from. */
  position: 'Murmur-Position',
} as const;

export const relayEventId = (streamId: string, streamVersion: string | bigint): string => `${streamId}@${streamVersion}`;

/** A subject token may not hold `.`, `*`, `>` or white space. */
const subjectToken = (text: string): string => text.replace(/[.*>\s]/g, '_') || '_';

/** `{prefix}.{stream kind}.{stream id}`: a consumer takes one kind with `{prefix}.wallet.>`. */
export function relaySubject(prefix: string, streamId: string): string {
  const kind = streamCategoryOf(streamId)?.category ?? 'other';
  return `${prefix}.${subjectToken(kind)}.${subjectToken(streamId)}`;
}
