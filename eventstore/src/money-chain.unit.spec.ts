import { GENESIS_HASH } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { chainHash, dataDigest, firstBrokenLink, linksFrom, type ChainLink } from './money-chain.ts';

/** The links of events appended after `head`, one chainHash at a time: the definition linksFrom must match. */
function linkedOneByOne(head: { version: bigint; hash: string }, streamId: string, events: { type: string; data: unknown }[]) {
  let prevHash = head.hash;
  const hashes = [prevHash];
  events.forEach((e, k) => {
    prevHash = chainHash({ streamId, version: head.version + BigInt(k + 1), type: e.type, data: e.data, prevHash });
    hashes.push(prevHash);
  });
  return hashes;
}

const events = [
  { type: 'DiamondsCredited', data: { amount: 10, reason: 'top-up' } },
  { type: 'GiftSent', data: { giftId: 'rose', quantity: 2 } },
  { type: 'DiamondsDebited', data: { amount: 3 } },
];

describe('the links a store sends with an append', () => {
  it.each([
    ['a new stream', { version: 0n, hash: GENESIS_HASH }],
    ['a stream at version 41', { version: 41n, hash: 'ab'.repeat(32) }],
    // Past 2^53 a version is no longer an exact number: the links still use its exact digits.
    ['a stream past 2^53', { version: 2n ** 53n - 2n, hash: 'cd'.repeat(32) }],
  ])('on %s, are the head then each event hashed over its version, as the chain defines', (_, head) => {
    const links = linksFrom(
      head,
      'wallet-u-1',
      events.map((e) => e.type),
      events.map((e) => dataDigest(e.data)),
    );
    expect(links.match(/.{64}/g)).toEqual(linkedOneByOne(head, 'wallet-u-1', events));
  });

  it('are accepted by the chain audit from genesis, and named by it when linked one version off', () => {
    const types = events.map((e) => e.type);
    const digests = events.map((e) => dataDigest(e.data));
    const stored = (links: string): ChainLink[] => {
      const hashes = links.match(/.{64}/g)!;
      return events.map((e, k) => ({
        streamId: 'wallet-u-2',
        version: BigInt(k + 1),
        type: e.type,
        data: e.data,
        prevHash: hashes[k]!,
        hash: hashes[k + 1]!,
      }));
    };
    expect(firstBrokenLink(stored(linksFrom({ version: 0n, hash: GENESIS_HASH }, 'wallet-u-2', types, digests)))).toBeNull();
    // The same events linked as if they followed version 1: the audit names the first one.
    expect(firstBrokenLink(stored(linksFrom({ version: 1n, hash: GENESIS_HASH }, 'wallet-u-2', types, digests)))).toMatchObject({
      streamId: 'wallet-u-2',
      version: 1n,
      problem: 'hash',
    });
  });
});
