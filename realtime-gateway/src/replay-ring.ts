// The last N events this gateway read, in log order, so a reconnecting client's gap is served from
// memory. Every gateway reads the log in the same (transaction id, position) order, so a position
// seen on one gateway has the same place in every other gateway's ring.
import { checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@murmur/eventstore';

export interface RingEntry {
  event: RecordedEvent;
  channels: string[];
  /** The event as clients see it, serialised once. */
  json: string;
}

export class ReplayRing {
  private readonly entries: (RingEntry | undefined)[];
  /** Sequence number of the oldest entry held and of the next one to be pushed. */
  private firstSeq = 0;
  private nextSeq = 0;
  private readonly seqByPosition = new Map<bigint, number>();
  /** The checkpoint just before the oldest entry: the ring covers everything after it. */
  private floor: Checkpoint;

  constructor(
    readonly capacity: number,
    start: Checkpoint,
  ) {
    if (capacity < 1) throw new Error('ring capacity must be at least 1');
    this.entries = new Array(capacity);
    this.floor = start;
  }

  get size(): number {
    return this.nextSeq - this.firstSeq;
  }

  /** Everything after this checkpoint is in the ring. */
  get coveredAfter(): Checkpoint {
    return this.floor;
  }

  push(entry: RingEntry): void {
    if (this.size === this.capacity) {
      const old = this.entries[this.firstSeq % this.capacity]!;
      this.seqByPosition.delete(old.event.globalPosition);
      this.floor = checkpointOf(old.event);
      this.firstSeq++;
    }
    this.entries[this.nextSeq % this.capacity] = entry;
    this.seqByPosition.set(entry.event.globalPosition, this.nextSeq);
    this.nextSeq++;
  }

  /** The checkpoint of the event at a position, when the ring holds it. */
  find(position: bigint): Checkpoint | null {
    const seq = this.seqByPosition.get(position);
    return seq === undefined ? null : checkpointOf(this.entries[seq % this.capacity]!.event);
  }

  /** Entries strictly after `after` and up to `upTo` (inclusive), in log order; null when the ring
   * no longer holds all of them. */
  between(after: Checkpoint, upTo: Checkpoint): RingEntry[] | null {
    if (compareCheckpoints(after, this.floor) < 0) return null;
    const out: RingEntry[] = [];
    // Binary search for the first entry after `after`: entries are sorted by checkpoint.
    let lo = this.firstSeq;
    let hi = this.nextSeq;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCheckpoints(checkpointOf(this.entries[mid % this.capacity]!.event), after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (let seq = lo; seq < this.nextSeq; seq++) {
      const entry = this.entries[seq % this.capacity]!;
      if (compareCheckpoints(checkpointOf(entry.event), upTo) > 0) break;
      out.push(entry);
    }
    return out;
  }
}
