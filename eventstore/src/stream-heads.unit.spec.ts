import { GENESIS_HASH } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { StreamHeads } from './stream-heads.ts';

const hash = (c: string) => c.repeat(64);

describe('the heads a store links appends to', () => {
  it('links a new stream to the genesis hash, and an append at a version to the head it saw at that version only', () => {
    const heads = new StreamHeads();
    expect(heads.claimFor('wallet-a', '0')).toEqual({ version: 0n, hash: GENESIS_HASH });
    expect(heads.claimFor('wallet-a', '3')).toBeNull();
    heads.remember('wallet-a', 3n, hash('a'));
    expect(heads.claimFor('wallet-a', '3')).toEqual({ version: 3n, hash: hash('a') });
    expect(heads.claimFor('wallet-a', '2')).toBeNull();
    expect(heads.claimFor('wallet-a', '4')).toBeNull();
  });

  it('links an append at any version to the head it last saw, or guesses a new stream', () => {
    const heads = new StreamHeads();
    expect(heads.claimFor('wallet-b', null)).toEqual({ version: 0n, hash: GENESIS_HASH });
    heads.remember('wallet-b', 7n, hash('b'));
    heads.remember('wallet-b', 9n, hash('c'));
    expect(heads.claimFor('wallet-b', null)).toEqual({ version: 9n, hash: hash('c') });
  });

  it('forgets the streams least recently written or read first, past its limit', () => {
    const heads = new StreamHeads(2);
    heads.remember('wallet-1', 1n, hash('1'));
    heads.remember('wallet-2', 1n, hash('2'));
    heads.remember('wallet-1', 2n, hash('3'));
    heads.remember('wallet-3', 1n, hash('4'));
    expect(heads.claimFor('wallet-2', '1')).toBeNull();
    expect(heads.claimFor('wallet-1', '2')).toEqual({ version: 2n, hash: hash('3') });
    expect(heads.claimFor('wallet-3', '1')).toEqual({ version: 1n, hash: hash('4') });
  });
});
