// The hash chain of money streams (docs/decisions/ledger-proof.md). The store computes each money
// event's data digest before the append, and its links when it knows the stream's head; append_batch
// takes them under the stream row's lock only from that head, else links the events itself. The
// same definition verifies a chain afterwards.
import { canonicalJson, chainHashInput, GENESIS_HASH } from '@murmur/contracts';
import { hash } from 'node:crypto';

// One-shot hashing: about half the cost of createHash().update().digest() on texts this short.
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/** The SHA-256 of an event's data as canonical JSON. */
export const dataDigest = (data: unknown): string => sha256Hex(canonicalJson(data));

export interface ChainLink {
  streamId: string;
  version: bigint;
  type: string;
  data: unknown;
  prevHash: string | null;
  hash: string | null;
}

export const chainHash = (link: Omit<ChainLink, 'hash' | 'prevHash'> & { prevHash: string }): string =>
  sha256Hex(chainHashInput({ ...link, dataDigest: dataDigest(link.data) }));

/** An append's links from a known head: the head's hash, then each event's hash in turn, as one hex
 * text (the links the store sends with the head it claims; append_batch checks the head). */
export function linksFrom(
  head: { version: bigint; hash: string },
  streamId: string,
  types: readonly string[],
  dataDigests: readonly string[],
): string {
  let prevHash = head.hash;
  let links = prevHash;
  // Versions counted as numbers while they are exact (every stream here): a BigInt sum per event cost
  // about a tenth of its link.
  const exact = head.version + BigInt(types.length) <= BigInt(Number.MAX_SAFE_INTEGER);
  const base = Number(head.version);
  for (let k = 0; k < types.length; k++) {
    const version = exact ? base + k + 1 : head.version + BigInt(k + 1);
    prevHash = sha256Hex(chainHashInput({ streamId, version, type: types[k]!, dataDigest: dataDigests[k]!, prevHash }));
    links += prevHash;
  }
  return links;
}

/** The first broken link of one stream's events (given in version order), or null when the chain holds. */
export interface BrokenLink {
  streamId: string;
  version: bigint;
  problem: 'missing version' | 'previous hash' | 'hash' | 'unchained';
  expected: string;
  found: string;
}

export function firstBrokenLink(events: readonly ChainLink[]): BrokenLink | null {
  let prev = GENESIS_HASH;
  let expectedVersion = 1n;
  for (const e of events) {
    if (e.version !== expectedVersion) {
      return {
        streamId: e.streamId,
        version: expectedVersion,
        problem: 'missing version',
        expected: `version ${expectedVersion}`,
        found: `version ${e.version}`,
      };
    }
    if (e.hash === null || e.prevHash === null) {
      return {
        streamId: e.streamId,
        version: e.version,
        problem: 'unchained',
        expected: chainHash({ ...e, prevHash: prev }),
        found: 'no hash',
      };
    }
    if (e.prevHash !== prev)
      return { streamId: e.streamId, version: e.version, problem: 'previous hash', expected: prev, found: e.prevHash };
    const expected = chainHash({ ...e, prevHash: prev });
    if (e.hash !== expected) return { streamId: e.streamId, version: e.version, problem: 'hash', expected, found: e.hash };
    prev = e.hash;
    expectedVersion++;
  }
  return null;
}
