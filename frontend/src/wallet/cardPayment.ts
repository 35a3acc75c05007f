// A card top-up with the card provider's form: `payment/stripe/init` creates the PaymentIntent
// (its client secret goes to Stripe.js), the browser confirms it with Stripe, and the credit comes
// from the provider's signed webhook; the page follows the payment's status until it is credited.
import { cardTexts } from '@murmur/contracts/top-up-texts';
import { newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { refreshQueries } from '../state/query.ts';
import { paymentOutcome, statusModalFor } from './paymentResult.ts';
import { useTopUp } from './topUpStore.ts';

export interface CardIntent {
  clientSecret: string;
  transactionId: string;
}

/** One card attempt per amount while the top-up is open: a re-render or a remount of the card step
 * gets the same PaymentIntent (one request, one idempotency key), never a second one. */
let attempt: { valueUsd: number; purpose: string; intent: Promise<CardIntent> } | null = null;

/** Forgets the attempt (the top-up closed or was paid): the next card step starts a new intent. */
export function forgetCardAttempt(): void {
  attempt = null;
}
useTopUp.subscribe((now, before) => {
  if (before.open && !now.open) forgetCardAttempt();
});

async function createIntent(valueUsd: number, purpose: 'topup' | 'first_topup_offer'): Promise<CardIntent> {
  const result = await api.money.stripeInit(
    { value: valueUsd, currency: 'USD', purpose },
    { idempotencyKey: newIdempotencyKey(), quiet: true },
  );
  if (!result.clientSecret || !result.transactionId) throw new Error(cardTexts.clientSecretNotFound);
  return { clientSecret: result.clientSecret, transactionId: result.transactionId };
}

/** Starts (or resumes) the card payment; rejects with the card-provider text when the server gives no client secret. */
export function initCardIntent(valueUsd: number, purpose: 'topup' | 'first_topup_offer'): Promise<CardIntent> {
  if (attempt && attempt.valueUsd === valueUsd && attempt.purpose === purpose) return attempt.intent;
  const intent = createIntent(valueUsd, purpose);
  const current = { valueUsd, purpose, intent };
  attempt = current;
  intent.catch(() => {
    if (attempt === current) attempt = null;
  });
  return intent;
}

export function showCardFailure(message: string): void {
  useTopUp.getState().showStatus({ open: true, topupStatus: 'failed', title: cardTexts.failedTitle, statusMessage: message });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After Stripe confirmed the intent: "processing" until the webhook has credited the payment, then
 * done (balance and history refreshed). Gives up waiting, not the payment, after a while.
 */
export async function followCardPayment(transactionId: string, { pollMs = 1000, attempts = 90 } = {}): Promise<void> {
  const topUp = useTopUp.getState();
  topUp.showStatus(
    { open: true, topupStatus: 'processing', title: 'Payment processing', statusMessage: cardTexts.processing },
    { transactionId, pending: true },
  );
  for (let i = 0; i < attempts; i++) {
    const status = await api.money.paymentStatus({ paymentId: transactionId }, { quiet: true }).catch(() => null);
    if (status?.status === 'completed') {
      forgetCardAttempt();
      const outcome = paymentOutcome({ status: 'succeeded', transactionId });
      useTopUp.getState().showStatus(statusModalFor(outcome), { transactionId });
      useTopUp.getState().close();
      setTimeout(() => void refreshQueries('/wallet/balance', '/transaction/me', '/payment/currencies/recommended'), 1000);
      return;
    }
    if (status?.status === 'failed') return showCardFailure(status.statusMessage ?? cardTexts.clientSecretNotFound);
    await sleep(pollMs);
  }
}
