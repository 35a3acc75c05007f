import { describe, expect, it } from 'vitest';
import { earningsDecider, type EarningsCommand } from './earnings.ts';

const at = '2026-01-01T00:00:00.000Z';
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

describe('earnings decider', () => {
  it('withdraws at most credited minus withdrawn, and gives a failed withdrawal back', () => {
    const s0 = earningsDecider.initialState();
    const [first] = earningsDecider.decide(withdraw(2000, 2500), s0);
    expect(first).toMatchObject({ type: 'CharmWithdrawn', data: { charm: 2000, usdCents: 2000 } });
    const s1 = earningsDecider.evolve(s0, first!);
    expect(() => earningsDecider.decide(withdraw(600, 2500, 'w2'), s1)).toThrow('Insufficient charm: you can withdraw at most 500 charm.');
    expect(earningsDecider.decide(withdraw(2000, 2500), s1)).toEqual([]); // the same withdrawal again
    const [failed] = earningsDecider.decide({ type: 'FailWithdrawal', withdrawalId: 'w1', uid: 'c', reason: 'x', at }, s1);
    const s2 = earningsDecider.evolve(s1, failed!);
    expect(earningsDecider.decide(withdraw(2500, 2500, 'w3'), s2)).toHaveLength(1);
  });

  it('refuses below the minimum and completing an unknown withdrawal', () => {
    expect(() => earningsDecider.decide(withdraw(499, 10_000), earningsDecider.initialState())).toThrow(
      'The minimum withdrawal is 500 charm.',
    );
    expect(() =>
      earningsDecider.decide({ type: 'CompleteWithdrawal', withdrawalId: 'nope', uid: 'c', at }, earningsDecider.initialState()),
    ).toThrow('No pending withdrawal with this id.');
  });
});
