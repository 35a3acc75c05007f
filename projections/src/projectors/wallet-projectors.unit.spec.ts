import { describe, expect, it } from 'vitest';
import { recordedEvent as ev } from '../../../test-support/recorded-event.ts';
import { balanceDeltas } from './wallet-balances.ts';
import { historyRows } from './wallet-history.ts';

const at = '2026-01-01T00:00:00Z';
const gift = (senderUid: string, recipients: string[], diamondsTotal: number, charmPerRecipient: number) => ({
  senderUid,
  giftId: 'rose',
  giftName: 'rose',
  quantity: 10,
  unitPrice: diamondsTotal / 10 / recipients.length,
  diamondsTotal,
  recipients,
  charmPerRecipient,
  lobbyId: 'l1',
  sentAt: at,
});

describe('wallet projectors', () => {
  it('fold a batch into one change per user, charm to every recipient', () => {
    const { diamonds, charm } = balanceDeltas([
      ev(1, { type: 'DiamondsCredited', data: { uid: 'a', amount: 1000, reason: 'topup', reference: 'p1', creditedAt: at } }),
      ev(2, { type: 'GiftSent', data: gift('a', ['h', 'k'], 20, 5) }),
      ev(3, { type: 'GiftSent', data: gift('a', ['h'], 10, 5) }),
      ev(4, {
        type: 'SkuPurchased',
        data: {
          uid: 'a',
          purchaseId: 'b1',
          skuId: 'frame',
          skuKind: 'frame',
          name: 'Frame',
          quantity: 1,
          unitPrice: 100,
          diamondsTotal: 100,
          purchasedAt: at,
          expiresAt: null,
        },
      }),
      ev(5, {
        type: 'CharmWithdrawn',
        data: { withdrawalId: 'w1', uid: 'h', charm: 10, usdCents: 10, kind: 'withdrawal', withdrawnAt: at },
      }),
      ev(6, { type: 'WithdrawalFailed', data: { withdrawalId: 'w1', uid: 'h', charm: 10, reason: 'refused', failedAt: at } }),
    ]);
    expect(Object.fromEntries(diamonds)).toEqual({ a: { credited: 1000, spent: 130 } });
    expect(Object.fromEntries(charm)).toEqual({ h: { credited: 10, withdrawn: 0 }, k: { credited: 5, withdrawn: 0 } });
  });

  it('write one history row for the sender and one per recipient of a gift', () => {
    const rows = historyRows(ev(7, { type: 'GiftSent', data: gift('a', ['h', 'k'], 200, 50) }));
    expect(rows.map((r) => [r.transactionId, r.uid, r.kind, r.currency, r.amount, r.direction])).toEqual([
      ['tx-7', 'a', 'gift_sent', 'DMND', 200, 'out'],
      ['tx-7-h', 'h', 'gift_received', 'CHRM', 50, 'in'],
      ['tx-7-k', 'k', 'gift_received', 'CHRM', 50, 'in'],
    ]);
    const pending = historyRows(
      ev(8, {
        type: 'PaymentInitiated',
        data: {
          paymentId: 'p',
          uid: 'a',
          provider: 'stripe',
          purpose: 'topup',
          amountUsdCents: 1000,
          diamonds: 1000,
          providerRef: 'pi_1',
          initiatedAt: at,
        },
      }),
    );
    expect(pending[0]).toMatchObject({ transactionId: 'p', status: 'pending', currency: 'USD', amount: 10 });
  });
});
