// The top-up calls of payment/topup/pay (a crypto hash, the sandbox) and the handling of their
// result by the spec's rules. Cards go through cardPayment.ts (Stripe confirms in the browser).
import type { DepositCurrency } from '@murmur/contracts/deposits';
import { ApiCallError, newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { refreshQueries } from '../state/query.ts';
import { paymentOutcome, statusModalFor, type PaymentResult } from './paymentResult.ts';
import { useTopUp } from './topUpStore.ts';

export interface CryptoTopUp {
  chainId: number;
  fromCurrency: DepositCurrency;
  fromAmount: number;
  address: string;
  transactionHash: string;
}

export function handlePaymentResult(result: PaymentResult): void {
  const outcome = paymentOutcome(result);
  useTopUp.getState().showStatus(statusModalFor(outcome), {
    transactionId: result.transactionId,
    referenceId: result.referenceId ?? null,
    clientSecret: outcome.kind === 'continue' ? outcome.clientSecret : null,
    pending: outcome.kind === 'pending',
  });
  if (outcome.kind === 'done') {
    useTopUp.getState().close();
    setTimeout(() => void refreshQueries('/wallet/balance', '/transaction/me', '/payment/currencies/recommended'), outcome.refreshAfterMs);
  }
}

async function run(call: () => Promise<PaymentResult>): Promise<void> {
  try {
    handlePaymentResult(await call());
  } catch (error) {
    const e = error as ApiCallError;
    if (e.status >= 500) return;
    handlePaymentResult({ status: 'failed', message: e.message });
  }
}

export function payCrypto(body: CryptoTopUp): Promise<void> {
  return run(() => api.money.topUp({ channelCode: 'crypto', ...body }, { idempotencyKey: newIdempotencyKey(), quiet: true }));
}

export function paySandbox(valueUsd: number, purpose: 'topup' | 'first_topup_offer' = 'topup'): Promise<void> {
  return run(() =>
    api.money.topUp(
      { channelCode: 'sandbox', value: valueUsd, currency: 'USD', purpose },
      { idempotencyKey: newIdempotencyKey(), quiet: true },
    ),
  );
}
