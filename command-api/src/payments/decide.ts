// The payment decider: a payment is confirmed once, for the amount it was initiated with; a
// failure never undoes a confirmation (webhooks arrive out of order), while a success after a
// failed attempt (the customer tried another card) still confirms. A provider's answer is about
// the payment only when it names the provider's id the payment was initiated with.
import { type PaymentConfirmedData, type PaymentInitiatedData, paymentEventSchemas } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolvePayment, initialPaymentState, type PaymentEvent, type PaymentState } from './payment.ts';

export type PaymentCommand =
  | { type: 'InitiatePayment'; payment: PaymentInitiatedData }
  | {
      type: 'ConfirmPayment';
      paymentId: string;
      amountUsdCents: number;
      at: string;
      /** The provider's id the confirmation is for (a Stripe PaymentIntent id); checked when given. */
      providerRef?: string;
      chain?: Pick<PaymentConfirmedData, 'chainId' | 'txHash' | 'logIndex' | 'token' | 'tokenAmount'>;
      /** What the provider reports as paid, in its currency's smallest unit: checked against the
       * amount fixed at initiation when the payment has one (hosted checkouts, TON). */
      paid?: { currency: string; amount: string };
    }
  | { type: 'FailPayment'; paymentId: string; reason: string; at: string; providerRef?: string };

/** The state of a payment that exists: its provider and purpose are known (typed, no cast). */
function initiated(state: PaymentState) {
  if (state.status === 'none' || state.provider === null || state.purpose === null) throw new ApiError('NOT_FOUND', 'Payment not found.');
  return { ...state, provider: state.provider, purpose: state.purpose };
}

function requireProviderRef(command: { providerRef?: string }, state: PaymentState): void {
  // A signed webhook names the payment in the intent's metadata, which any intent on the account
  // can carry: only the intent the payment was initiated with may confirm or fail it.
  if (command.providerRef !== undefined && command.providerRef !== state.providerRef) {
    throw new ApiError('RULE_VIOLATED', 'This provider payment is not the one this payment was initiated with.');
  }
}

export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'InitiatePayment':
      if (state.status !== 'none') return []; // a retried initiation: the first one stands
      return [{ type: 'PaymentInitiated', data: command.payment }];
    case 'ConfirmPayment': {
      const payment = initiated(state);
      requireProviderRef(command, payment);
      if (state.status === 'confirmed') return [];
      if (state.charged) {
        const paid = command.paid;
        if (!paid || paid.currency !== state.charged.currency || paid.amount !== state.charged.amount) {
          throw new ApiError(
            'RULE_VIOLATED',
            `The amount paid (${paid ? `${paid.amount} ${paid.currency}` : 'none'}) is not the amount of the payment (${state.charged.amount} ${state.charged.currency}).`,
          );
        }
      } else if (command.amountUsdCents !== state.amountUsdCents) {
        throw new ApiError(
          'RULE_VIOLATED',
          `The amount paid (${command.amountUsdCents} cents) is not the amount of the payment (${state.amountUsdCents} cents).`,
        );
      }
      return [
        {
          type: 'PaymentConfirmed',
          data: {
            paymentId: state.paymentId,
            uid: state.uid,
            provider: payment.provider,
            purpose: payment.purpose,
            amountUsdCents: state.amountUsdCents,
            diamonds: state.diamonds,
            providerRef: state.providerRef,
            ...(state.target !== null ? { target: state.target } : {}),
            ...(command.chain ?? {}),
            ...(state.charged ? { charged: state.charged } : {}),
            confirmedAt: command.at,
          },
        },
      ];
    }
    case 'FailPayment': {
      const payment = initiated(state);
      requireProviderRef(command, payment);
      if (payment.status !== 'initiated') return [];
      return [
        {
          type: 'PaymentFailed',
          data: {
            paymentId: payment.paymentId,
            uid: payment.uid,
            provider: payment.provider,
            reason: command.reason,
            failedAt: command.at,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown payment command.');
    }
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  evolvesOn: paymentEventSchemas,
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
