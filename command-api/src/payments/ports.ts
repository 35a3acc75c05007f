// The payment providers behind ports (DESIGN section 8): a card provider (Stripe in production,
// the same Stripe SDK pointed at a local server in tests), a chain verifier (viem against an RPC
// node; anvil in tests) and their configuration. The sandbox needs no port: it confirms through
// the same confirmation path as the others.
import type { PaymentSettings } from '@murmur/platform';
import type { Hex } from 'viem';

export interface CardPaymentIntent {
  id: string;
  clientSecret: string | null;
  status: string;
}

export type CardWebhookEvent =
  | { kind: 'succeeded'; eventId: string; paymentId: string; amountUsdCents: number; currency: string; providerRef: string }
  | { kind: 'failed'; eventId: string; paymentId: string; reason: string; providerRef: string }
  | { kind: 'ignored'; eventId: string; type: string };

export interface CardProvider {
  createPaymentIntent(
    input: { amountUsdCents: number; paymentId: string; uid: string; purpose: string; diamonds: number },
    idempotencyKey: string,
  ): Promise<CardPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<CardPaymentIntent>;
  /** Checks the signature over the raw body; throws on a forged or stale one. */
  parseWebhook(rawBody: Buffer, signature: string): CardWebhookEvent;
}

export interface ChainTransfer {
  chainId: number;
  txHash: Hex;
  logIndex: number;
  token: Hex;
  from: Hex;
  to: Hex;
  amount: bigint;
}

export interface ChainReceipt {
  succeeded: boolean;
  confirmations: bigint;
  transfers: ChainTransfer[];
}

export interface ChainVerifier {
  /** The receipt's ERC-20 transfers; null when the chain does not know the transaction. */
  receipt(chainId: number, txHash: Hex): Promise<ChainReceipt | null>;
}

/** The payment configuration the ports run with (one schema and parser in platform's payment-settings.ts). */
export type PaymentConfig = Omit<PaymentSettings, 'stripe' | 'chainRpcUrls' | 'cardPublishableKey'>;

export interface PaymentPorts {
  card: CardProvider | null;
  chain: ChainVerifier | null;
  config: PaymentConfig;
}
