// Money (docs/decisions/money.md): the events of the `wallet-{uid}`, `payment-{id}` and `earnings-{uid}`
// streams, the reasons a diamond moves, and the bodies of the wallet and payment commands.
import { z } from 'zod';
import { verifiedHostBadge } from './host-applications.ts';
import { commandAnswer } from './answers.ts';
import { AppearanceChangedData } from './collections.ts';
import { money } from './constants.ts';
import { creditReasons, debitReasons } from './money-rules.ts';
import { formatText, texts } from './errors.ts';
import { CountryCodeField } from './countries.ts';
import { CryptoDepositDto, DepositCurrency, evmTxHashPattern, solanaSignaturePattern } from './deposits.ts';
import { SubscribedToCreatorData } from './subscriptions.ts';
import { holdEventSchemas } from './booking.ts';
import { eventTypesOf, type EventUnionOf } from './event-map.ts';
import { PageQuery, paged } from './paging.ts';

/** Why diamonds were credited or spent (money-rules.ts says which reasons credit and which debit). */
export const DiamondReason = z.enum([...creditReasons, ...debitReasons]);
export type DiamondReason = z.infer<typeof DiamondReason>;

const uid = z.string().min(1).max(128);
const diamonds = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoTime = z.string().min(1);

// ---- wallet-{uid} ---------------------------------------------------------------------------

export const DiamondsCreditedData = z.object({
  uid,
  amount: diamonds,
  reason: z.enum(creditReasons),
  /** What the credit is for: a payment id, a referral record, a quest... */
  reference: z.string().max(300),
  /** Paid credits (top-ups) only: the cash received for them, in US cents. Referral rewards are a
   * share of this, never of the diamonds' face value (the first top-up offer doubles the diamonds). */
  amountUsdCents: z.number().int().positive().optional(),
  creditedAt: isoTime,
});
export type DiamondsCreditedData = z.infer<typeof DiamondsCreditedData>;

export const DiamondsSpentData = z.object({
  uid,
  amount: diamonds,
  reason: z.enum(debitReasons),
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

/** Every diamond credit and debit of one user, and what they wear (decided where ownership is), on `wallet-{uid}`. */
export const walletEventSchemas = {
  DiamondsCredited: DiamondsCreditedData,
  DiamondsSpent: DiamondsSpentData,
  GiftSent: GiftSentData,
  SkuPurchased: SkuPurchasedData,
  AppearanceChanged: AppearanceChangedData,
  SubscribedToCreator: SubscribedToCreatorData,
  ...holdEventSchemas,
} as const;
export const walletEventTypes = eventTypesOf(walletEventSchemas);
export type WalletEvent = EventUnionOf<typeof walletEventSchemas>;

/** VIP privileges (docs/decisions/vip.md) with numbers: 5% bonus diamonds on every top-up, twice the Telegram daily claim. */
export const vipPerks = { topUpBonus: 0.05, dailyClaimMultiplier: 2 } as const;

/** Diamonds a paid amount buys at the normal rate (1 USD = 100 diamonds), in whole diamonds. */
export const diamondsForUsdCents = (cents: number): number => Math.round((cents * money.diamondsPerUsd) / 100);

// ---- payment-{id} ---------------------------------------------------------------------------

/** stripe: card; crypto: an EVM stablecoin transfer; webpay: a hosted web-payment checkout
 * (PayPal Orders v2 style); ewallet: GCash or Maya through an aggregator (PayMongo style, in PHP);
 * ton: a TON transfer from the mini-app; sandbox: the demo. */
export const PaymentProvider = z.enum(['stripe', 'crypto', 'sandbox', 'webpay', 'ewallet', 'ton']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** What a payment buys: diamonds (a top-up, the first top-up offer), or, through the subscription
 * checkout, the VIP year or 30 days of a creator's subscription (spent at once on settlement). */
export const PaymentPurpose = z.enum(['topup', 'first_topup_offer', 'vip', 'creator_subscription']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;
/** The purposes a plain top-up may name; the subscriptions go through `payment/checkout/pay`. */
const TopUpPurpose = PaymentPurpose.exclude(['creator_subscription']);

/** The currencies a provider charges in; USD amounts are also what `amountUsdCents` says. */
export const ChargeCurrency = z.enum(['USD', 'PHP', 'TON']);
export type ChargeCurrency = z.infer<typeof ChargeCurrency>;

/** What the provider is asked to charge, fixed when the payment is created: the amount in the
 * currency's smallest unit (cents, centavos, nanotons) as a decimal string, and the rate used
 * (units of the currency per USD), so a later rate change never changes what this payment owes. */
export const ChargedAmount = z.object({
  currency: ChargeCurrency,
  amount: z.string().regex(/^[1-9]\d{0,29}$/),
  rate: z.number().positive(),
});
export type ChargedAmount = z.infer<typeof ChargedAmount>;

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
  /** A creator subscription's creator uid. */
  target: z.string().max(128).optional(),
  /** Hosted checkouts and TON: the amount the provider must report as paid. */
  charged: ChargedAmount.optional(),
  /** Hosted checkouts: when an order not paid by then is expired (and credits nothing). */
  expiresAt: isoTime.optional(),
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
  target: z.string().max(128).optional(),
  /** Crypto only: where the transfer is on chain. */
  chainId: z.number().int().optional(),
  txHash: z.string().optional(),
  logIndex: z.number().int().optional(),
  token: z.string().optional(),
  /** Token base units, as a decimal string. */
  tokenAmount: z.string().optional(),
  /** The amount paid in the provider's currency (as initiated). */
  charged: ChargedAmount.optional(),
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

/** A top-up's life on `payment-{id}`. */
export const paymentEventSchemas = {
  PaymentInitiated: PaymentInitiatedData,
  PaymentConfirmed: PaymentConfirmedData,
  PaymentFailed: PaymentFailedData,
} as const;
export type PaymentEvent = EventUnionOf<typeof paymentEventSchemas>;
export const paymentEventTypes = eventTypesOf(paymentEventSchemas);

// ---- earnings-{uid} -------------------------------------------------------------------------

export const WithdrawalMethod = z.enum(['crypto', 'bank', 'ewallet']);

/** The networks a crypto withdrawal pays out on (USDT): an EVM chain or Solana. */
export const WithdrawalNetwork = z.enum(['evm', 'solana']);
export type WithdrawalNetwork = z.infer<typeof WithdrawalNetwork>;

/** Charm leaves the earnings: a withdrawal the creator asks for, or an agency payout with proof. */
export const CharmWithdrawnData = z.object({
  withdrawalId: z.string(),
  uid,
  charm: z.number().int().positive(),
  usdCents: z.number().int().nonnegative(),
  kind: z.enum(['withdrawal', 'agency_payout']),
  method: WithdrawalMethod.optional(),
  /** Crypto withdrawals: the network the address is on. */
  network: WithdrawalNetwork.optional(),
  address: z.string().max(200).optional(),
  /** Bank transfers: the ISO 3166-1 alpha-2 country of the bank. */
  bankCountry: z.string().length(2).optional(),
  agencyUid: z.string().optional(),
  proofUrl: z.string().max(2000).optional(),
  withdrawnAt: isoTime,
});
export type CharmWithdrawnData = z.infer<typeof CharmWithdrawnData>;

export const WithdrawalCompletedData = z.object({
  withdrawalId: z.string(),
  uid,
  completedAt: isoTime,
  /** Settled from the console: the on-chain transaction hash or the bank reference, and the admin. */
  reference: z.string().max(120).optional(),
  settledBy: uid.optional(),
});
export type WithdrawalCompletedData = z.infer<typeof WithdrawalCompletedData>;

/** A refused or failed withdrawal gives its charm back. */
export const WithdrawalFailedData = z.object({
  withdrawalId: z.string(),
  uid,
  charm: z.number().int().positive(),
  reason: z.string().max(500),
  failedAt: isoTime,
  /** Rejected from the console: the admin who did it. */
  rejectedBy: uid.optional(),
});
export type WithdrawalFailedData = z.infer<typeof WithdrawalFailedData>;

/** Withdrawals of charm earnings on `earnings-{uid}`. */
export const earningsEventSchemas = {
  CharmWithdrawn: CharmWithdrawnData,
  WithdrawalCompleted: WithdrawalCompletedData,
  WithdrawalFailed: WithdrawalFailedData,
} as const;
export type EarningsEvent = EventUnionOf<typeof earningsEventSchemas>;
export const earningsEventTypes = eventTypesOf(earningsEventSchemas);

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

/** The addresses a user lists as theirs, on `blockchain-wallets-{uid}`. */
export const blockchainWalletEventSchemas = {
  BlockchainWalletAdded: BlockchainWalletData,
  BlockchainWalletRenamed: BlockchainWalletData,
  BlockchainWalletUpdated: BlockchainWalletData,
  BlockchainWalletRemoved: BlockchainWalletData,
} as const;
export type BlockchainWalletEvent = EventUnionOf<typeof blockchainWalletEventSchemas>;

// ---- command bodies and answers -------------------------------------------------------------

/** Idempotency-Key header: a retry with the same key returns the first result. */
export const IdempotencyKeyHeader = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Idempotency-Key must be 1-100 letters, digits or _.:-');

export const TransactionStatus = z.enum(['completed', 'pending', 'failed', 'inactive']);
/** `GET /transaction/me`: a page of the own history, narrowed by status or currency. */
export const TransactionHistoryQuery = PageQuery.extend({
  status: TransactionStatus.optional(),
  currency: z.enum(['DMND', 'CHRM', 'USD']).optional(),
});
/** `GET /payment/currencies/conversion`: an amount to convert between two currencies. */
export const CurrencyConversionQuery = z.object({
  from: z.string().max(10).default('USD'),
  to: z.string().max(10).default('DMND'),
  amount: z.coerce.number().positive().max(1e12).default(1),
});
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
  /** Hosted checkouts: the provider's page where the user approves the payment (popup or redirect);
   * TON: the ton://transfer link of the same transfer. */
  approvalUrl: z.string().nullable().optional(),
  /** TON: the transfer the wallet is asked to send (TON Connect's message): to the platform's
   * address, this many nanotons, with the payment id as its text comment (payload: the comment cell, base64 BOC). */
  ton: z
    .object({ address: z.string(), amount: z.string(), comment: z.string(), payload: z.string(), validUntil: z.number().int() })
    .optional(),
  /** Why a payment is still pending or failed, to show as the status message. */
  message: z.string().optional(),
  position: z.string(),
});
export type PaymentResultDto = z.infer<typeof PaymentResultDto>;
/** The Stripe webhook's answer once the event is handled (Stripe only reads the status). */
export const WebhookReceived = z.object({ received: z.literal(true) });

// ---- top-up and catalogue -------------------------------------------------------------------

/** Top-up bounds in USD ('Amount must be between {min} and {max}'). */
export const topUp = { minUsd: 1, maxUsd: 5000 } as const;

/** Withdrawals of charm: at least 500 charm (5 USD at 0.01 USD a charm, the spec's 5 USDT minimum payout). */
export const withdrawal = { minimumCharm: 500 } as const;

export const TopUpMethod = z.enum(['crypto', 'card', 'webpay', 'ewallet', 'ton', 'sandbox']);
export type TopUpMethod = z.infer<typeof TopUpMethod>;

export const CurrencyDto = z.object({
  kind: z.enum(['fiat', 'crypto', 'virtual']),
  name: z.string(),
  symbol: z.string(),
  image: z.string(),
  contracts: z.array(z.object({ chain: z.string(), chainId: z.number().int(), address: z.string(), decimals: z.number().int() })),
  supportedIntents: z.array(z.enum(['topup', 'withdraw', 'purchase'])),
});
export type CurrencyDto = z.infer<typeof CurrencyDto>;

/** The spec's item badges (section 3, gifts): on sale, coming soon, sold out. */
export const SkuBadge = z.enum(['hot_sale', 'coming_soon', 'sold_out']);
export type SkuBadge = z.infer<typeof SkuBadge>;

export const SkuDto = z.object({
  id: z.string(),
  kind: SkuKind,
  name: z.string(),
  description: z.string(),
  /** Diamonds. */
  price: z.number().int().positive(),
  priceUsd: z.number(),
  months: z.number().int().nullable(),
  /** Frames, badges and gifts to keep last 7 or 30 days, or for ever (null; docs/decisions/collections.md). */
  days: z.number().int().nullable(),
  imageUrl: z.string(),
  /** Needs a target (the post or room it unlocks). */
  needsTarget: z.boolean(),
  badge: SkuBadge.nullable(),
  /** A seasonal item is sold until then (ISO time); null: always. */
  availableUntil: z.string().nullable(),
});
export type SkuDto = z.infer<typeof SkuDto>;

type SkuInput = Pick<SkuDto, 'id' | 'kind' | 'name' | 'description' | 'price' | 'imageUrl'> &
  Partial<Pick<SkuDto, 'months' | 'days' | 'needsTarget' | 'badge' | 'availableUntil'>>;
const sku = (s: SkuInput): SkuDto => ({
  months: null,
  days: null,
  needsTarget: false,
  badge: null,
  availableUntil: null,
  ...s,
  priceUsd: s.price / 100,
});

/** Items for sale for diamonds. VIP is 120 USD a year (docs/decisions/vip.md) = 12,000 diamonds. */
export const skuCatalogue: SkuDto[] = [
  sku({
    id: 'vip-year',
    kind: 'vip',
    name: 'VIP',
    description: 'VIP subscription for 12 months.',
    price: 12_000,
    months: 12,
    imageUrl: '/gifts/crown.svg',
  }),
  sku({
    id: 'frame-gold',
    kind: 'frame',
    name: 'Gold frame',
    description: 'A gold avatar frame, yours for ever.',
    price: 500,
    imageUrl: '/gifts/star.svg',
    badge: 'hot_sale',
  }),
  sku({
    id: 'frame-rose',
    kind: 'frame',
    name: 'Rose frame',
    description: 'An avatar frame of roses for 30 days.',
    price: 800,
    days: 30,
    imageUrl: '/gifts/rose.svg',
  }),
  sku({
    id: 'frame-castle',
    kind: 'frame',
    name: 'Castle frame',
    description: 'A legendary castle frame for 7 days.',
    price: 3000,
    days: 7,
    imageUrl: '/gifts/castle.svg',
  }),
  sku({
    id: 'frame-valentine',
    kind: 'frame',
    name: "Valentine's frame",
    description: "Sold during the Valentine's event only.",
    price: 1400,
    days: 30,
    imageUrl: '/gifts/valentine-box.svg',
    availableUntil: '2026-02-15T00:00:00.000Z',
  }),
  sku({
    id: 'frame-diamond',
    kind: 'frame',
    name: 'Diamond frame',
    description: 'A limited edition, all sold.',
    price: 9900,
    imageUrl: '/gifts/fireworks.svg',
    badge: 'sold_out',
  }),
  sku({
    id: 'badge-supporter',
    kind: 'badge',
    name: 'Supporter badge',
    description: 'Shows you support your hosts.',
    price: 300,
    imageUrl: '/gifts/heart.svg',
  }),
  sku({
    id: 'badge-rocket',
    kind: 'badge',
    name: 'Rocket badge',
    description: 'For the biggest gifters, 30 days.',
    price: 5000,
    days: 30,
    imageUrl: '/gifts/rocket.svg',
  }),
  sku({
    id: 'badge-star',
    kind: 'badge',
    name: 'Star badge',
    description: 'A rising star for 7 days.',
    price: 200,
    days: 7,
    imageUrl: '/gifts/star.svg',
  }),
  sku({
    id: 'gift-teddy',
    kind: 'gift',
    name: 'Teddy to keep',
    description: 'A teddy for your collection.',
    price: 150,
    imageUrl: '/gifts/teddy.svg',
  }),
  sku({
    id: 'gift-coffee',
    kind: 'gift',
    name: 'Coffee to keep',
    description: 'A warm coffee for your collection, 30 days.',
    price: 100,
    days: 30,
    imageUrl: '/gifts/coffee.svg',
  }),
  sku({
    id: 'post-unlock',
    kind: 'post_unlock',
    name: 'Private post unlock',
    description: 'Unlocks one private post.',
    price: 100,
    needsTarget: true,
    imageUrl: '/gifts/teddy.svg',
  }),
  sku({
    id: 'room-fee',
    kind: 'room_fee',
    name: 'Private room fee',
    description: 'Entry to a private timed room.',
    price: 200,
    needsTarget: true,
    imageUrl: '/gifts/coffee.svg',
  }),
];

/** Worn items that are not sold but come with VIP (the VIP badge and frame; docs/decisions/vip.md), owned while VIP lasts. */
export const vipItems = [
  { id: 'vip-frame', kind: 'frame' as const, name: 'VIP frame', imageUrl: '/gifts/crown.svg' },
  { id: 'vip-badge', kind: 'badge' as const, name: 'VIP badge', imageUrl: '/gifts/crown.svg' },
];

/** Name, kind and picture of anything a collection can hold (catalogue items, the VIP items, the Verified Host badge). */
export function collectible(id: string): { id: string; kind: SkuKind; name: string; imageUrl: string } | undefined {
  return (
    skuCatalogue.find((s) => s.id === id) ??
    vipItems.find((v) => v.id === id) ??
    (id === verifiedHostBadge.id ? verifiedHostBadge : undefined)
  );
}

export const findSku = (id: string): SkuDto | undefined => skuCatalogue.find((s) => s.id === id);

export const PurchaseBody = z.object({
  skuId: z.string().min(1, 'skuId is required.').max(100),
  quantity: z.coerce.number().int().min(1).max(999).default(1),
  /** The post or room the purchase unlocks. */
  target: z.string().min(1).max(128).optional(),
});
export type PurchaseBody = z.infer<typeof PurchaseBody>;

export const StripeInitBody = z.object({
  /** USD amount, or the first top-up offer package. */
  value: z.coerce.number().positive().optional(),
  currency: z.literal('USD').default('USD'),
  purpose: TopUpPurpose.default('topup'),
});
export type StripeInitBody = z.infer<typeof StripeInitBody>;

/** POST payment/topup/pay (docs/decisions/payments.md): crypto with a transaction hash, or the sandbox. */
export const TopUpPayBody = z.object({
  channelCode: z.enum(['crypto', 'sandbox']).default('crypto'),
  chainId: z.coerce.number().int().optional(),
  chain: z.string().max(40).optional(),
  /** An EVM transaction hash, or a Solana transaction signature (base58). */
  transactionHash: z
    .string()
    .refine(
      (h) => evmTxHashPattern.test(h) || solanaSignaturePattern.test(h),
      'transactionHash must be a 0x-prefixed 32-byte hash or a Solana transaction signature.',
    )
    .optional(),
  fromCurrency: DepositCurrency.optional(),
  fromAmount: z.coerce.number().positive().optional(),
  address: z.string().max(120).optional(),
  value: z.coerce.number().positive().optional(),
  currency: z.string().max(10).optional(),
  purpose: TopUpPurpose.default('topup'),
});
export type TopUpPayBody = z.infer<typeof TopUpPayBody>;

/** POST payment/checkout/pay: the VIP year, or 30 days of `creatorUid`'s subscription, paid by
 * card (a Stripe PaymentIntent) or, in the demo, the sandbox. */
export const CheckoutPayBody = z.object({
  skuId: z.literal('vip-year').default('vip-year'),
  creatorUid: z
    .string()
    .regex(/^[\w:.-]{1,128}$/, 'User not found.')
    .optional(),
  method: z.enum(['card', 'sandbox']).default('card'),
});
export type CheckoutPayBody = z.infer<typeof CheckoutPayBody>;

/** POST payment/webpay/init: a hosted web-payment order for a USD amount (or the first top-up offer). */
export const WebPayInitBody = z.object({
  value: z.coerce.number().positive().optional(),
  currency: z.literal('USD').default('USD'),
  purpose: TopUpPurpose.default('topup'),
});
export type WebPayInitBody = z.infer<typeof WebPayInitBody>;

/** POST payment/webpay/capture and payment/ewallet/check: the payment the approval page returned
 * to (its transactionId); the server reads the order back from the provider. */
export const HostedReturnBody = z.object({ transactionId: z.string().trim().min(1, 'transactionId is required.').max(80) });
export type HostedReturnBody = z.infer<typeof HostedReturnBody>;

/** POST payment/ton/init: a USD amount paid in TON at the rate fixed now, from the mini-app's TON Connect wallet. */
export const TonInitBody = z.object({
  value: z.coerce.number().positive().optional(),
  purpose: TopUpPurpose.default('topup'),
});
export type TonInitBody = z.infer<typeof TonInitBody>;

/** POST payment/ton/confirm: the payment the wallet sent (and TON Connect's signed message, kept for support). */
export const TonConfirmBody = z.object({
  transactionId: z.string().trim().min(1, 'transactionId is required.').max(80),
  boc: z.string().max(10_000).optional(),
});
export type TonConfirmBody = z.infer<typeof TonConfirmBody>;

export const EWalletChannel = z.enum(['gcash', 'maya']);
export type EWalletChannel = z.infer<typeof EWalletChannel>;
export const eWalletChannelNames: Record<EWalletChannel, string> = { gcash: 'GCash', maya: 'Maya' };

/** POST payment/ewallet/init: a USD amount charged in PHP at the rate fixed now, through GCash or Maya. */
export const EWalletInitBody = z.object({
  value: z.coerce.number().positive().optional(),
  channel: EWalletChannel.default('gcash'),
  purpose: TopUpPurpose.default('topup'),
});
export type EWalletInitBody = z.infer<typeof EWalletInitBody>;

const evmAddress = /^0x[0-9a-fA-F]{40}$/;
/** Base58, 32-44 characters: the shape of a Solana public key. */
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Whether `address` has the shape of an address on `network`. */
export const addressFitsNetwork = (address: string, network: WithdrawalNetwork): boolean =>
  (network === 'evm' ? evmAddress : solanaAddress).test(address.trim());

export const withdrawalNetworkNames: Record<WithdrawalNetwork, string> = { evm: 'Ethereum (EVM)', solana: 'Solana' };

/** Texts of the withdrawal flow; the spec words none of them. */
export const withdrawalTexts = {
  /** A crypto payout address that is not an address of the chosen network (checked by the client and the server). */
  wrongNetworkAddress: 'This is not a valid {network} address. Check the network you chose.',
  minimum: 'The minimum withdrawal is {minimum} charm.',
  requested: 'Your withdrawal is being processed. It shows as pending until it is paid.',
} as const;

export const WithdrawBody = z
  .object({
    /** Charm to withdraw. */
    amount: z.coerce.number().int().positive('Amount must be a positive number.'),
    method: WithdrawalMethod.default('crypto'),
    /** Crypto only: the network of `address`. */
    network: WithdrawalNetwork.default('evm'),
    address: z.string().trim().min(1, 'address is required.').max(200),
    /** Bank transfers: the country of the bank (a code of GET location/countries). */
    bankCountry: CountryCodeField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'bank' && !body.bankCountry) {
      ctx.addIssue({ code: 'custom', path: ['bankCountry'], message: formatText(texts.required, { field: 'Bank country' }) });
    }
    if (body.method === 'crypto' && !addressFitsNetwork(body.address, body.network)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: formatText(withdrawalTexts.wrongNetworkAddress, { network: withdrawalNetworkNames[body.network] }),
      });
    }
  });
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const CreatorPaymentBody = z.object({
  creatorUid: z.string().min(1, 'creatorUid is required.').max(128),
  amount: z.coerce.number().int().positive(),
  proofUrl: z.string().min(1, 'Proof of payment is required.').max(2000),
  fileName: z.string().max(200).optional(),
});

/** The creator confirms an agency payout, or disputes it (`received: false` gives the charm back). */
export const CashoutConfirmBody = z.object({ withdrawalId: z.string().min(1).max(128), received: z.boolean().default(true) });

export const BlockchainWalletBody = z.object({
  name: z.string().min(1).max(60).default('My wallet'),
  address: z.string().min(4, 'address is required.').max(120),
  chain: z.string().min(1).max(40).default('ethereum'),
});
export const BlockchainWalletChangeBody = z.object({
  walletId: z.string().min(1).max(128),
  name: z.string().min(1).max(60).optional(),
  address: z.string().min(4).max(120).optional(),
  chain: z.string().min(1).max(40).optional(),
});

// ---- answers (response DTOs of the wallet and payment routes) --------------------------------

const int = z.number().int();
/** An ISO-8601 timestamp. */
const Instant = z.string();

export const InventoryItem = z.object({
  purchaseId: z.string(),
  skuId: z.string(),
  kind: SkuKind,
  name: z.string(),
  quantity: int,
  diamondsTotal: int,
  /** The post or room a targeted item unlocks. */
  target: z.string().nullable(),
  purchasedAt: Instant,
  expiresAt: Instant.nullable(),
  status: z.enum(['active', 'expired']),
});
export type InventoryItem = z.infer<typeof InventoryItem>;
export const InventoryList = paged(InventoryItem);

export const CurrencyList = z.object({ items: z.array(CurrencyDto), defaultCurrency: z.string() });
export const CurrencyConversion = z.object({
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  value: z.number(),
  rate: z.number(),
  diamondsPerUsd: z.number(),
});
export type CurrencyConversion = z.infer<typeof CurrencyConversion>;
export const RecommendedTopUps = z.object({
  items: z.array(z.object({ value: z.number(), currency: z.string(), diamonds: int })),
  firstTopUpOffer: z.object({
    available: z.boolean(),
    value: z.number(),
    price: z.number(),
    discount: z.number(),
    diamonds: int,
    currency: z.string(),
  }),
  /** 'Amount must be between {min} and {max}' with the bounds filled in. */
  bounds: z.object({ min: z.number(), max: z.number(), message: z.string() }),
});
export type RecommendedTopUps = z.infer<typeof RecommendedTopUps>;
export const PaymentMethodDto = z.object({
  id: TopUpMethod,
  name: z.string(),
  currencies: z.array(z.string()),
  /** Crypto: the EVM chains a top-up may name (Solana's are in `deposits` when offered). */
  chainIds: z.array(int).optional(),
  deposits: z.array(CryptoDepositDto).optional(),
  /** Card: Stripe's publishable key when card payments are configured (the Payment Element needs it); null otherwise. */
  publishableKey: z.string().nullable().optional(),
  /** E-wallets: the wallets offered (GCash, Maya). */
  channels: z.array(z.object({ id: EWalletChannel, name: z.string() })).optional(),
  /** Methods for one region only (ISO 3166-1 alpha-2, e.g. PH); absent for every region. */
  region: z.string().length(2).optional(),
  /** E-wallets: PHP per USD now; TON: TON per USD now (each payment keeps the rate it was created at). */
  rate: z.number().positive().optional(),
  /** TON: the platform's address transfers go to. */
  address: z.string().optional(),
});
export type PaymentMethodDto = z.infer<typeof PaymentMethodDto>;
/** GET payment/methods: the region to offer for (a signed-in caller's profile country wins). */
export const PaymentMethodsQuery = z.object({
  region: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'region must be a 2-letter country code.')
    .optional(),
});
export const PaymentMethods = z.object({ defaultMethod: TopUpMethod, items: z.array(PaymentMethodDto) });
export type PaymentMethods = z.infer<typeof PaymentMethods>;
export const SkuList = z.object({ items: z.array(SkuDto) });

export const WithdrawAvailable = z.object({ charm: int, usd: z.number(), usdPerCharm: z.number(), minimumCharm: int });
export type WithdrawAvailable = z.infer<typeof WithdrawAvailable>;
export const WithdrawalItem = z.object({
  withdrawalId: z.string(),
  charm: int,
  usdCents: int,
  kind: z.string(),
  method: z.string().nullable(),
  address: z.string().nullable(),
  status: z.string(),
  createdAt: Instant,
  /** Once paid from the console: the on-chain transaction hash or the bank reference. */
  reference: z.string().nullable(),
  /** Why it was rejected or failed. */
  failureReason: z.string().nullable(),
});
export type WithdrawalItem = z.infer<typeof WithdrawalItem>;
export const WithdrawalList = paged(WithdrawalItem);
export const CashoutItem = z.object({ uid: z.string(), charm: int, usd: z.number(), charmCredited: int, charmWithdrawn: int });
export type CashoutItem = z.infer<typeof CashoutItem>;
export const CashoutList = paged(CashoutItem);
/** A creator's payment from their agency, to confirm on receipt. */
export const PaymentNotification = z.object({
  withdrawalId: z.string(),
  charm: int,
  usdCents: int,
  agencyUid: z.string().nullable(),
  /** The paying agency's username, as the creator knows it. */
  agencyName: z.string().nullable(),
  /** A URL of the uploaded proof image (signed for a day), or null. */
  proofUrl: z.string().nullable(),
  /** pending (to confirm or dispute), completed (confirmed) or failed (disputed). */
  status: z.string(),
  /** Not yet opened by the creator (POST payment-notifications/read). */
  unread: z.boolean(),
  createdAt: Instant,
});
export type PaymentNotification = z.infer<typeof PaymentNotification>;
export const PaymentNotifications = z.object({ items: z.array(PaymentNotification), unreadCount: int });
export type PaymentNotifications = z.infer<typeof PaymentNotifications>;
export const BlockchainWalletItem = z.object({
  walletId: z.string(),
  name: z.string(),
  address: z.string(),
  chain: z.string(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type BlockchainWalletItem = z.infer<typeof BlockchainWalletItem>;
export const BlockchainWalletList = z.object({ items: z.array(BlockchainWalletItem) });
export const PaymentStatusDto = z.object({
  transactionId: z.string(),
  provider: z.string(),
  purpose: z.string(),
  amountUsdCents: int,
  diamonds: int,
  status: z.string(),
  referenceId: z.string(),
  /** Why it failed; null otherwise. */
  statusMessage: z.string().nullable(),
});
export type PaymentStatusDto = z.infer<typeof PaymentStatusDto>;

// Command answers. A retried money command (same Idempotency-Key) answers 200 with its first result.
/** A purchase tried without buying (`payment/purchase/validate`, `skus/credit/condition`): the refusal it would meet, if any. */
export const PurchaseCheck = z.object({
  valid: z.boolean(),
  skuId: z.string(),
  quantity: int,
  price: int,
  diamondsTotal: int,
  balance: int,
  balanceAfter: int,
  shortBy: int,
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export const EquipAnswer = commandAnswer({ frameId: z.string().nullable(), badgeIds: z.array(z.string()) });
export const WithdrawCheck = z.object({ valid: z.boolean(), charm: int, usd: z.number(), available: int });
export type WithdrawCheck = z.infer<typeof WithdrawCheck>;
/** A withdrawal or creator payment: requested (pending), settled or confirmed. */
export const WithdrawalAnswer = commandAnswer({ status: z.string(), transactionId: z.string() });
export type WithdrawalAnswer = z.infer<typeof WithdrawalAnswer>;
export const PurchaseAnswer = commandAnswer({
  status: z.literal('succeeded'),
  balance: int,
  duplicate: z.boolean(),
  purchase: SkuPurchasedData.nullable(),
});
/** A gift sent: the sender's diamonds left and the gift as recorded. */
export const GiftSentAnswer = commandAnswer({ balance: int, duplicate: z.boolean(), gift: GiftSentData.nullable() });
export const BlockchainWalletAnswer = commandAnswer({ walletId: z.string() });
