// Referral programme (docs/decisions/referral.md): own code and link, referrer binding, payout
// wallet, reward rows and weekly USDT settlements. Amounts in USDT travel as integer micro-USDT.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import type { EventUnionOf } from './event-map.ts';
import { money, referral } from './constants.ts';
import { formatText, texts } from './errors.ts';
import { PageQuery, paged } from './paging.ts';

export const referralCodeLimits = { min: 4, max: 20 } as const;

/** Letters and digits only ("Referral link edit: no special symbols or emojis"; docs/decisions/referral.md). */
export const ReferralCode = z
  .string({ error: formatText(texts.required, { field: 'Referral code' }) })
  .trim()
  .min(1, formatText(texts.required, { field: 'Referral code' }))
  .regex(/^[A-Za-z0-9]*$/, texts.noSymbols)
  .min(referralCodeLimits.min, formatText(texts.minChars, { n: referralCodeLimits.min }))
  .max(referralCodeLimits.max, formatText(texts.maxChars, { n: referralCodeLimits.max }));

/** Codes are matched without regard to case; the stored form is upper case. */
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();

export const CreateReferralLinkBody = z.object({ code: ReferralCode });
export const ValidateReferrerBody = z.object({ code: ReferralCode });
/** Binding is final, so the client must send the confirmation the user accepted. */
export const ConnectReferrerBody = z.object({
  code: ReferralCode,
  confirmed: z.literal(true, { error: 'Please confirm: the referral code can be set once and not changed later.' }),
});
export const AddPayoutWalletBody = z.object({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Please enter a valid wallet address.'),
  chainId: z.coerce
    .number()
    .int()
    .refine((id) => (money.supportedChainIds as readonly number[]).includes(id), 'This network is not supported.')
    .default(137),
});

export const referralTexts = {
  codeTaken: 'This referral code is already taken.',
  codeNotFound: 'This referral code does not exist.',
  ownCode: 'You cannot use your own referral code.',
  alreadyBound: 'The referral code can be set once and not changed later.',
  windowClosed: `A referrer can be added only within ${referral.referrerWindowDays} days of creating your account.`,
  circular: 'You cannot add one of your own invitees as your referrer.',
  confirmBinding: 'The referral code can be set once and not changed later. Continue?',
} as const;

export const PayoutWallet = z.object({ address: z.string(), chainId: z.number().int() });
export type PayoutWallet = z.infer<typeof PayoutWallet>;

// Events ---------------------------------------------------------------------------------------

export const ReferralLinkCreated = z.object({
  uid: z.string(),
  code: z.string(),
  previousCode: z.string().nullable(),
  createdAt: z.string(),
});
export const ReferralCodeClaimed = z.object({ code: z.string(), uid: z.string(), claimedAt: z.string() });
export const ReferrerBound = z.object({ uid: z.string(), referrerUid: z.string(), code: z.string(), boundAt: z.string() });
/** On `referral-pair-{x}-{y}`: the one binding two users may have between them, either way round. */
export const ReferralPairBound = z.object({ inviteeUid: z.string(), referrerUid: z.string(), boundAt: z.string() });
export const PayoutWalletBound = z.object({ uid: z.string(), address: z.string(), chainId: z.number().int(), boundAt: z.string() });

const SettlementFigures = z.object({
  weekId: z.string(),
  uid: z.string(),
  directMicroUsdt: z.number().int(),
  secondLevelMicroUsdt: z.number().int(),
  /** Second-level rewards of a week in which the beneficiary's own top-ups stayed under the unlock. */
  forfeitedMicroUsdt: z.number().int(),
  carriedInMicroUsdt: z.number().int(),
  amountMicroUsdt: z.number().int(),
  rewardCount: z.number().int(),
  unlocked: z.boolean(),
  settledAt: z.string(),
});
export const ReferralPayoutSettled = SettlementFigures.extend({ wallet: PayoutWallet });
export const ReferralPayoutCarriedOver = SettlementFigures.extend({ reason: z.enum(['no_wallet', 'below_minimum']) });
export const ReferralPayoutTransferred = z.object({
  weekId: z.string(),
  uid: z.string(),
  txHash: z.string(),
  amountMicroUsdt: z.number().int(),
  transferredAt: z.string(),
});
/** A USDT transfer signed and recorded BEFORE it is broadcast: its hash and nonce are known, so a
 * retry reconciles by hash and re-sends the same signed bytes, never a second transfer. */
export const PreparedUsdtTransfer = z.object({
  chainId: z.number().int(),
  from: z.string(),
  to: z.string(),
  nonce: z.number().int().nonnegative(),
  amountMicroUsdt: z.number().int(),
  txHash: z.string(),
  signedTransaction: z.string(),
});
export const ReferralPayoutTransferIntended = PreparedUsdtTransfer.extend({ weekId: z.string(), uid: z.string(), intendedAt: z.string() });

export type ReferralLinkCreated = z.infer<typeof ReferralLinkCreated>;
export type ReferrerBound = z.infer<typeof ReferrerBound>;
export type PayoutWalletBound = z.infer<typeof PayoutWalletBound>;
export type ReferralPayoutSettled = z.infer<typeof ReferralPayoutSettled>;
export type ReferralPayoutCarriedOver = z.infer<typeof ReferralPayoutCarriedOver>;
export type ReferralPayoutTransferred = z.infer<typeof ReferralPayoutTransferred>;
export type PreparedUsdtTransfer = z.infer<typeof PreparedUsdtTransfer>;
export type ReferralPayoutTransferIntended = z.infer<typeof ReferralPayoutTransferIntended>;

/** On `referral-week-{week}`: a week settled, and what it carried over into the next. */
export const ReferralWeekSettledData = z.object({
  weekId: z.string(),
  beneficiaries: z.number().int(),
  paidMicroUsdt: z.number().int(),
  carried: z.array(z.object({ uid: z.string(), amountMicroUsdt: z.number().int() })),
});
export type ReferralWeekSettledData = z.infer<typeof ReferralWeekSettledData>;

/** Referral accounts (`referral-{uid}`), code claims, pair bindings and weekly settlements. */
export const referralEventSchemas = {
  ReferralLinkCreated,
  ReferrerBound,
  PayoutWalletBound,
  ReferralCodeClaimed,
  ReferralPairBound,
  ReferralPayoutSettled,
  ReferralPayoutCarriedOver,
  ReferralPayoutTransferIntended,
  ReferralPayoutTransferred,
  ReferralWeekSettled: ReferralWeekSettledData,
} as const;
export type ReferralEvent = EventUnionOf<typeof referralEventSchemas, 'ReferralLinkCreated' | 'ReferrerBound' | 'PayoutWalletBound'>;
export type ReferralCodeEvent = EventUnionOf<typeof referralEventSchemas, 'ReferralCodeClaimed'>;
export type SettlementEvent = EventUnionOf<typeof referralEventSchemas, 'ReferralPayoutSettled' | 'ReferralPayoutCarriedOver'>;

// Reward arithmetic (one place, used by the projection and the settlement) ----------------------

export const MICRO_PER_USDT = 1_000_000;

/** micro-USDT earned from a top-up that brought in `amountUsdCents` at `percent`. Rewards are a
 * share of the cash received, never of the diamonds' face value (the first top-up offer gives 3000
 * diamonds for 15 USD). */
export function rewardMicroUsdt(amountUsdCents: number, percent: number): number {
  return Math.round((amountUsdCents * percent * MICRO_PER_USDT) / (100 * 100));
}

/** The cash a paid credit stands for when the event does not say (credits from before it did and
 * had no confirmed payment to look up): its diamonds at the normal rate. */
export const usdCentsForDiamonds = (diamonds: number): number => Math.round((diamonds * 100) / money.diamondsPerUsd);

export const referralPercents = {
  direct: Math.round(referral.directShare * 100),
  secondLevel: Math.round(referral.secondLevelShare * 100),
} as const;

export const minimumPayoutMicroUsdt = referral.minimumPayoutUsdt * MICRO_PER_USDT;

export const formatUsdt = (micro: number): string => (micro / MICRO_PER_USDT).toFixed(2);

// DTOs ------------------------------------------------------------------------------------------

export const ReferralLinkDto = z.object({ code: z.string(), link: z.string(), position: z.string() });
export type ReferralLinkDto = z.infer<typeof ReferralLinkDto>;

export const InviteeDto = z.object({
  uid: z.string(),
  username: z.string(),
  date: z.string(),
  status: z.enum(['Topped Up', 'Registered']),
  type: z.enum(['direct', 'indirect']),
});
export type InviteeDto = z.infer<typeof InviteeDto>;

export const RewardRecordDto = z.object({
  id: z.string(),
  /** The top-up event's global position: every reward is traceable to the top-up that earned it. */
  sourcePosition: z.string(),
  inviteeUid: z.string(),
  inviteeUsername: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  topUpDiamonds: z.number(),
  percent: z.number(),
  amountUsdt: z.string(),
  weekId: z.string(),
  earnedAt: z.string(),
  status: z.enum(['pending', 'locked', 'paid', 'carried_over', 'forfeited']),
});
export type RewardRecordDto = z.infer<typeof RewardRecordDto>;

export const PayoutDto = z.object({
  weekId: z.string(),
  status: z.enum(['paid', 'carried_over']),
  reason: z.string().nullable(),
  amountUsdt: z.string(),
  directUsdt: z.string(),
  secondLevelUsdt: z.string(),
  forfeitedUsdt: z.string(),
  carriedInUsdt: z.string(),
  unlocked: z.boolean(),
  wallet: z.string().nullable(),
  txHash: z.string().nullable(),
  settledAt: z.string(),
});
export type PayoutDto = z.infer<typeof PayoutDto>;

export const ReferralDetailsDto = z.object({
  code: z.string().nullable(),
  link: z.string().nullable(),
  referrer: z.object({ uid: z.string(), username: z.string() }).nullable(),
  canAddReferrer: z.boolean(),
  referrerDeadline: z.string().nullable(),
  wallet: PayoutWallet.nullable(),
  invitees: z.object({ direct: z.number(), indirect: z.number(), toppedUp: z.number() }),
  earnings: z.object({ pendingUsdt: z.string(), lockedUsdt: z.string(), paidUsdt: z.string(), carriedOverUsdt: z.string() }),
  thisWeek: z.object({ weekId: z.string(), ownTopUpDiamonds: z.number(), unlockDiamonds: z.number(), secondLevelUnlocked: z.boolean() }),
  rules: z.object({
    directPercent: z.number(),
    secondLevelPercent: z.number(),
    unlockDiamonds: z.number(),
    minimumPayoutUsdt: z.number(),
    referrerWindowDays: z.number(),
  }),
});
export type ReferralDetailsDto = z.infer<typeof ReferralDetailsDto>;

// ---- answers of the list routes (response DTOs) ----
export const InviteePage = paged(InviteeDto);
export const RewardRecordPage = paged(RewardRecordDto);
export const PayoutPage = paged(PayoutDto);

// Command answers -------------------------------------------------------------------------------

/** referral/validate-referrer: who the code belongs to and the spec's confirmation to show. */
export const ReferrerCheck = commandAnswer({
  valid: z.literal(true),
  code: z.string(),
  referrer: z.object({ uid: z.string(), username: z.string() }),
  confirmation: z.string(),
});
export const ReferrerConnected = commandAnswer({ referrerUid: z.string() });
export const PayoutWalletAnswer = commandAnswer({ wallet: PayoutWallet.nullable() });

/** `GET /referral/referrals`: a page of invitees, direct or indirect. */
export const InviteeQuery = PageQuery.extend({ type: z.enum(['direct', 'indirect']).optional() });
