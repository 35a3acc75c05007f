import { describe, expect, it } from 'vitest';
import { paymentDecider, type PaymentCommand } from './decide.ts';
import type { PaymentEvent } from './payment.ts';

const at = '2026-01-01T00:00:00.000Z';
const initiated: PaymentEvent = {
  type: 'PaymentInitiated',
  data: {
    paymentId: 'p1',
    uid: 'u1',
    provider: 'stripe',
    purpose: 'topup',
    amountUsdCents: 1000,
    diamonds: 1000,
    providerRef: 'pi_1',
    initiatedAt: at,
  },
};
const confirm: PaymentCommand = { type: 'ConfirmPayment', paymentId: 'p1', amountUsdCents: 1000, at };
const fail: PaymentCommand = { type: 'FailPayment', paymentId: 'p1', reason: 'declined', at };
const given = (...events: PaymentEvent[]) => events.reduce(paymentDecider.evolve, paymentDecider.initialState());

describe('payment decider', () => {
  it('confirms an initiated payment once', () => {
    const [event] = paymentDecider.decide(confirm, given(initiated));
    expect(event).toEqual({
      type: 'PaymentConfirmed',
      data: {
        paymentId: 'p1',
        uid: 'u1',
        provider: 'stripe',
        purpose: 'topup',
        amountUsdCents: 1000,
        diamonds: 1000,
        providerRef: 'pi_1',
        confirmedAt: at,
      },
    });
    expect(paymentDecider.decide(confirm, given(initiated, event!))).toEqual([]);
  });

  it('ignores a failure after the confirmation, and confirms after a failure', () => {
    const confirmed = given(initiated, paymentDecider.decide(confirm, given(initiated))[0]!);
    expect(paymentDecider.decide(fail, confirmed)).toEqual([]);
    const failed = given(initiated, paymentDecider.decide(fail, given(initiated))[0]!);
    expect(failed.status).toBe('failed');
    expect(paymentDecider.decide(confirm, failed)).toHaveLength(1);
  });

  it('refuses another amount and an unknown payment; a repeated initiation is a no-op', () => {
    expect(() => paymentDecider.decide({ ...confirm, amountUsdCents: 999 }, given(initiated))).toThrow(/amount paid/);
    expect(() => paymentDecider.decide(confirm, given())).toThrow('Payment not found.');
    expect(paymentDecider.decide({ type: 'InitiatePayment', payment: initiated.data as never }, given(initiated))).toEqual([]);
  });

  it('takes a confirmation or a failure only from the intent the payment was initiated with', () => {
    expect(() => paymentDecider.decide({ ...confirm, providerRef: 'pi_other' }, given(initiated))).toThrow(
      /not the one this payment was initiated with/,
    );
    expect(() => paymentDecider.decide({ ...fail, providerRef: 'pi_other' }, given(initiated))).toThrow(/not the one/);
    expect(paymentDecider.decide({ ...confirm, providerRef: 'pi_1' }, given(initiated))).toHaveLength(1);
  });

  it('confirms a payment charged in another currency only for the amount fixed at initiation, and carries it', () => {
    const charged = { currency: 'PHP' as const, amount: '58820', rate: 58.82 };
    const ewallet = {
      type: 'PaymentInitiated',
      data: { ...(initiated.data as object), provider: 'ewallet', providerRef: 'cs_1', charged, expiresAt: at },
    } as PaymentEvent;
    const paid = { ...confirm, providerRef: 'cs_1', paid: { currency: 'PHP', amount: '58820' } };
    expect(() => paymentDecider.decide({ ...paid, paid: { currency: 'PHP', amount: '60000' } }, given(ewallet))).toThrow(/58820 PHP/);
    expect(() => paymentDecider.decide({ ...paid, paid: { currency: 'USD', amount: '58820' } }, given(ewallet))).toThrow(/amount paid/);
    expect(() => paymentDecider.decide({ ...confirm, providerRef: 'cs_1' }, given(ewallet))).toThrow(/amount paid \(none\)/);
    const [event] = paymentDecider.decide(paid, given(ewallet));
    expect(event).toMatchObject({ type: 'PaymentConfirmed', data: { provider: 'ewallet', charged } });
  });

  it('keeps why a payment failed (an expiry names itself)', () => {
    const failed = given(
      initiated,
      paymentDecider.decide(
        { ...fail, reason: 'This payment expired before it was completed. Nothing was charged.' },
        given(initiated),
      )[0]!,
    );
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'This payment expired before it was completed. Nothing was charged.' });
  });
});
