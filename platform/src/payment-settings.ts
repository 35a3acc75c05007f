// The payment configuration, one schema and one parser for both services: command-api builds its
// payment ports from it and checks payments against it; query-api's methods list offers exactly
// what command-api will accept (sandbox, crypto deposit address and tokens).
import { chainKindOf, DepositCurrency, demoDepositAddress, nativeToken, solanaAddressPattern } from '@murmur/contracts';
import { z } from 'zod';
import { demoSettings, demoUnsetMessage } from './demo-mode.ts';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a) => a as `0x${string}`);

export const PaymentEnv = z.object({
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The browser's key for Stripe.js (pk_...); the card form is offered only with it and the two secrets. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Where crypto top-ups are sent; the demo (MURMUR_DEMO=on) has a demo address, elsewhere none is assumed. */
  PAYMENT_DEPOSIT_ADDRESS: address.optional(),
  /** Where SOL and SPL-token top-ups are sent (a Solana address); none without it. */
  PAYMENT_SOLANA_DEPOSIT_ADDRESS: z.string().regex(solanaAddressPattern).optional(),
  /** JSON: [{ chainId, symbol: 'USDT' | 'USDC' | 'ETH' | 'SOL' | 'HONEY', address, decimals }]: an ERC-20
   * contract, an SPL mint (on a Solana chain id, 101 or 103), or "native" for ETH or SOL themselves.
   * ETH, SOL and HONEY credit at CURRENCY_USD_RATES. */
  PAYMENT_TOKENS: z.string().default('[]'),
  /** JSON: { "<chainId>": "<rpc url>" }. */
  CHAIN_RPC_URLS: z.string().default('{}'),
  PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /** The one chain the web app reads through our server (`POST chain/rpc`); its upstream is that
   * chain's CHAIN_RPC_URLS entry. No proxy without it. */
  CHAIN_RPC_PROXY_CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** Proxied reads per user per minute. */
  CHAIN_RPC_PROXY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** The hosted web-payment checkout (PayPal Orders v2): REST base URL, app credentials and the
   * webhook id the notifications are verified against. Offered only with all three secrets. */
  WEBPAY_API_URL: z.string().url().default('https://api-m.paypal.com'),
  WEBPAY_CLIENT_ID: z.string().min(1).optional(),
  WEBPAY_CLIENT_SECRET: z.string().min(1).optional(),
  WEBPAY_WEBHOOK_ID: z.string().min(1).optional(),
  /** PH e-wallets (GCash, Maya) through the aggregator (PayMongo checkout sessions). */
  EWALLET_API_URL: z.string().url().default('https://api.paymongo.com'),
  EWALLET_SECRET_KEY: z.string().min(1).optional(),
  EWALLET_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Regions (ISO 3166-1 alpha-2, comma separated) the e-wallets are shown first to. */
  EWALLET_REGIONS: z
    .string()
    .regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/)
    .default('PH'),
  /** PHP per USD for new e-wallet charges; each charge records the rate it was created at. */
  EWALLET_PHP_PER_USD: z.coerce.number().positive().max(10_000).default(58.82),
  /** An unpaid hosted order (web payment, e-wallet) is expired after this many minutes. */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** TON in the mini-app: the platform's address transfers go to (offered only with it), the TON
   * API the transfers are verified on (toncenter v3), TON per USD and the confirmations needed. */
  TON_DEPOSIT_ADDRESS: z.string().min(48).max(70).optional(),
  TON_API_URL: z.string().url().default('https://toncenter.com/api/v3'),
  TON_API_KEY: z.string().min(1).optional(),
  TON_PER_USD: z.coerce.number().positive().max(1_000_000).default(0.2),
  TON_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(2),
  /** The demo wallet (`POST dev/demo-wallet/pay`, demo only): the funded development accounts on
   * the demo's local chains it pays from, which `npm start` sets with the chains (scripts/demo-chains/). */
  DEMO_WALLET_EVM_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  DEMO_WALLET_SOLANA_KEY: z.string().min(1).optional(),
  /** Where the providers send the user back (the web app's origin); else the caller's Origin. */
  PUBLIC_URL: z.string().url().optional(),
  // SANDBOX_PAYMENTS is read with the demo switch (demo-mode.ts).
});

const DepositTokens = z.array(
  z
    .object({ chainId: z.number().int(), symbol: DepositCurrency, address: z.string(), decimals: z.number().int().min(2).max(36) })
    .superRefine((t, ctx) => {
      const kind = chainKindOf(t.chainId);
      const native = t.address === nativeToken;
      const fits =
        kind === 'evm'
          ? native
            ? t.symbol === 'ETH'
            : /^0x[0-9a-fA-F]{40}$/.test(t.address) && t.symbol !== 'ETH' && t.symbol !== 'SOL'
          : kind === 'solana'
            ? native
              ? t.symbol === 'SOL'
              : solanaAddressPattern.test(t.address) && t.symbol !== 'SOL' && t.symbol !== 'ETH'
            : true;
      if (!fits)
        ctx.addIssue({
          code: 'custom',
          message: `${t.symbol} on chain ${t.chainId}: "native" is for ETH on an EVM chain and SOL on Solana; other tokens name their contract (or mint) on that chain`,
        });
    }),
);
const RpcUrls = z.record(z.string().regex(/^\d+$/), z.string().url());

export type DepositToken = z.infer<typeof DepositTokens>[number];

export interface PaymentSettings {
  /** Null without PAYMENT_DEPOSIT_ADDRESS outside the demo: no crypto top-ups are offered or accepted. */
  depositAddress: `0x${string}` | null;
  /** The deposit address is the demo's stand-in (the demo without PAYMENT_DEPOSIT_ADDRESS). */
  depositIsDemo?: boolean;
  /** Where SOL and SPL tokens are sent; null (or absent): none are offered or accepted. */
  solanaDepositAddress?: string | null;
  /** The demo runs (MURMUR_DEMO=on): its chains are local ones, and the web app says so. */
  demo?: boolean;
  /** Accepted deposit tokens, on supported chains only. */
  tokens: DepositToken[];
  /** Blocks a transfer needs (its own included) before it credits. */
  confirmations: number;
  sandboxEnabled: boolean;
  /** RPC endpoint per chain id, for the chain verifier; empty when none is configured. */
  chainRpcUrls: Record<number, string>;
  /** The chain read proxy: its chain, upstream and per-user limit; null (or absent) when not configured. */
  rpcProxy?: { chainId: number; upstreamUrl: string; perMinute: number } | null;
  stripe: { secretKey: string; webhookSecret: string } | null;
  /** Stripe's publishable key for the web app's card form; null when cards are not configured. */
  cardPublishableKey: string | null;
  /** The hosted web-payment checkout's credentials; null (or absent) when not configured. */
  webpay?: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string } | null;
  /** The e-wallet aggregator's keys; null (or absent) when not configured. */
  ewallet?: { apiUrl: string; secretKey: string; webhookSecret: string } | null;
  /** Regions the e-wallets are offered in (default PH). */
  ewalletRegions?: string[];
  /** PHP per USD for new e-wallet charges. */
  phpPerUsd?: number;
  /** TON: the platform's deposit address and the TON API; null (or absent) when not configured. */
  ton?: { address: string; apiUrl: string; apiKey: string | null; tonPerUsd: number; confirmations: number } | null;
  /** Minutes an unpaid hosted order lives (default 30). */
  orderTtlMinutes?: number;
  /** The web app's origin for the providers' return URLs; null: the caller's Origin. */
  publicUrl?: string | null;
  /** The demo wallet's funded accounts and the local chains it pays on; null (or absent) outside the demo. */
  demoWallet?: { evmKey: `0x${string}` | null; solanaKey: string | null; rpcUrls: Record<number, string> } | null;
}

const isLoopback = (url: string): boolean => {
  try {
    return /^(127\.|localhost$|\[::1\]$)/.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

export const defaultHostedSettings = { ewalletRegions: ['PH'], phpPerUsd: 58.82, orderTtlMinutes: 30 } as const;

export function readPaymentSettings(env: Record<string, string | undefined> = process.env): PaymentSettings {
  const e = PaymentEnv.parse(env);
  const demo = demoSettings(env);
  // The fixed PHP and TON rates are the demo's (the demo table): a deployment charging in them names its own.
  const unsetRates = demo.demo
    ? []
    : [
        e.EWALLET_SECRET_KEY && env.EWALLET_PHP_PER_USD === undefined ? 'EWALLET_PHP_PER_USD' : null,
        e.TON_DEPOSIT_ADDRESS && env.TON_PER_USD === undefined ? 'TON_PER_USD' : null,
      ].filter((name): name is string => name !== null);
  if (unsetRates.length > 0)
    throw new Error(
      `Invalid configuration:\n  ${unsetRates.map((name) => demoUnsetMessage(name, "the fixed rates are the demo's")).join('\n  ')}`,
    );
  const tokens = DepositTokens.parse(JSON.parse(e.PAYMENT_TOKENS)).filter((t) => chainKindOf(t.chainId) !== null);
  const rpcUrls = RpcUrls.parse(JSON.parse(e.CHAIN_RPC_URLS));
  const proxyUpstream = e.CHAIN_RPC_PROXY_CHAIN_ID === undefined ? undefined : rpcUrls[String(e.CHAIN_RPC_PROXY_CHAIN_ID)];
  if (e.CHAIN_RPC_PROXY_CHAIN_ID !== undefined && !proxyUpstream)
    throw new Error(`Invalid configuration:\n  CHAIN_RPC_PROXY_CHAIN_ID: chain ${e.CHAIN_RPC_PROXY_CHAIN_ID} has no CHAIN_RPC_URLS entry`);
  return {
    depositAddress: e.PAYMENT_DEPOSIT_ADDRESS ?? (demo.demo ? (demoDepositAddress as `0x${string}`) : null),
    // The demo's stand-in address, or a deposit address on the demo's local chains (every RPC on this machine).
    depositIsDemo:
      demo.demo && (!e.PAYMENT_DEPOSIT_ADDRESS || (Object.keys(rpcUrls).length > 0 && Object.values(rpcUrls).every(isLoopback))),
    solanaDepositAddress: e.PAYMENT_SOLANA_DEPOSIT_ADDRESS ?? null,
    demo: demo.demo,
    tokens,
    confirmations: e.PAYMENT_CONFIRMATIONS,
    sandboxEnabled: demo.sandboxPayments,
    chainRpcUrls: Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [Number(id), url])),
    rpcProxy:
      e.CHAIN_RPC_PROXY_CHAIN_ID !== undefined && proxyUpstream
        ? { chainId: e.CHAIN_RPC_PROXY_CHAIN_ID, upstreamUrl: proxyUpstream, perMinute: e.CHAIN_RPC_PROXY_PER_MINUTE }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : null,
    cardPublishableKey: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY ? e.STRIPE_PUBLISHABLE_KEY : null,
    webpay:
      e.WEBPAY_CLIENT_ID && e.WEBPAY_CLIENT_SECRET && e.WEBPAY_WEBHOOK_ID
        ? { apiUrl: e.WEBPAY_API_URL, clientId: e.WEBPAY_CLIENT_ID, clientSecret: e.WEBPAY_CLIENT_SECRET, webhookId: e.WEBPAY_WEBHOOK_ID }
        : null,
    ewallet:
      e.EWALLET_SECRET_KEY && e.EWALLET_WEBHOOK_SECRET
        ? { apiUrl: e.EWALLET_API_URL, secretKey: e.EWALLET_SECRET_KEY, webhookSecret: e.EWALLET_WEBHOOK_SECRET }
        : null,
    ewalletRegions: e.EWALLET_REGIONS.toUpperCase().split(','),
    phpPerUsd: e.EWALLET_PHP_PER_USD,
    orderTtlMinutes: e.PAYMENT_ORDER_TTL_MINUTES,
    publicUrl: e.PUBLIC_URL ?? null,
    demoWallet:
      demo.demo && (e.DEMO_WALLET_EVM_KEY || e.DEMO_WALLET_SOLANA_KEY)
        ? {
            evmKey: (e.DEMO_WALLET_EVM_KEY as `0x${string}` | undefined) ?? null,
            solanaKey: e.DEMO_WALLET_SOLANA_KEY ?? null,
            rpcUrls: Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [Number(id), url])),
          }
        : null,
    ton: e.TON_DEPOSIT_ADDRESS
      ? {
          address: e.TON_DEPOSIT_ADDRESS,
          apiUrl: e.TON_API_URL,
          apiKey: e.TON_API_KEY ?? null,
          tonPerUsd: e.TON_PER_USD,
          confirmations: e.TON_CONFIRMATIONS,
        }
      : null,
  };
}
