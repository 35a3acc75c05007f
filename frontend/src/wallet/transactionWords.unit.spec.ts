import type { TransactionHistoryItem as TransactionDto } from '@murmur/contracts/transactions';
import { describe, expect, it } from 'vitest';
import { transactionWords } from './transactionWords.ts';

const row = (over: Partial<TransactionDto>): TransactionDto => ({
  transactionId: 't',
  kind: 'demo_grant',
  currency: 'DMND',
  amount: 10000,
  direction: 'in',
  status: 'completed',
  createdAt: '2026-11-24T00:00:00Z',
  description: '',
  reference: null,
  gift: null,
  counterparties: [],
  topUp: null,
  ...over,
});

describe('transaction words', () => {
  it('names kinds and currencies and separates thousands', () => {
    expect(transactionWords(row({}))).toEqual({ title: 'Welcome diamonds', detail: '', amount: '+10,000 Diamonds' });
    expect(transactionWords(row({ kind: 'room_fee', amount: 100, direction: 'out' })).title).toBe('Private room fee');
    expect(transactionWords(row({ kind: 'withdrawal', currency: 'CHRM', amount: 1500, direction: 'out' })).amount).toBe('−1,500 Charm');
  });

  it('names a gift and its recipients', () => {
    const sent = row({
      kind: 'gift_sent',
      amount: 300,
      direction: 'out',
      gift: { name: 'wishing-well', quantity: 10 },
      counterparties: [
        { uid: 'a', username: 'amy' },
        { uid: 'b', username: 'bob' },
      ],
    });
    expect(transactionWords(sent)).toEqual({ title: 'Gift sent', detail: '10 × Wishing Well to amy, bob', amount: '−300 Diamonds' });
    const received = row({
      kind: 'gift_received',
      currency: 'CHRM',
      amount: 50,
      gift: { name: 'rose', quantity: 1 },
      counterparties: [{ uid: 'c', username: 'cat' }],
    });
    expect(transactionWords(received).detail).toBe('1 × Rose from cat');
  });

  it('shows a top-up once, as diamonds, credited only when completed', () => {
    const topUp = { usdCents: 10000, diamonds: 10000, provider: 'sandbox' };
    expect(transactionWords(row({ kind: 'topup', currency: 'USD', amount: 100, topUp }))).toEqual({
      title: 'Top-up',
      detail: '$100.00 paid by card for 10,000 Diamonds',
      amount: '+10,000 Diamonds',
    });
    for (const [provider, how] of [
      ['webpay', 'by web payment'],
      ['ewallet', 'with GCash / Maya'],
      ['ton', 'in TON'],
      ['sandbox', 'by card'],
    ] as const) {
      expect(transactionWords(row({ kind: 'topup', currency: 'USD', amount: 100, topUp: { ...topUp, provider } })).detail).toBe(
        `$100.00 paid ${how} for 10,000 Diamonds`,
      );
    }
    const pending = transactionWords(
      row({
        kind: 'first_topup_offer',
        currency: 'USD',
        amount: 15,
        status: 'pending',
        topUp: { usdCents: 1500, diamonds: 3000, provider: 'sandbox' },
      }),
    );
    expect(pending).toEqual({
      title: 'First top-up offer (waiting for payment)',
      detail: '$15.00 paid by card for 3,000 Diamonds',
      amount: '3,000 Diamonds',
    });
  });
});
