import { creditReasons, debitReasons, isPaidCredit } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { LedgerReplay } from './ledger-audit.ts';

let position = 0n;
const ev = (type: string, data: Record<string, unknown>): RecordedEvent => {
  position++;
  return {
    globalPosition: position,
    transactionId: position,
    streamId: 's',
    streamVersion: 1n,
    type,
    schemaVersion: 1,
    data,
    metadata: { idempotencyKey: `k${position}` },
    createdAt: new Date(),
  };
};
const replay = (...events: RecordedEvent[]) => {
  const r = new LedgerReplay();
  for (const e of events) r.apply(e);
  r.finish();
  return r;
};

describe('ledger replay', () => {
  it('balances a clean ledger and totals each currency', () => {
    const r = replay(
      ev('PaymentConfirmed', { paymentId: 'p1', uid: 'a', diamonds: 1000, amountUsdCents: 1000 }),
      ev('DiamondsCredited', { uid: 'a', amount: 1000, reason: 'topup', reference: 'p1' }),
      ev('GiftSent', { senderUid: 'a', diamondsTotal: 200, recipients: ['h1', 'h2'], charmPerRecipient: 50 }),
      ev('DiamondsSpent', { uid: 'a', amount: 300, reason: 'room_fee', reference: 'r' }),
      ev('CharmWithdrawn', { uid: 'h1', charm: 50 }),
    );
    expect(r.differences).toEqual([]);
    expect(r.totals).toEqual({
      DMND: { minted: 1000, spent: 500, balances: 500 },
      CHRM: { credited: 100, withdrawn: 50, balances: 50 },
      USD: { confirmedCents: 1000, payments: 1 },
    });
  });

  it('knows every credit and debit reason of the money rules', () => {
    const credits = creditReasons.filter((r) => !isPaidCredit(r) && r !== 'reward' && r !== 'operator_grant');
    const r = replay(
      ...credits.map((reason) => ev('DiamondsCredited', { uid: 'a', amount: 10, reason, reference: `x-${reason}` })),
      ...debitReasons.map((reason) => ev('DiamondsSpent', { uid: 'a', amount: 1, reason, reference: `y-${reason}` })),
    );
    expect(r.differences).toEqual([]);
  });

  it('fails on a credit or a debit whose reason it does not know, and still replays the balance', () => {
    const mystery = ev('DiamondsCredited', { uid: 'a', amount: 500, reason: 'mystery', reference: 'm' });
    const spentAsCredit = ev('DiamondsCredited', { uid: 'a', amount: 20, reason: 'gift', reference: 'g' });
    const creditAsSpend = ev('DiamondsSpent', { uid: 'a', amount: 5, reason: 'topup', reference: 't' });
    const r = replay(mystery, spentAsCredit, creditAsSpend);
    expect(r.differences).toEqual([
      `wallet-a is credited 500 diamonds for a reason the audit does not know (mystery) at position ${mystery.globalPosition}`,
      `wallet-a is credited 20 diamonds for a reason the audit does not know (gift) at position ${spentAsCredit.globalPosition}`,
      `wallet-a spends 5 diamonds for a reason the audit does not know (topup) at position ${creditAsSpend.globalPosition}`,
    ]);
    expect(r.diamonds.get('a')).toBe(515);
  });

  it('finds a money event without an idempotency key', () => {
    const e = ev('DiamondsCredited', { uid: 'a', amount: 10, reason: 'demo_grant', reference: 'x' });
    const r = replay({ ...e, metadata: {} });
    expect(r.differences).toEqual([`DiamondsCredited at position ${e.globalPosition} (s) carries no idempotency key`]);
  });

  it('finds a wallet below zero, a double credit, a missing credit and an unpaid credit', () => {
    const r = replay(
      ev('DiamondsCredited', { uid: 'a', amount: 10, reason: 'demo_grant', reference: 'x' }),
      ev('DiamondsSpent', { uid: 'a', amount: 11, reason: 'room_fee', reference: 'r' }),
      ev('PaymentConfirmed', { paymentId: 'p1', uid: 'b', diamonds: 100, amountUsdCents: 100 }),
      ev('DiamondsCredited', { uid: 'b', amount: 100, reason: 'topup', reference: 'p1' }),
      ev('DiamondsCredited', { uid: 'b', amount: 100, reason: 'topup', reference: 'p1' }),
      ev('PaymentConfirmed', { paymentId: 'p2', uid: 'b', diamonds: 100, amountUsdCents: 100 }),
      ev('DiamondsCredited', { uid: 'c', amount: 5, reason: 'topup', reference: 'nothing' }),
      ev('CharmWithdrawn', { uid: 'h', charm: 1 }),
    );
    expect(r.differences).toEqual([
      'wallet-a goes negative (-1) at position ' + (position - 6n),
      'earnings-h withdraws more charm than credited at position ' + position,
      'payment p1 confirmed for 100 diamonds but credited 200',
      'payment p2 confirmed for 100 diamonds but credited 0',
      '5 paid diamonds credited for nothing, which is not a confirmed payment',
    ]);
  });

  it('takes a second offer payment at the normal rate, and finds the offer credited twice', () => {
    const offer = (paymentId: string) =>
      ev('PaymentConfirmed', { paymentId, uid: 'o', purpose: 'first_topup_offer', diamonds: 3000, amountUsdCents: 1500 });
    const clean = replay(
      offer('p1'),
      ev('DiamondsCredited', { uid: 'o', amount: 3000, reason: 'first_topup_offer', reference: 'p1' }),
      offer('p2'),
      ev('DiamondsCredited', { uid: 'o', amount: 1500, reason: 'topup', reference: 'p2' }),
    );
    expect(clean.differences).toEqual([]);
    const twice = replay(
      offer('q1'),
      ev('DiamondsCredited', { uid: 'q', amount: 3000, reason: 'first_topup_offer', reference: 'q1' }),
      offer('q2'),
      ev('DiamondsCredited', { uid: 'q', amount: 3000, reason: 'first_topup_offer', reference: 'q2' }),
    );
    expect(twice.differences).toEqual([`wallet-q is credited the first top-up offer again (2 times) at position ${position}`]);
  });

  it('proves reward diamonds per claimer: each claim minted once to its user, none without a claim', () => {
    const claim = (claimId: string, diamonds: number, uid = 'a') =>
      ev('RewardClaimed', { uid, claimId, reward: { exp: 0, diamonds, fragments: [] } });
    const credit = (reference: string, amount: number, uid = 'a') => ev('DiamondsCredited', { uid, amount, reason: 'reward', reference });
    const week = 'mission:weekly-receive-10:2026-11-23';
    // Two users claim the same mission of the same week: the same claim id, each paid once.
    const ok = replay(
      claim(week, 50),
      credit(week, 50),
      claim(week, 50, 'b'),
      credit(week, 50, 'b'),
      claim('mission:daily-send-gift:2026-11-24', 0),
    );
    expect(ok.differences).toEqual([]);
    expect(ok.totals.DMND).toEqual({ minted: 100, spent: 0, balances: 100 });
    const bad = replay(
      claim('c1', 50),
      credit('c1', 50),
      credit('c1', 50),
      claim('c2', 50),
      credit('c3', 7),
      // b's claim paid to a: b is owed, a is paid for a claim a never made.
      claim('c4', 20, 'b'),
      credit('c4', 20),
      claim('c1', 50),
    );
    expect(bad.differences).toEqual([
      'reward a/c1 claimed twice',
      'reward a/c1 claimed for 50 diamonds but credited 100',
      'reward a/c2 claimed for 50 diamonds but credited 0',
      'reward b/c4 claimed for 20 diamonds but credited 0',
      '7 reward diamonds credited for a/c3, which is not a claimed reward of that user',
      '20 reward diamonds credited for a/c4, which is not a claimed reward of that user',
    ]);
  });

  it('proves booking holds: out of the balance while held, ended once, for their amount', () => {
    const grant = ev('DiamondsCredited', { uid: 'b', amount: 1000, reason: 'demo_grant', reference: 'g' });
    const held = (holdId: string, amount: number) => ev('DiamondsHeld', { uid: 'b', holdId, amount, reference: `booking:${holdId}` });
    const ok = replay(
      grant,
      held('h1', 300),
      held('h2', 200),
      held('h3', 100),
      ev('HoldReleased', { uid: 'b', holdId: 'h1', amount: 300, reference: 'booking:h1' }),
      ev('HoldSpent', { uid: 'b', holdId: 'h2', amount: 200, recipientUid: 'host', charm: 100, reference: 'booking:h2' }),
    );
    expect(ok.differences).toEqual([]);
    expect(ok.holds).toEqual({ held: 600, released: 300, spent: 200, open: 100 });
    expect(ok.totals.DMND).toEqual({ minted: 1000, spent: 300, balances: 700 });
    expect(ok.charm.get('host')).toEqual({ credited: 100, withdrawn: 0 });
    const bad = replay(
      ev('DiamondsCredited', { uid: 'b', amount: 100, reason: 'demo_grant', reference: 'g2' }),
      held('x1', 100),
      ev('HoldReleased', { uid: 'b', holdId: 'x1', amount: 100, reference: 'booking:x1' }),
      ev('HoldSpent', { uid: 'b', holdId: 'x1', amount: 100, recipientUid: 'host', charm: 50, reference: 'booking:x1' }),
      ev('HoldReleased', { uid: 'b', holdId: 'nope', amount: 5, reference: 'booking:nope' }),
    );
    expect(bad.differences.filter((d) => d.startsWith('hold '))).toEqual([
      `hold b/x1 is spent at position ${position - 1n} after it was released`,
      `hold b/nope is released at position ${position} but was never made`,
    ]);
  });
});
