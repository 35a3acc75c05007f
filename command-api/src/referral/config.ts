// Referral settings, validated with zod; `npm start` needs no environment, and a deployment without
// the demo switch must name a real payout adapter (platform/src/demo-mode.ts).
import { loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const ReferralConfig = z
  .object({
    /** Where the app is served; referral links open its login page. */
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    /** The page a referral link opens (default `${PUBLIC_URL}/login`); the code rides along as `?referralCode=`. */
    REFERRAL_LINK_BASE: z.string().url().optional(),
    /** How often the weekly settlement looks for closed weeks and unsent payouts. */
    REFERRAL_SETTLEMENT_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    /** How long after a week closes before it is settled, so late commits of that week are in. */
    REFERRAL_SETTLEMENT_GRACE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
    MURMUR_DEMO: z.enum(['on', 'off']).default('off'),
    /** 'local' (the demo's stand-in, demo only) records transfers in the database; 'evm' sends USDT with viem. */
    REFERRAL_PAYOUT_ADAPTER: z.enum(['local', 'evm']).default('local'),
    REFERRAL_PAYOUT_RPC_URL: z.string().url().optional(),
    REFERRAL_PAYOUT_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .optional(),
    REFERRAL_PAYOUT_USDT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    REFERRAL_PAYOUT_USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  })
  .refine((c) => c.MURMUR_DEMO === 'on' || c.REFERRAL_PAYOUT_ADAPTER === 'evm', {
    // Its status answers 'sent' for a payout it only wrote down: outside the demo a referrer would be told they were paid.
    message:
      "REFERRAL_PAYOUT_ADAPTER=local is the demo's stand-in (it reports payouts sent without sending them): set REFERRAL_PAYOUT_ADAPTER=evm, or run the demo with MURMUR_DEMO=on",
    path: ['REFERRAL_PAYOUT_ADAPTER'],
  });
export type ReferralConfig = z.infer<typeof ReferralConfig>;

export const readReferralConfig = (env: Record<string, string | undefined> = process.env): ReferralConfig =>
  loadConfig(ReferralConfig, env);

export const referralLink = (config: ReferralConfig, code: string): string =>
  `${config.REFERRAL_LINK_BASE ?? `${config.PUBLIC_URL.replace(/\/$/, '')}/login`}?referralCode=${encodeURIComponent(code)}`;
