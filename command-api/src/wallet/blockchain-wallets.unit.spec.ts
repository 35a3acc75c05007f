// The blockchain wallet list refuses an address of another chain, on add and on update, and
// writes nothing then; a fitting address is listed or replaces the old one.
import type { BlockchainWalletEvent } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { describe, expect, it } from 'vitest';
import { blockchainWalletsDecider, type BlockchainWalletCommand } from './blockchain-wallets.ts';

const at = '2026-01-01T00:00:00.000Z';
const evm = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const otherEvm = '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2';
const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const decide = (events: BlockchainWalletEvent[], command: BlockchainWalletCommand) =>
  blockchainWalletsDecider.decide(command, events.reduce(blockchainWalletsDecider.evolve, blockchainWalletsDecider.initialState()));

function refusal(events: BlockchainWalletEvent[], command: BlockchainWalletCommand): ApiError {
  try {
    decide(events, command);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the command to be refused');
}

const listed: BlockchainWalletEvent = {
  type: 'BlockchainWalletAdded',
  data: { walletId: 'w1', uid: 'u1', name: 'Main', address: evm, chain: 'ethereum', at },
};

describe('blockchain wallet addresses and their chain', () => {
  it('lists an EVM address as ethereum and a base58 key as solana', () => {
    expect(decide([], { type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: evm, chain: 'ethereum', at })).toHaveLength(1);
    expect(decide([], { type: 'Add', uid: 'u1', walletId: 'w2', name: 'Sol', address: solana, chain: 'solana', at })).toHaveLength(1);
  });

  it('refuses a Solana key listed as EVM and an EVM address listed as Solana', () => {
    const asEvm = refusal([], { type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: solana, chain: 'ethereum', at });
    expect([asEvm.code, asEvm.message]).toEqual(['VALIDATION_FAILED', 'This address is not a valid EVM address.']);
    expect(refusal([], { type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: evm, chain: 'solana', at }).message).toBe(
      'This address is not a valid Solana address.',
    );
  });

  it('updates to another address of the same chain, and refuses one of another chain', () => {
    const [updated] = decide([listed], { type: 'Update', uid: 'u1', walletId: 'w1', address: otherEvm, at });
    expect(updated).toMatchObject({
      type: 'BlockchainWalletUpdated',
      data: { walletId: 'w1', name: 'Main', address: otherEvm, chain: 'ethereum' },
    });
    expect(refusal([listed], { type: 'Update', uid: 'u1', walletId: 'w1', address: solana, at }).message).toBe(
      'This address is not a valid EVM address.',
    );
    expect(refusal([listed], { type: 'Update', uid: 'u1', walletId: 'w1', chain: 'solana', at }).message).toBe(
      'This address is not a valid Solana address.',
    );
  });
});
