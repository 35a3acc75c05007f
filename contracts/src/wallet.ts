// Money (DESIGN section 4): the events of the `wallet-{uid}`, `payment-{id}` and `earnings-{uid}`
// streams, the reasons a diamond moves, and the bodies of the wallet and payment commands.
import { z } from 'zod';

/** Why diamonds were credited or spent; every module that moves diamonds names its reason here. */
export const DiamondReason = z.enum([
  'topup',
  'first_topup_offer',
  'demo_grant',
  'referral_reward',
  'daily_claim',
  'quest_reward',
  'refund',
  'lobby_entry',
  'room_fee',
  'post_unlock',
  'purchase',
  'vip',
  'gift',
]);
export type DiamondReason = z.infer<typeof DiamondReason>;

const uid = z.string().min(1).max(128);
const diamonds = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoTime = z.string().min(1);

// ---- wallet-{uid} ---------------------------------------------------------------------------

export const DiamondsCreditedData = z.object({
  uid,
  amount: diamonds,
  reason: DiamondReason,
  /** What the credit is for: a payment id, a referral record, a quest... */
  reference: z.string().max(300),
  creditedAt: isoTime,
});
export type DiamondsCreditedData = z.infer<typeof DiamondsCreditedData>;

export const DiamondsSpentData = z.object({
  uid,
  amount: diamonds,
  reason: DiamondReason,
  reference: z.string().max(300),
  spentAt: isoTime,
});
export type DiamondsSpentData = z.infer<typeof DiamondsSpentData>;

/** A gift, decided on the SENDER's wallet stream only; recipients' charm is credited by projection. */
export const GiftSentData = z.object({
  senderUid: uid,
  giftId: z.string(),
  giftName: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.number().int().nonnegative(),
  /** unitPrice x quantity x number of recipients. */
  diamondsTotal: z.number().int().nonnegative(),
  recipients: z.array(uid).min(1),
  charmPerRecipient: z.number().int().nonnegative(),
  lobbyId: z.string().optional(),
  roomId: z.string().optional(),
  sentAt: isoTime,
});
export type GiftSentData = z.infer<typeof GiftSentData>;

export const SkuKind = z.enum(['frame', 'badge', 'vip', 'post_unlock', 'room_fee', 'gift']);
export type SkuKind = z.infer<typeof SkuKind>;

/** A catalogue item bought with diamonds (frames, badges, VIP...); feeds the inventory. */
export const SkuPurchasedData = z.object({
  uid,
  purchaseId: z.string(),
  skuId: z.string(),
  skuKind: SkuKind,
  name: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.number().int().nonnegative(),
  diamondsTotal: z.number().int().nonnegative(),
  /** What the purchase unlocks (a post id, a room id), when it is about something. */
  target: z.string().optional(),
  purchasedAt: isoTime,
  expiresAt: z.string().nullable(),
});
export type SkuPurchasedData = z.infer<typeof SkuPurchasedData>;

export const walletEventTypes = ['DiamondsCredited', 'DiamondsSpent', 'GiftSent', 'SkuPurchased'] as const;

export type WalletEvent =
  | { type: 'DiamondsCredited'; data: DiamondsCreditedData }
  | { type: 'DiamondsSpent'; data: DiamondsSpentData }
  | { type: 'GiftSent'; data: GiftSentData }
  | { type: 'SkuPurchased'; data: SkuPurchasedData };

// ---- payment-{id} ---------------------------------------------------------------------------

export const PaymentProvider = z.enum(['stripe', 'crypto', 'sandbox']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

export const PaymentPurpose = z.enum(['topup', 'first_topup_offer', 'vip']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

export const PaymentInitiatedData = z.object({
  paymentId: z.string(),
  uid,
  provider: PaymentProvider,
  purpose: PaymentPurpose,
  /** Price in US cents (what the card is charged or the stablecoin value). */
  amountUsdCents: z.number().int().positive(),
  diamonds,
  /** The provider's id: a Stripe PaymentIntent id, a chain transfer id, a sandbox id. */
  providerRef: z.string(),
  initiatedAt: isoTime,
});
export type PaymentInitiatedData = z.infer<typeof PaymentInitiatedData>;

export const PaymentConfirmedData = z.object({
  paymentId: z.string(),
  uid,
  provider: PaymentProvider,
  purpose: PaymentPurpose,
  amountUsdCents: z.number().int().positive(),
  diamonds,
  providerRef: z.string(),
  /** Crypto only: where the transfer is on chain. */
  chainId: z.number().int().optional(),
  txHash: z.string().optional(),
  logIndex: z.number().int().optional(),
  token: z.string().optional(),
  /** Token base units, as a decimal string. */
  tokenAmount: z.string().optional(),
  confirmedAt: isoTime,
});
export type PaymentConfirmedData = z.infer<typeof PaymentConfirmedData>;

export const PaymentFailedData = z.object({
  paymentId: z.string(),
  uid,
  provider: PaymentProvider,
  reason: z.string().max(500),
  failedAt: isoTime,
});
export type PaymentFailedData = z.infer<typeof PaymentFailedData>;

export type PaymentEvent =
  | { type: 'PaymentInitiated'; data: PaymentInitiatedData }
  | { type: 'PaymentConfirmed'; data: PaymentConfirmedData }
  | { type: 'PaymentFailed'; data: PaymentFailedData };

export const paymentEventTypes = ['PaymentInitiated', 'PaymentConfirmed', 'PaymentFailed'] as const;

// ---- earnings-{uid} -------------------------------------------------------------------------

export const WithdrawalMethod = z.enum(['crypto', 'bank', 'ewallet']);

/** Charm leaves the earnings: a withdrawal the creator asks for, or an agency payout with proof. */
export const CharmWithdrawnData = z.object({
  withdrawalId: z.string(),
  uid,
  charm: z.number().int().positive(),
  usdCents: z.number().int().nonnegative(),
  kind: z.enum(['withdrawal', 'agency_payout']),
  method: WithdrawalMethod.optional(),
  address: z.string().max(200).optional(),
  agencyUid: z.string().optional(),
  proofUrl: z.string().max(2000).optional(),
  withdrawnAt: isoTime,
});
export type CharmWithdrawnData = z.infer<typeof CharmWithdrawnData>;

export const WithdrawalCompletedData = z.object({ withdrawalId: z.string(), uid, completedAt: isoTime });
export type WithdrawalCompletedData = z.infer<typeof WithdrawalCompletedData>;

/** A refused or failed withdrawal gives its charm back. */
export const WithdrawalFailedData = z.object({ withdrawalId: z.string(), uid, charm: z.number().int().positive(), reason: z.string().max(500), failedAt: isoTime });
export type WithdrawalFailedData = z.infer<typeof WithdrawalFailedData>;

export type EarningsEvent =
  | { type: 'CharmWithdrawn'; data: CharmWithdrawnData }
  | { type: 'WithdrawalCompleted'; data: WithdrawalCompletedData }
  | { type: 'WithdrawalFailed'; data: WithdrawalFailedData };

export const earningsEventTypes = ['CharmWithdrawn', 'WithdrawalCompleted', 'WithdrawalFailed'] as const;

// ---- blockchain-wallets-{uid} ---------------------------------------------------------------

export const BlockchainWalletData = z.object({
  walletId: z.string(),
  uid,
  name: z.string().max(60),
  address: z.string().max(120),
  chain: z.string().max(40),
  at: isoTime,
});
export type BlockchainWalletData = z.infer<typeof BlockchainWalletData>;

// ---- command bodies and answers -------------------------------------------------------------

/** Idempotency-Key header: a retry with the same key returns the first result. */
export const IdempotencyKeyHeader = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Idempotency-Key must be 1-100 letters, digits or _.:-');

export const TransactionStatus = z.enum(['completed', 'pending', 'failed', 'inactive']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const BalanceDto = z.object({
  diamonds: z.number().int(),
  charm: z.number().int(),
  charmCredited: z.number().int(),
  charmWithdrawn: z.number().int(),
  vipUntil: z.string().nullable(),
  firstTopUpAvailable: z.boolean(),
});
export type BalanceDto = z.infer<typeof BalanceDto>;

export const TransactionDto = z.object({
  transactionId: z.string(),
  kind: z.string(),
  currency: z.enum(['DMND', 'CHRM', 'USD']),
  amount: z.number(),
  direction: z.enum(['in', 'out']),
  status: TransactionStatus,
  description: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionDto = z.infer<typeof TransactionDto>;

/** The spec's payment result (section 3). */
export const PaymentResultDto = z.object({
  status: z.string(),
  clientSecret: z.string().nullable(),
  transactionId: z.string(),
  referenceId: z.string().nullable(),
  metadata: z.object({ currencyKind: z.string(), value: z.number() }),
  position: z.string(),
});
export type PaymentResultDto = z.infer<typeof PaymentResultDto>;
