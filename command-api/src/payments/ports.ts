// The payment providers behind ports (docs/decisions/payments.md): a card provider (Stripe in production,
// the same Stripe SDK pointed at a local server in tests), a chain verifier (viem against an RPC
// node; anvil in tests) and their configuration. The sandbox needs no port: it confirms through
// the same confirmation path as the others.
import type { CurrencyRateSource, PaymentSettings } from '@murmur/platform';

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

/** One value transfer in a transaction: an ERC-20 Transfer log, an EVM transaction's own ether,
 * or a top-level Solana transfer instruction (SOL, or an SPL token). */
export interface ChainTransfer {
  chainId: number;
  /** The EVM transaction hash (lower case) or the Solana signature (base58, as it is). */
  txHash: string;
  /** The ERC-20 log's index, the Solana instruction's index, or -1 for an EVM transaction's own ether. */
  logIndex: number;
  /** The token contract (an SPL mint on Solana), or `native` for the chain's own coin. */
  token: string;
  /** Who sent it: the EVM sender, or the Solana account that signed the transfer. */
  from: string;
  /** Who received it: the EVM recipient, or the Solana owner of the account credited. */
  to: string;
  /** In the token's base units (wei, lamports). */
  amount: bigint;
}

export interface ChainReceipt {
  succeeded: boolean;
  confirmations: bigint;
  transfers: ChainTransfer[];
}

export interface ChainVerifier {
  /** The transaction's transfers; null when the chain does not know the transaction. */
  receipt(chainId: number, txHash: string): Promise<ChainReceipt | null>;
}

/** A hosted checkout's order as the provider has it now (a web-payment order, an e-wallet charge):
 * open (waiting for the user), approved (the user approved, not yet captured), paid, failed (the
 * last attempt failed; the user may try again on the same order) or expired (can no longer be paid). */
export type HostedOrderStatus = 'open' | 'approved' | 'paid' | 'failed' | 'expired';

export interface HostedOrder {
  id: string;
  status: HostedOrderStatus;
  /** Our payment id as the provider keeps it (custom_id, metadata); null when the order has none. */
  paymentId: string | null;
  /** Where the user approves the payment; null once it cannot be approved any more. */
  approvalUrl: string | null;
  /** The amount ordered (or, once paid, captured), in the currency's smallest unit. */
  amount: { currency: string; minor: string };
  failureReason: string | null;
}

/** A notification whose signature checked out. It only names the order: the order is then read
 * back from the provider, so what credits is the provider's own state, never the message's body. */
export interface HostedNotification {
  eventId: string;
  type: string;
  orderId: string | null;
  paymentId: string | null;
}

export interface HostedCheckoutProvider {
  create(
    input: {
      paymentId: string;
      amount: { currency: string; minor: string };
      description: string;
      returnUrl: string;
      cancelUrl: string;
      channel?: string;
    },
    idempotencyKey: string,
  ): Promise<HostedOrder>;
  retrieve(orderId: string): Promise<HostedOrder>;
  /** Completes an approved order (a web-payment capture); an order that completes by itself is read back. */
  complete(orderId: string, idempotencyKey: string): Promise<HostedOrder>;
  /** Ends an unpaid order so it can no longer be paid; a paid one is returned as paid. */
  expire(orderId: string): Promise<HostedOrder>;
  /** Checks the notification's signature over the raw body; throws on a forged or stale one. */
  verifyNotification(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<HostedNotification>;
}

/** An incoming TON transfer as the chain has it. */
export interface TonTransfer {
  /** The transaction's hash (hex). */
  hash: string;
  lt: string;
  from: string | null;
  to: string;
  /** Nanotons received. */
  amount: bigint;
  /** The message's text comment; null when it carries none. */
  comment: string | null;
  /** The transaction was not aborted (the value arrived). */
  succeeded: boolean;
  /** Masterchain blocks since (and with) the one that holds it. */
  confirmations: number;
}

export interface TonChain {
  /** Recent incoming transfers to `address` whose text comment is exactly `comment`. */
  transfersTo(address: string, comment: string): Promise<TonTransfer[]>;
}

/** The payment configuration the ports run with (one schema and parser in platform's payment-settings.ts). */
export type PaymentConfig = Omit<PaymentSettings, 'stripe' | 'chainRpcUrls' | 'cardPublishableKey' | 'webpay' | 'ewallet'>;

export interface PaymentPorts {
  card: CardProvider | null;
  chain: ChainVerifier | null;
  /** The hosted web-payment checkout (PayPal Orders v2 in production). */
  webpay?: HostedCheckoutProvider | null;
  /** GCash and Maya through the aggregator (PayMongo checkout sessions in production). */
  ewallet?: HostedCheckoutProvider | null;
  /** The TON API the mini-app's TON transfers are verified on (toncenter v3 in production). */
  ton?: TonChain | null;
  /** USD per unit of the non-stable crypto top-up currencies (ETH, SOL, HONEY); null (or absent)
   * when none is configured, and then only the stablecoins credit. */
  rates?: CurrencyRateSource | null;
  config: PaymentConfig;
}
