// Spec section 4's handling of a payment (or withdrawal) result: requires_action and inactive with a
// client secret continue the flow, inactive without one sets the pending flag, failed shows the
// message, anything else is done and refreshes balance and transactions after 1 s.
export interface PaymentResult {
  status: string;
  clientSecret?: string | null;
  transactionId?: string;
  referenceId?: string | null;
  message?: string;
}

export type PaymentOutcome =
  | { kind: 'continue'; clientSecret: string }
  | { kind: 'pending' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; refreshAfterMs: number };

export const REFRESH_AFTER_MS = 1000;
export const paymentFailedTitle = 'Payment Failed';
const fallbackFailure = 'Oops, something went wrong. Please try again.';

export function paymentOutcome(result: PaymentResult): PaymentOutcome {
  switch (result.status) {
    case 'failed':
      return { kind: 'failed', message: result.message || fallbackFailure };
    case 'requires_action':
    case 'requires_confirmation':
    case 'inactive':
      return result.clientSecret ? { kind: 'continue', clientSecret: result.clientSecret } : { kind: 'pending' };
    default:
      return { kind: 'done', refreshAfterMs: REFRESH_AFTER_MS };
  }
}

/** The status modal's state after a result (statusModal, topupStatus, statusMessage; docs/decisions/payments.md). */
export interface StatusModalState {
  open: boolean;
  topupStatus: 'success' | 'pending' | 'failed' | 'processing';
  title: string;
  statusMessage: string;
}

export function statusModalFor(outcome: PaymentOutcome): StatusModalState {
  switch (outcome.kind) {
    case 'failed':
      return { open: true, topupStatus: 'failed', title: paymentFailedTitle, statusMessage: outcome.message };
    case 'pending':
      return {
        open: true,
        topupStatus: 'pending',
        title: 'Payment pending',
        statusMessage: 'Your payment is being confirmed. Your diamonds arrive as soon as it is.',
      };
    case 'continue':
      return {
        open: true,
        topupStatus: 'processing',
        title: 'Confirm your payment',
        statusMessage: 'Complete the payment step to finish your top-up.',
      };
    case 'done':
      return {
        open: true,
        topupStatus: 'success',
        title: 'Payment successful',
        statusMessage: 'Your diamonds have been added to your wallet.',
      };
  }
}

/** A withdrawal result: failed sets the failed state, anything else follows the payment rules. */
export function withdrawalOutcome(result: PaymentResult): PaymentOutcome {
  return paymentOutcome(result);
}
