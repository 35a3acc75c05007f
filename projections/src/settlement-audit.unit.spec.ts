import type { RecordedEvent } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { parsePeriod, type LedgerPeriod } from './ledger-period.ts';
import { SettlementAudit } from './settlement-audit.ts';

const period = parsePeriod('2026-03-02', '2026-03-03') as LedgerPeriod;
let position = 0n;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ type, data, globalPosition: ++position, metadata: {}, createdAt: new Date() }) as unknown as RecordedEvent;

function audit(events: Array<[string, Record<string, unknown>, string]>) {
  const a = new SettlementAudit();
  for (const [type, data, at] of events) a.apply(recorded(type, data), new Date(at));
  return a.report(period);
}

const figures = (uid: string, amount: number) => ({
  weekId: '2026-03-02',
  uid,
  directMicroUsdt: amount,
  secondLevelMicroUsdt: 0,
  forfeitedMicroUsdt: 0,
  carriedInMicroUsdt: 0,
  amountMicroUsdt: amount,
  rewardCount: 1,
  unlocked: false,
  settledAt: '2026-03-03T12:00:00.000Z',
});
const agencySettled = (settlementId: string, hosts: Array<[string, number]>, at: string) => {
  const hostCharm = hosts.reduce((a, [, c]) => a + c, 0);
  return {
    agencyId: 'nova',
    settlementId,
    periodStart: '2026-02-01T00:00:00.000Z',
    periodEnd: '2026-03-01T00:00:00.000Z',
    receiptCount: 1,
    diamondTotal: 0,
    charmTotal: hostCharm,
    guildCharm: 0,
    hostCharm,
    hosts: hosts.map(([hostUid, c]) => ({ hostUid, receipts: 1, charm: c, guildCharm: 0, hostCharm: c, diamonds: 0 })),
    settledAt: at,
  };
};
const payment = (paymentId: string, hostUid: string, amountCharm: number, settlementId: string) => ({
  agencyId: 'nova',
  paymentId,
  hostUid,
  amountCharm,
  proofUrl: 'https://cdn.local/p.png',
  settlementId,
  submittedAt: '2026-03-03T00:00:00.000Z',
});
const confirmed = (paymentId: string, hostUid: string) => ({
  agencyId: 'nova',
  paymentId,
  hostUid,
  confirmedAt: '2026-03-03T00:00:00.000Z',
});

describe('settlements of a period against what was paid', () => {
  it('takes the settlements settled in the period only, and shows payments not yet confirmed', () => {
    const report = audit([
      ['AgencyPeriodSettled', agencySettled('s-old', [['h1', 5]], '2026-03-01T23:59:59.999Z'), '2026-03-01T23:59:59.999Z'],
      [
        'AgencyPeriodSettled',
        agencySettled(
          's-1',
          [
            ['h1', 10.1],
            ['h2', 0.2],
          ],
          '2026-03-02T00:00:00.000Z',
        ),
        '2026-03-02T00:00:00.000Z',
      ],
      ['CharmPaymentSubmitted', payment('p1', 'h1', 10.1, 's-1'), '2026-03-02T01:00:00.000Z'],
      ['CharmPaymentConfirmed', confirmed('p1', 'h1'), '2026-03-02T01:00:00.000Z'],
      ['CharmPaymentSubmitted', payment('p2', 'h2', 0.2, 's-1'), '2026-03-02T01:00:00.000Z'],
    ]);
    expect(report.agency).toEqual([
      expect.objectContaining({
        settlementId: 's-1',
        settledCharm: 10.3,
        paidCharm: 10.1,
        pendingCharm: 0.2,
        hosts: [
          { hostUid: 'h1', settledCharm: 10.1, paidCharm: 10.1 },
          { hostUid: 'h2', settledCharm: 0.2, paidCharm: 0 },
        ],
      }),
    ]);
    expect(report.differences).toEqual([
      'agency settlement s-1 of agency nova (2026-02-01T00:00:00.000Z to 2026-03-01T00:00:00.000Z): settled 10.30 charm to its hosts, paid 10.10',
    ]);
  });

  it('names a payment to a host the settlement has no line for', () => {
    const report = audit([
      ['AgencyPeriodSettled', agencySettled('s-2', [['h1', 4]], '2026-03-03T10:00:00.000Z'), '2026-03-03T10:00:00.000Z'],
      ['CharmPaymentSubmitted', payment('p3', 'h9', 4, 's-2'), '2026-03-03T11:00:00.000Z'],
      ['CharmPaymentConfirmed', confirmed('p3', 'h9'), '2026-03-03T11:00:00.000Z'],
    ]);
    expect(report.differences).toContain(
      'agency settlement s-2 of agency nova (2026-02-01T00:00:00.000Z to 2026-03-01T00:00:00.000Z): paid 4.00 charm to h9, who has no line in it',
    );
  });

  it('expects nothing transferred for a carried-over payout, and a week marker that says what the week paid', () => {
    const at = '2026-03-03T12:00:00.000Z';
    const ok = audit([
      ['ReferralPayoutSettled', { ...figures('u1', 7_000_000), wallet: { address: '0x1', chainId: 1 } }, at],
      ['ReferralPayoutCarriedOver', { ...figures('u2', 1_000_000), reason: 'below_minimum' }, at],
      ['ReferralPayoutTransferred', { weekId: '2026-03-02', uid: 'u1', txHash: '0x2', amountMicroUsdt: 7_000_000, transferredAt: at }, at],
      ['ReferralWeekSettled', { weekId: '2026-03-02', beneficiaries: 2, paidMicroUsdt: 7_000_000, carried: [] }, at],
    ]);
    expect(ok.differences).toEqual([]);
    expect(ok.referral.map((r) => [r.uid, r.outcome, r.settledMicroUsdt, r.transferredMicroUsdt])).toEqual([
      ['u1', 'settled', 7_000_000, 7_000_000],
      ['u2', 'carried_over', 0, 0],
    ]);
    const wrong = audit([
      ['ReferralPayoutCarriedOver', { ...figures('u3', 1_000_000), reason: 'no_wallet' }, at],
      ['ReferralPayoutTransferred', { weekId: '2026-03-02', uid: 'u3', txHash: '0x3', amountMicroUsdt: 1_000_000, transferredAt: at }, at],
      ['ReferralWeekSettled', { weekId: '2026-03-02', beneficiaries: 1, paidMicroUsdt: 1_000_000, carried: [] }, at],
    ]);
    expect(wrong.differences).toEqual([
      'referral settlement of week 2026-03-02 for u3: settled 0.00 USDT, transferred 1.00 USDT',
      'referral week 2026-03-02: its marker says 1.00 USDT paid, its settlements 0.00 USDT (0.00 USDT in the period)',
    ]);
  });
});
