// The blockchain wallet list refuses an address of another chain, on add and on update, and
// writes nothing then; a fitting address is listed or replaces the old one.
import type { BlockchainWalletEvent } from '@murmur/contracts';
import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';
import { blockchainWalletsDecider } from './blockchain-wallets.ts';

const at = '2026-01-01T00:00:00.000Z';
const evm = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const otherEvm = '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2';
const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const given = DeciderSpecification.for(blockchainWalletsDecider);

const listed: BlockchainWalletEvent = {
  type: 'BlockchainWalletAdded',
  data: { walletId: 'w1', uid: 'u1', name: 'Main', address: evm, chain: 'ethereum', at },
};

describe('blockchain wallet addresses and their chain', () => {
  it('lists an EVM address as ethereum and a base58 key as solana', () => {
    given().when({ type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: evm, chain: 'ethereum', at }).then([listed]);
    given()
      .when({ type: 'Add', uid: 'u1', walletId: 'w2', name: 'Sol', address: solana, chain: 'solana', at })
      .then([{ type: 'BlockchainWalletAdded', data: { walletId: 'w2', uid: 'u1', name: 'Sol', address: solana, chain: 'solana', at } }]);
  });

  it('refuses a Solana key listed as EVM and an EVM address listed as Solana', () => {
    given()
      .when({ type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: solana, chain: 'ethereum', at })
      .thenThrows('VALIDATION_FAILED', 'This address is not a valid EVM address.');
    given()
      .when({ type: 'Add', uid: 'u1', walletId: 'w1', name: 'Main', address: evm, chain: 'solana', at })
      .thenThrows('VALIDATION_FAILED', 'This address is not a valid Solana address.');
  });

  it('updates to another address of the same chain, and refuses one of another chain', () => {
    given(listed)
      .when({ type: 'Update', uid: 'u1', walletId: 'w1', address: otherEvm, at })
      .then([
        { type: 'BlockchainWalletUpdated', data: { walletId: 'w1', uid: 'u1', name: 'Main', address: otherEvm, chain: 'ethereum', at } },
      ]);
    given(listed)
      .when({ type: 'Update', uid: 'u1', walletId: 'w1', address: solana, at })
      .thenThrows('VALIDATION_FAILED', 'This address is not a valid EVM address.');
    given(listed)
      .when({ type: 'Update', uid: 'u1', walletId: 'w1', chain: 'solana', at })
      .thenThrows('VALIDATION_FAILED', 'This address is not a valid Solana address.');
  });
});
