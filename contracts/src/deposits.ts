// Where a user sends crypto for a top-up, per chain (`payment/methods`, crypto item).
import { z } from 'zod';
import { money } from './constants.ts';

/** What a crypto top-up can be paid in: the stablecoins (credited at par), ether on an EVM chain,
 * SOL and the HONEY SPL token on Solana (credited at the configured rate). */
export const DepositCurrency = z.enum(['USDT', 'USDC', 'ETH', 'SOL', 'HONEY']);
export type DepositCurrency = z.infer<typeof DepositCurrency>;
export const stablecoins: readonly DepositCurrency[] = ['USDT', 'USDC'];
/** A chain's own coin has no contract: its token entry names this instead of an address. */
export const nativeToken = 'native';

export type ChainKind = 'evm' | 'solana';
export const chainKindOf = (chainId: number): ChainKind | null =>
  (money.supportedChainIds as readonly number[]).includes(chainId)
    ? 'evm'
    : (money.solanaChainIds as readonly number[]).includes(chainId)
      ? 'solana'
      : null;

/** A Solana transaction signature (base58 of 64 bytes) or an EVM transaction hash. */
export const solanaSignaturePattern = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
export const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
export const evmTxHashPattern = /^0x[0-9a-fA-F]{64}$/;

/** Non-production default of PAYMENT_DEPOSIT_ADDRESS (command-api verifies transfers to it). */
export const demoDepositAddress = '0x000000000000000000000000000000000000dEaD';

export const CryptoDepositDto = z.object({
  chainId: z.number().int(),
  /** The platform's deposit address on this chain. */
  address: z.string(),
  /** evm or solana: how the web app pays on it and what an address looks like there. */
  kind: z.enum(['evm', 'solana']),
  /** What is accepted on this chain (empty when none is configured): token contracts (an SPL
   * mint on Solana), or `native` for the chain's own coin (ETH, SOL). */
  tokens: z.array(z.object({ symbol: DepositCurrency, contract: z.string(), decimals: z.number().int() })),
  /** Blocks a transfer needs (its own included) before a top-up credits it. */
  confirmations: z.number().int(),
  /** The demo's stand-in address (MURMUR_DEMO=on without PAYMENT_DEPOSIT_ADDRESS): no real network
   * credits what is sent to it, only a local chain the demo is given (a token listed here). */
  demo: z.boolean().optional(),
  /** The demo wallet pays on this chain (`POST dev/demo-wallet/pay`): the demo's local chain only. */
  demoWallet: z.boolean().optional(),
});
export type CryptoDepositDto = z.infer<typeof CryptoDepositDto>;

/** POST dev/demo-wallet/pay (demo only): send `amount` of `symbol` from the caller's demo wallet on the
 * demo's local chain to the deposit address. The top-up itself is then submitted as any other. */
export const DemoWalletPayBody = z.object({
  chainId: z.number().int(),
  symbol: DepositCurrency,
  /** In whole tokens, as typed (e.g. "10", "0.2"). */
  amount: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'Enter an amount.'),
});
export type DemoWalletPayBody = z.infer<typeof DemoWalletPayBody>;
export const DemoWalletPaid = z.object({
  /** The caller's demo wallet on that chain (the sender, to be linked before the top-up is submitted). */
  address: z.string(),
  /** The EVM transaction hash or the Solana signature. */
  transactionHash: z.string(),
});
export type DemoWalletPaid = z.infer<typeof DemoWalletPaid>;

/** POST dev/demo-wallet/sign (demo only): the caller's demo wallet signs a wallet-link message. */
export const DemoWalletSignBody = z.object({ chainId: z.number().int(), message: z.string().min(1).max(2000) });
export type DemoWalletSignBody = z.infer<typeof DemoWalletSignBody>;
export const DemoWalletSigned = z.object({ address: z.string(), signature: z.string() });
export type DemoWalletSigned = z.infer<typeof DemoWalletSigned>;
