// Where a user sends stablecoins for a crypto top-up, per chain (`payment/methods`, crypto item).
import { z } from 'zod';

/** Non-production default of PAYMENT_DEPOSIT_ADDRESS (command-api verifies transfers to it). */
export const demoDepositAddress = '0x000000000000000000000000000000000000dEaD';

export const CryptoDepositDto = z.object({
  chainId: z.number().int(),
  /** The platform's deposit address on this chain. */
  address: z.string(),
  /** The token contracts accepted on this chain (empty when none is configured). */
  tokens: z.array(z.object({ symbol: z.enum(['USDT', 'USDC']), contract: z.string(), decimals: z.number().int() })),
  /** Blocks a transfer needs (its own included) before a top-up credits it. */
  confirmations: z.number().int(),
  /** The demo's stand-in address (MURMUR_DEMO=on without PAYMENT_DEPOSIT_ADDRESS): no real network
   * credits what is sent to it, only a local chain the demo is given (a token listed here). */
  demo: z.boolean().optional(),
});
export type CryptoDepositDto = z.infer<typeof CryptoDepositDto>;
