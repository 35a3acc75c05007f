// What a diamond credit or debit means, and which bought items a user keeps: written once for the
// wallet's decider, the projectors, the ledger audit and the query API.

/** Credits bought with money: the audit matches each to a confirmed payment, the first one makes the
 * account a topped-up one (the first top-up offer is for accounts without one), and referrers earn
 * a share of them. */
export const paidCreditReasons = ['topup', 'first_topup_offer'] as const;
export type PaidCreditReason = (typeof paidCreditReasons)[number];

/** Every reason a `DiamondsCredited` may carry. The ledger audit accounts for each by name and
 * reports a credit with any other reason. */
export const creditReasons = [
  ...paidCreditReasons,
  /** VIP's bonus on a paid top-up. */
  'vip_bonus',
  /** Tests and benchmarks, credited in process: no route mints it. */
  'demo_grant',
  'referral_reward',
  /** The Telegram mini-app's daily claim. */
  'daily_claim',
  'quest_reward',
  /** Mission and quest rewards (progression); the audit matches each to its claim. */
  'reward',
  /** A lobby entry or room fee given back. */
  'refund',
  /** A manual grant from the operators' console, referenced by its grant id; matched to its approval. */
  'operator_grant',
] as const;
export type CreditReason = (typeof creditReasons)[number];

/** Every reason a `DiamondsSpent` may carry (gifts, purchases, subscriptions and booking holds are
 * events of their own). */
export const debitReasons = ['lobby_entry', 'room_fee', 'post_unlock', 'purchase', 'vip', 'gift'] as const;
export type DebitReason = (typeof debitReasons)[number];

export const isPaidCredit = (reason: string): reason is PaidCreditReason => (paidCreditReasons as readonly string[]).includes(reason);
export const isCreditReason = (reason: string): reason is CreditReason => (creditReasons as readonly string[]).includes(reason);
export const isDebitReason = (reason: string): reason is DebitReason => (debitReasons as readonly string[]).includes(reason);

/** Kinds of bought items that stay in the buyer's collection (VIP is a period; unlocks and fees are
 * used at once). */
export const keptItemKinds = ['frame', 'badge', 'gift'] as const;
export type KeptItemKind = (typeof keptItemKinds)[number];
export const isKeptItemKind = (kind: string): kind is KeptItemKind => (keptItemKinds as readonly string[]).includes(kind);
