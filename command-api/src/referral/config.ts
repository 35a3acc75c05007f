// Referral settings, validated with zod; safe demo defaults so `npm start` needs no environment.
import { loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const ReferralConfig = z.object({
  /** Where the app is served; referral links open its login page. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** The page a referral link opens (default `${PUBLIC_URL}/login`); the code rides along as `?referralCode=`. */
  REFERRAL_LINK_BASE: z.string().url().optional(),
  /** How often the weekly settlement looks for closed weeks and unsent payouts. */
  REFERRAL_SETTLEMENT_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** How long after a week closes before it is settled, so late commits of that week are in. */
  REFERRAL_SETTLEMENT_GRACE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** 'local' records transfers in the database; 'evm' sends USDT with viem. */
  REFERRAL_PAYOUT_ADAPTER: z.enum(['local', 'evm']).default('local'),
  REFERRAL_PAYOUT_RPC_URL: z.string().url().optional(),
  REFERRAL_PAYOUT_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/).optional(),
  REFERRAL_PAYOUT_USDT_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(),
  REFERRAL_PAYOUT_USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
});
export type ReferralConfig = z.infer<typeof ReferralConfig>;

export const readReferralConfig = (env: Record<string, string | undefined> = process.env): ReferralConfig => loadConfig(ReferralConfig, env);

export const referralLink = (config: ReferralConfig, code: string): string =>
  `${config.REFERRAL_LINK_BASE ?? `${config.PUBLIC_URL.replace(/\/$/, '')}/login`}?referralCode=${encodeURIComponent(code)}`;
