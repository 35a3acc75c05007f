// Payment decider: given the `payment-{id}` stream, when a confirmation, failure or initiation, then events or a refusal.
import { describe, expect, it } from 'vitest';
import { paymentDecider, type PaymentCommand } from './decide.ts';
import type { PaymentEvent } from './payment.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

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
const confirmed: PaymentEvent = {
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
};
const confirm: PaymentCommand = { type: 'ConfirmPayment', paymentId: 'p1', amountUsdCents: 1000, at };
const fail: PaymentCommand = { type: 'FailPayment', paymentId: 'p1', reason: 'declined', at };
const given = DeciderSpecification.for(paymentDecider);

describe('payment decider', () => {
  it('confirms an initiated payment once', () => {
    given(initiated).when(confirm).then([confirmed]);
    given(initiated, confirmed).when(confirm).thenNothing();
  });

  it('ignores a failure after the confirmation, and confirms after a failure', () => {
    given(initiated, confirmed).when(fail).thenNothing();
    const failed = given(initiated).when(fail).decided();
    expect(given(initiated, ...failed).state.status).toBe('failed');
    given(initiated, ...failed)
      .when(confirm)
      .then([confirmed]);
  });

  it('refuses another amount and an unknown payment; a repeated initiation is a no-op', () => {
    given(initiated)
      .when({ ...confirm, amountUsdCents: 999 })
      .thenThrows('RULE_VIOLATED', /amount paid/);
    given().when(confirm).thenThrows('NOT_FOUND', 'Payment not found.');
    given(initiated)
      .when({ type: 'InitiatePayment', payment: initiated.data as never })
      .thenNothing();
  });

  it('takes a confirmation or a failure only from the intent the payment was initiated with', () => {
    given(initiated)
      .when({ ...confirm, providerRef: 'pi_other' })
      .thenThrows('RULE_VIOLATED', /not the one this payment was initiated with/);
    given(initiated)
      .when({ ...fail, providerRef: 'pi_other' })
      .thenThrows('RULE_VIOLATED', /not the one this payment was initiated with/);
    given(initiated)
      .when({ ...confirm, providerRef: 'pi_1' })
      .then([confirmed]);
  });

  it('confirms a payment charged in another currency only for the amount fixed at initiation, and carries it', () => {
    const charged = { currency: 'PHP' as const, amount: '58820', rate: 58.82 };
    const ewallet = {
      type: 'PaymentInitiated',
      data: { ...(initiated.data as object), provider: 'ewallet', providerRef: 'cs_1', charged, expiresAt: at },
    } as PaymentEvent;
    const paid = { ...confirm, providerRef: 'cs_1', paid: { currency: 'PHP', amount: '58820' } };
    given(ewallet)
      .when({ ...paid, paid: { currency: 'PHP', amount: '60000' } })
      .thenThrows('RULE_VIOLATED', /58820 PHP/);
    given(ewallet)
      .when({ ...paid, paid: { currency: 'USD', amount: '58820' } })
      .thenThrows('RULE_VIOLATED', /amount paid/);
    given(ewallet)
      .when({ ...confirm, providerRef: 'cs_1' })
      .thenThrows('RULE_VIOLATED', /amount paid \(none\)/);
    given(ewallet)
      .when(paid)
      .then([{ type: 'PaymentConfirmed', data: { ...confirmed.data, provider: 'ewallet', providerRef: 'cs_1', charged } } as PaymentEvent]);
  });

  it('keeps why a payment failed (an expiry names itself)', () => {
    const reason = 'This payment expired before it was completed. Nothing was charged.';
    const failed = given(initiated)
      .when({ ...fail, reason })
      .decided();
    expect(given(initiated, ...failed).state).toMatchObject({ status: 'failed', failureReason: reason });
  });
});
