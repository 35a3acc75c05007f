// The `payment-{id}` stream (docs/decisions/payments.md): one top-up's life, initiated then confirmed (by
// webhook, chain receipt or the sandbox) or failed. Confirmed is final: it credits exactly once.
import type { ChargedAmount, PaymentEvent, PaymentInitiatedData } from '@murmur/contracts';

export type { PaymentEvent };

export type PaymentStatus = 'none' | 'initiated' | 'confirmed' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  paymentId: string;
  uid: string;
  /** Null until initiated. */
  provider: PaymentInitiatedData['provider'] | null;
  purpose: PaymentInitiatedData['purpose'] | null;
  amountUsdCents: number;
  diamonds: number;
  providerRef: string;
  /** A creator subscription's creator uid. */
  target: string | null;
  /** Hosted checkouts and TON: the amount the provider must report, fixed at initiation. */
  charged: ChargedAmount | null;
  expiresAt: string | null;
  /** Why it failed last (an expiry names itself). */
  failureReason: string | null;
}

export const initialPaymentState = (): PaymentState => ({
  status: 'none',
  paymentId: '',
  uid: '',
  provider: null,
  purpose: null,
  amountUsdCents: 0,
  diamonds: 0,
  providerRef: '',
  target: null,
  charged: null,
  expiresAt: null,
  failureReason: null,
});

/** A chain transfer is one payment, whoever submits it: (chain, tx hash, log index) is its id. An
 * EVM hash is case-insensitive (lower-cased here), a Solana signature is not (kept as it is); an
 * EVM transaction's own ether (log index -1) is `native`. */
export const cryptoPaymentId = (chainId: number, txHash: string, logIndex: number): string =>
  `crypto-${chainId}-${txHash.startsWith('0x') ? txHash.toLowerCase() : txHash}-${logIndex < 0 ? 'native' : logIndex}`;

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentInitiated': {
      const d = event.data;
      return {
        status: 'initiated',
        paymentId: d.paymentId,
        uid: d.uid,
        provider: d.provider,
        purpose: d.purpose,
        amountUsdCents: d.amountUsdCents,
        diamonds: d.diamonds,
        providerRef: d.providerRef,
        target: d.target ?? null,
        charged: d.charged ?? null,
        expiresAt: d.expiresAt ?? null,
        failureReason: null,
      };
    }
    case 'PaymentConfirmed':
      return { ...state, status: 'confirmed' };
    case 'PaymentFailed':
      return state.status === 'confirmed' ? state : { ...state, status: 'failed', failureReason: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
