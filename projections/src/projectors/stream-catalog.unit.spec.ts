import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@murmur/eventstore';
import { categoryOf, countByCategory } from './stream-catalog.ts';

const event = (streamId: string, version: bigint, position: bigint): RecordedEvent => ({
  globalPosition: position,
  transactionId: 1n,
  streamId,
  streamVersion: version,
  type: 'Tested',
  schemaVersion: 1,
  data: {},
  metadata: {},
  createdAt: new Date(Number(position) * 1000),
});

describe('stream catalog', () => {
  it('takes the category from the stream id before the first dash', () => {
    expect(categoryOf('wallet-abc-def')).toBe('wallet');
    expect(categoryOf('plain')).toBe('plain');
  });

  it('counts events and new streams per category', () => {
    const counts = countByCategory([
      event('wallet-a', 1n, 1n),
      event('wallet-a', 2n, 2n),
      event('wallet-b', 1n, 3n),
      event('lobby-x', 5n, 4n),
    ]);
    expect(counts.get('wallet')).toMatchObject({ events: 3, newStreams: 2, lastPosition: 3n });
    expect(counts.get('lobby')).toMatchObject({ events: 1, newStreams: 0, lastPosition: 4n });
  });
});
