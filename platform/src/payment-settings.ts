// The payment configuration, one schema and one parser for both services: command-api builds its
// payment ports from it and checks payments against it; query-api's methods list offers exactly
// what command-api will accept (sandbox, crypto deposit address and tokens).
import { demoDepositAddress, money } from '@murmur/contracts';
import { z } from 'zod';
import { demoSettings } from './demo-mode.ts';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/).transform((a) => a as `0x${string}`);

export const PaymentEnv = z.object({
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The browser's key for Stripe.js (pk_...); the card form is offered only with it and the two secrets. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Where crypto top-ups are sent; the demo (MURMUR_DEMO=on) has a demo address, elsewhere none is assumed. */
  PAYMENT_DEPOSIT_ADDRESS: address.optional(),
  /** JSON: [{ chainId, symbol: 'USDT' | 'USDC', address, decimals }]. */
  PAYMENT_TOKENS: z.string().default('[]'),
  /** JSON: { "<chainId>": "<rpc url>" }. */
  CHAIN_RPC_URLS: z.string().default('{}'),
  PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  // SANDBOX_PAYMENTS is read with the demo switch (demo-mode.ts).
});

const DepositTokens = z.array(z.object({ chainId: z.number().int(), symbol: z.enum(['USDT', 'USDC']), address, decimals: z.number().int().min(2).max(36) }));
const RpcUrls = z.record(z.string().regex(/^\d+$/), z.string().url());

export type DepositToken = z.infer<typeof DepositTokens>[number];

export interface PaymentSettings {
  /** Null without PAYMENT_DEPOSIT_ADDRESS outside the demo: no crypto top-ups are offered or accepted. */
  depositAddress: `0x${string}` | null;
  /** Accepted deposit tokens, on supported chains only. */
  tokens: DepositToken[];
  /** Blocks a transfer needs (its own included) before it credits. */
  confirmations: number;
  sandboxEnabled: boolean;
  /** RPC endpoint per chain id, for the chain verifier; empty when none is configured. */
  chainRpcUrls: Record<number, string>;
  stripe: { secretKey: string; webhookSecret: string } | null;
  /** Stripe's publishable key for the web app's card form; null when cards are not configured. */
  cardPublishableKey: string | null;
}

export function readPaymentSettings(env: Record<string, string | undefined> = process.env): PaymentSettings {
  const e = PaymentEnv.parse(env);
  const demo = demoSettings(env);
  const tokens = DepositTokens.parse(JSON.parse(e.PAYMENT_TOKENS)).filter((t) => (money.supportedChainIds as readonly number[]).includes(t.chainId));
  const rpcUrls = RpcUrls.parse(JSON.parse(e.CHAIN_RPC_URLS));
  return {
    depositAddress: e.PAYMENT_DEPOSIT_ADDRESS ?? (demo.demo ? (demoDepositAddress as `0x${string}`) : null),
    tokens,
    confirmations: e.PAYMENT_CONFIRMATIONS,
    sandboxEnabled: demo.sandboxPayments,
    chainRpcUrls: Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [Number(id), url])),
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : null,
    cardPublishableKey: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY ? e.STRIPE_PUBLISHABLE_KEY : null,
  };
}
