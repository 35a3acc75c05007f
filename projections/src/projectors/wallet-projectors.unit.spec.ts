import type { RecordedEvent } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { balanceDeltas } from './wallet-balances.ts';
import { historyRows } from './wallet-history.ts';

const ev = (position: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  globalPosition: BigInt(position), transactionId: 1n, streamId: 's', streamVersion: 1n, type, schemaVersion: 1, data, metadata: {}, createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe('wallet projectors', () => {
  it('fold a batch into one change per user, charm to every recipient', () => {
    const { diamonds, charm } = balanceDeltas([
      ev(1, 'DiamondsCredited', { uid: 'a', amount: 1000 }),
      ev(2, 'GiftSent', { senderUid: 'a', diamondsTotal: 20, recipients: ['h', 'k'], charmPerRecipient: 5 }),
      ev(3, 'GiftSent', { senderUid: 'a', diamondsTotal: 10, recipients: ['h'], charmPerRecipient: 5 }),
      ev(4, 'SkuPurchased', { uid: 'a', diamondsTotal: 100 }),
      ev(5, 'CharmWithdrawn', { uid: 'h', charm: 10 }),
      ev(6, 'WithdrawalFailed', { uid: 'h', charm: 10 }),
    ]);
    expect(Object.fromEntries(diamonds)).toEqual({ a: { credited: 1000, spent: 130 } });
    expect(Object.fromEntries(charm)).toEqual({ h: { credited: 10, withdrawn: 0 }, k: { credited: 5, withdrawn: 0 } });
  });

  it('write one history row for the sender and one per recipient of a gift', () => {
    const rows = historyRows(ev(7, 'GiftSent', { senderUid: 'a', giftName: 'rose', quantity: 10, diamondsTotal: 200, recipients: ['h', 'k'], charmPerRecipient: 50, lobbyId: 'l1' }));
    expect(rows.map((r) => [r.transactionId, r.uid, r.kind, r.currency, r.amount, r.direction])).toEqual([
      ['tx-7', 'a', 'gift_sent', 'DMND', 200, 'out'],
      ['tx-7-h', 'h', 'gift_received', 'CHRM', 50, 'in'],
      ['tx-7-k', 'k', 'gift_received', 'CHRM', 50, 'in'],
    ]);
    const pending = historyRows(ev(8, 'PaymentInitiated', { paymentId: 'p', uid: 'a', provider: 'stripe', purpose: 'topup', amountUsdCents: 1000, diamonds: 1000, providerRef: 'pi_1' }));
    expect(pending[0]).toMatchObject({ transactionId: 'p', status: 'pending', currency: 'USD', amount: 10 });
  });
});
