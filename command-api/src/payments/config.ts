// Payment settings from the environment, and the ports built from them. Tests replace the ports
// of one command-api with `setPaymentPorts` (their own Stripe server, their own anvil chain).
import { demoDepositAddress, money } from '@murmur/contracts';
import { demoSettings } from '@murmur/platform';
import Stripe from 'stripe';
import type { Hex } from 'viem';
import { z } from 'zod';
import type { CommandDeps } from '../dependencies.ts';
import type { PaymentPorts } from './ports.ts';
import { StripeCardProvider } from './stripe-card-provider.ts';
import { ViemChainVerifier } from './viem-chain-verifier.ts';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

const PaymentEnv = z.object({
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYMENT_DEPOSIT_ADDRESS: address.default(demoDepositAddress),
  /** JSON: [{ chainId, symbol: 'USDT' | 'USDC', address, decimals }]. */
  PAYMENT_TOKENS: z.string().default('[]'),
  /** JSON: { "<chainId>": "<rpc url>" }. */
  CHAIN_RPC_URLS: z.string().default('{}'),
  PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
});

const Tokens = z.array(z.object({ chainId: z.number().int(), symbol: z.enum(['USDT', 'USDC']), address, decimals: z.number().int().min(2).max(36) }));

export function paymentPortsFromEnv(env: Record<string, string | undefined> = process.env): PaymentPorts {
  const e = PaymentEnv.parse(env);
  const tokens = Tokens.parse(JSON.parse(e.PAYMENT_TOKENS)).filter((t) => (money.supportedChainIds as readonly number[]).includes(t.chainId));
  const rpcUrls = z.record(z.string(), z.string().url()).parse(JSON.parse(e.CHAIN_RPC_URLS));
  const card = e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? new StripeCardProvider(new Stripe(e.STRIPE_SECRET_KEY), e.STRIPE_WEBHOOK_SECRET) : null;
  return {
    card,
    chain: Object.keys(rpcUrls).length > 0 ? new ViemChainVerifier(Object.fromEntries(Object.entries(rpcUrls).map(([k, v]) => [Number(k), v]))) : null,
    config: {
      depositAddress: e.PAYMENT_DEPOSIT_ADDRESS as Hex,
      tokens: tokens.map((t) => ({ ...t, address: t.address as Hex })),
      confirmations: e.PAYMENT_CONFIRMATIONS,
      sandboxEnabled: demoSettings(env).sandboxPayments,
    },
  };
}

const portsByDeps = new WeakMap<object, PaymentPorts>();

export function paymentPorts(deps: CommandDeps): PaymentPorts {
  let ports = portsByDeps.get(deps.store);
  if (!ports) portsByDeps.set(deps.store, (ports = paymentPortsFromEnv()));
  return ports;
}

export function setPaymentPorts(deps: CommandDeps, ports: Partial<PaymentPorts>): void {
  portsByDeps.set(deps.store, { ...paymentPorts(deps), ...ports });
}
