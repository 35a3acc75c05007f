// The relay's port to a broker (docs/decisions/log-relay.md): NATS JetStream and Kafka adapters
// implement it, and the relay does not know which one it drives.
import { relayEventId, type RelayedEvent } from '@murmur/contracts';
import type { Checkpoint, RecordedEvent } from '@murmur/eventstore';

export interface PublishOutcome {
  published: number;
  /** Events the broker held already (a batch published again after a crash). */
  skipped: number;
}

export interface LogPublisher {
  /** What `/metrics` and the logs call it. */
  readonly broker: 'nats' | 'kafka';
  /** Publishes a batch given in log order and resolves once the broker has stored every event.
   * Throws when one was not stored; the relay then offers the same batch again. */
  publish(events: RecordedEvent[]): Promise<PublishOutcome>;
  close(): Promise<void>;
}

export function relayedEventOf(event: RecordedEvent): RelayedEvent {
  return {
    eventId: relayEventId(event.streamId, event.streamVersion),
    streamId: event.streamId,
    streamVersion: event.streamVersion.toString(),
    transactionId: event.transactionId.toString(),
    globalPosition: event.globalPosition.toString(),
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    createdAt: event.createdAt.toISOString(),
  };
}

export const positionText = (c: Checkpoint): string => `${c.transactionId}:${c.globalPosition}`;

export function positionOfText(text: string | undefined | null): Checkpoint | null {
  const match = /^(\d{1,20}):(\d{1,19})$/.exec(text ?? '');
  return match ? { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) } : null;
}
