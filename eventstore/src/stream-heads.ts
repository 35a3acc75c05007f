// The heads of chained streams this store last saw, from its own appends and reads: an append to one
// of them is linked here and sent with the head it claims, which append_batch takes only when it is
// the stream's stored head (docs/decisions/ledger-proof.md, "The store links an append to the head it
// knows"). A stale head (another process appended since, an append rolled back) costs only the links
// computed in vain: the database then links the events itself.
import { GENESIS_HASH } from '@murmur/contracts';

export interface StreamHead {
  version: bigint;
  /** The hash of the event at `version` in hex (the genesis hash at version 0). */
  hash: string;
}

const GENESIS: StreamHead = { version: 0n, hash: GENESIS_HASH };

export class StreamHeads {
  private readonly heads = new Map<string, StreamHead>();

  /** `limit`: the streams remembered; the least recently written or read are forgotten first. */
  constructor(private readonly limit = 10_000) {}

  remember(streamId: string, version: bigint, hash: string): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, { version, hash });
    if (this.heads.size > this.limit) this.heads.delete(this.heads.keys().next().value!);
  }

  /** The head an append with this expected version (as SQL text: null any, '0' no stream) links to,
   * or null when this store does not know it: a new stream's is the genesis hash, and an append at
   * any version to a stream never seen guesses a new stream. */
  claimFor(streamId: string, expected: string | null): StreamHead | null {
    if (expected === '0') return GENESIS;
    const known = this.heads.get(streamId);
    if (expected === null) return known ?? GENESIS;
    return known !== undefined && known.version === BigInt(expected) ? known : null;
  }
}
