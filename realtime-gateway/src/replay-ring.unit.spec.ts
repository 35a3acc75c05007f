// The replay ring keeps log order (transaction id, then position), which positions alone do not give.
import type { RecordedEvent } from '@murmur/eventstore';
import { START } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { checkpointOf } from '@murmur/eventstore';
import { ReplayRing } from './replay-ring.ts';

const event = (tx: bigint, pos: bigint): RecordedEvent => ({
  globalPosition: pos,
  transactionId: tx,
  streamId: 's',
  streamVersion: 1n,
  type: 'T',
  schemaVersion: 1,
  data: {},
  metadata: {},
  createdAt: new Date(0),
});
const entry = (tx: bigint, pos: bigint) => ({ event: event(tx, pos), channels: [], json: '{}' });

describe('ReplayRing', () => {
  it('returns what follows a position in log order, up to a checkpoint', () => {
    const ring = new ReplayRing(10, START);
    // Position 3 committed in a later transaction than position 4.
    for (const [tx, pos] of [
      [10n, 1n],
      [11n, 2n],
      [12n, 4n],
      [13n, 3n],
      [14n, 5n],
    ] as const)
      ring.push(entry(tx, pos));
    const after2 = ring.find(2n)!;
    expect(ring.between(after2, checkpointOf(event(14n, 5n)))!.map((e) => e.event.globalPosition)).toEqual([4n, 3n, 5n]);
    expect(ring.between(ring.find(4n)!, checkpointOf(event(13n, 3n)))!.map((e) => e.event.globalPosition)).toEqual([3n]);
    expect(ring.between(START, checkpointOf(event(11n, 2n)))!.map((e) => e.event.globalPosition)).toEqual([1n, 2n]);
  });

  it('forgets the oldest events and says so for a gap older than what it holds', () => {
    const ring = new ReplayRing(3, START);
    for (let i = 1n; i <= 5n; i++) ring.push(entry(100n + i, i));
    expect(ring.size).toBe(3);
    expect(ring.find(1n)).toBeNull();
    expect(ring.find(2n)).toBeNull();
    expect(ring.coveredAfter).toEqual(checkpointOf(event(102n, 2n)));
    expect(ring.between(checkpointOf(event(101n, 1n)), checkpointOf(event(105n, 5n)))).toBeNull();
    expect(ring.between(checkpointOf(event(102n, 2n)), checkpointOf(event(105n, 5n)))!.map((e) => e.event.globalPosition)).toEqual([
      3n,
      4n,
      5n,
    ]);
  });
});
