// The earnings decider on `earnings-{uid}`: a creator withdraws at most the charm credited minus
// what is already withdrawn, at least the minimum; a failed withdrawal gives the charm back.
import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';
import type { EarningsEvent } from '@murmur/contracts';
import { earningsDecider, type EarningsCommand } from './earnings.ts';

const at = '2026-01-01T00:00:00.000Z';
const given = DeciderSpecification.for(earningsDecider);
const withdraw = (charm: number, creditedTotal: number, withdrawalId = 'w1'): EarningsCommand => ({
  type: 'WithdrawCharm',
  withdrawalId,
  uid: 'c',
  charm,
  creditedTotal,
  minimumCharm: 500,
  usdPerCharm: 0.01,
  kind: 'withdrawal',
  method: 'crypto',
  address: '0xabc',
  at,
});

const withdrawn = (charm: number, withdrawalId = 'w1'): EarningsEvent => ({
  type: 'CharmWithdrawn',
  data: { withdrawalId, uid: 'c', charm, usdCents: charm, kind: 'withdrawal', method: 'crypto', address: '0xabc', withdrawnAt: at },
});
const failed: EarningsEvent = { type: 'WithdrawalFailed', data: { withdrawalId: 'w1', uid: 'c', charm: 2000, reason: 'x', failedAt: at } };

describe('earnings decider', () => {
  it('withdraws at most credited minus withdrawn, and gives a failed withdrawal back', () => {
    given()
      .when(withdraw(2000, 2500))
      .then([withdrawn(2000)]);
    given(withdrawn(2000))
      .when(withdraw(600, 2500, 'w2'))
      .thenThrows('INSUFFICIENT_BALANCE', 'Insufficient charm: you can withdraw at most 500 charm.');
    given(withdrawn(2000)).when(withdraw(2000, 2500)).thenNothing(); // the same withdrawal again
    given(withdrawn(2000), failed)
      .when(withdraw(2500, 2500, 'w3'))
      .then([withdrawn(2500, 'w3')]);
  });

  it('refuses below the minimum and completing an unknown withdrawal', () => {
    given().when(withdraw(499, 10_000)).thenThrows('RULE_VIOLATED', 'The minimum withdrawal is 500 charm.');
    given()
      .when({ type: 'CompleteWithdrawal', withdrawalId: 'nope', uid: 'c', at })
      .thenThrows('NOT_FOUND', 'No pending withdrawal with this id.');
  });
});
