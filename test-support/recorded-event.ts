// An event as the log would hand it to a reader, for unit tests of projectors and the audit.
import type { EventType, MurmurEvent } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';

export function recordedEvent<T extends EventType>(
  position: number,
  event: MurmurEvent<T>,
  at = '2026-01-01T00:00:00Z',
): Omit<RecordedEvent, 'type' | 'data'> & MurmurEvent<T> {
  return {
    globalPosition: BigInt(position),
    transactionId: 1n,
    streamId: 's',
    streamVersion: BigInt(position),
    schemaVersion: 1,
    metadata: {},
    createdAt: new Date(at),
    ...event,
  };
}
