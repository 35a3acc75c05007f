// The operators' console, money operations: settling or rejecting pending
// withdrawals and creator payouts, payments stuck before a final state, a week's referral
// settlements, manual diamond grants with a second admin's approval above a threshold, and the
// ledger audit's runs. Events of the `grant-{id}` and `ledger-audit` streams, bodies and DTOs.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { eventTypesOf, type EventUnionOf } from './event-map.ts';
import { BlockReason } from './lobbies.ts';
import { paged, PageQuery } from './paging.ts';

/** Numbers the issue leaves open (docs/decisions.md, "Money operations"). */
export const moneyOperations = {
  /** A grant above this many diamonds (100 USD at 1 USD = 100 diamonds) waits for a second admin. */
  grantApprovalThreshold: 10_000,
  /** The largest single grant: 10,000 USD worth. */
  grantMaximum: 1_000_000,
  /** A payment still pending this long after it started is listed as stuck. */
  stuckPaymentMinutes: 15,
} as const;

export const moneyOperationTexts = {
  alreadySettled: 'This withdrawal is already settled.',
  alreadyRejected: 'This withdrawal was already rejected; its charm is back with the user.',
  noPendingWithdrawal: 'No pending withdrawal with this id.',
  referenceInvalid: 'Enter the on-chain transaction hash or the bank reference (3 to 100 letters, digits, dashes or dots).',
  evmReferenceInvalid: 'Enter the on-chain transaction hash (0x and 64 hexadecimal characters).',
  solanaReferenceInvalid: 'Enter the Solana transaction signature (base58, 64 to 90 characters).',
  secondAdminRequired: 'A second admin must approve this grant: you requested it.',
  grantAlreadyDecided: 'This grant is already decided.',
  grantNotFound: 'No grant with this id.',
  grantTooLarge: 'A grant may not be more than {max} diamonds.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required for a grant.',
} as const;

/** Why an operator acts: the spec's reason rule (required, 120 characters, no emojis or sensitive words). */
export const OperatorReason = BlockReason;

const uid = z.string().min(1).max(128);
const isoTime = z.string().min(1);
const diamonds = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---- grant-{grantId} --------------------------------------------------------------------------

export const DiamondGrantRequestedData = z.object({
  grantId: z.string(),
  uid,
  amount: diamonds,
  reason: z.string().max(120),
  requestedBy: uid,
  /** Above the threshold: a DIFFERENT admin approves before anything is minted. */
  needsApproval: z.boolean(),
  requestedAt: isoTime,
});
/** Appended with the mint on `wallet-{uid}` in the same transaction (below the threshold, by the requester). */
export const DiamondGrantApprovedData = z.object({ grantId: z.string(), uid, amount: diamonds, approvedBy: uid, approvedAt: isoTime });
export const DiamondGrantRejectedData = z.object({
  grantId: z.string(),
  uid,
  rejectedBy: uid,
  reason: z.string().max(120),
  rejectedAt: isoTime,
});
export type DiamondGrantRequestedData = z.infer<typeof DiamondGrantRequestedData>;

export const grantEventSchemas = {
  DiamondGrantRequested: DiamondGrantRequestedData,
  DiamondGrantApproved: DiamondGrantApprovedData,
  DiamondGrantRejected: DiamondGrantRejectedData,
} as const;
export type GrantEvent = EventUnionOf<typeof grantEventSchemas>;
export const grantEventTypes = eventTypesOf(grantEventSchemas);

// ---- ledger-audit -----------------------------------------------------------------------------

const Totals = z.object({
  DMND: z.object({ minted: z.number(), spent: z.number(), balances: z.number() }),
  CHRM: z.object({ credited: z.number(), withdrawn: z.number(), balances: z.number() }),
  USD: z.object({ confirmedCents: z.number(), payments: z.number() }),
  /** Confirmed payments charged in another currency (PHP centavos, TON nanotons), as decimal strings. */
  charged: z.record(z.string(), z.object({ amount: z.string(), payments: z.number() })).optional(),
});

/** One run of `projections audit` (CLI or the console's button): its verdict and figures. */
export const LedgerAuditedData = z.object({
  auditId: z.string(),
  ok: z.boolean(),
  events: z.number().int(),
  lastPosition: z.string(),
  totals: Totals,
  differenceCount: z.number().int(),
  /** The first 50 differences; the count says how many there were. */
  differences: z.array(z.string().max(500)).max(50),
  /** An admin who asked for it from the console; null for the CLI. */
  requestedBy: uid.nullable(),
  auditedAt: isoTime,
});
export type LedgerAuditedData = z.infer<typeof LedgerAuditedData>;
export const LedgerAuditRequestedData = z.object({ auditId: z.string(), requestedBy: uid, requestedAt: isoTime });

/** A signed digest of the money log up to a position (docs/decisions/ledger-proof.md, "Signed digests"). */
export const LedgerDigestRecordedData = z.object({
  digestId: z.string(),
  /** The last event of the log the digest covers, in the log's order: `{transactionId}:{globalPosition}`. */
  upTo: z.string().regex(/^\d+:\d+$/),
  streams: z.number().int().nonnegative(),
  /** Merkle root (SHA-256, hex) over the money streams' heads at `upTo`. */
  root: z.string().regex(/^[0-9a-f]{64}$/),
  /** Ed25519 signature (base64) of the digest's signed text, and the public key (base64 SPKI DER) it verifies with. */
  signature: z.string(),
  publicKey: z.string(),
  /** 'daily' from the projections worker, 'cli' on demand. */
  by: z.enum(['daily', 'cli']),
  recordedAt: isoTime,
});
export type LedgerDigestRecordedData = z.infer<typeof LedgerDigestRecordedData>;

export const ledgerAuditEventSchemas = { LedgerAuditRequested: LedgerAuditRequestedData, LedgerAudited: LedgerAuditedData } as const;
export const ledgerDigestEventSchemas = { LedgerDigestRecorded: LedgerDigestRecordedData } as const;

// ---- bodies -----------------------------------------------------------------------------------

export const SettleWithdrawalBody = z.object({
  reference: z.string().trim().min(1, moneyOperationTexts.referenceInvalid).max(120, moneyOperationTexts.referenceInvalid),
});
export const RejectWithdrawalBody = z.object({ reason: OperatorReason });
export const RequestGrantBody = z.object({
  uid: z.string().trim().min(1, 'User is required.').max(128),
  amount: z.coerce
    .number()
    .int()
    .positive('Amount must be a positive whole number of diamonds.')
    .max(moneyOperations.grantMaximum, `A grant may not be more than ${moneyOperations.grantMaximum} diamonds.`),
  reason: OperatorReason,
});
export const RejectGrantBody = z.object({ reason: OperatorReason });
export const WithdrawalQueueQuery = PageQuery.extend({ status: z.enum(['pending', 'completed', 'failed']).default('pending') });
export const GrantQueueQuery = PageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export const ReferralWeekQuery = PageQuery.extend({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'week must be a date like 2026-01-05.')
    .optional(),
});

/** Is this a plausible payout reference for the withdrawal's method and network? Returns the refusal text, or null. */
export function payoutReferenceProblem(reference: string, method: string | null, network: string | null): string | null {
  if (method === 'crypto' && network === 'solana')
    return /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(reference) ? null : moneyOperationTexts.solanaReferenceInvalid;
  if (method === 'crypto') return /^0x[0-9a-fA-F]{64}$/.test(reference) ? null : moneyOperationTexts.evmReferenceInvalid;
  return /^[A-Za-z0-9][A-Za-z0-9.\-_/ ]{2,99}$/.test(reference) ? null : moneyOperationTexts.referenceInvalid;
}

// ---- answers and DTOs -------------------------------------------------------------------------

export const WithdrawalDecision = commandAnswer({ status: z.enum(['completed', 'failed']), transactionId: z.string() });
export const GrantDecision = commandAnswer({
  grantId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  balance: z.number().int().nullable(),
});

const UserRef = z.object({ uid: z.string(), username: z.string() });

export const WithdrawalQueueItem = z.object({
  withdrawalId: z.string(),
  user: UserRef,
  charm: z.number().int(),
  usdCents: z.number().int(),
  kind: z.string(),
  method: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  agencyUid: z.string().nullable(),
  proofUrl: z.string().nullable(),
  status: z.string(),
  reference: z.string().nullable(),
  decidedBy: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalQueueItem = z.infer<typeof WithdrawalQueueItem>;
export const WithdrawalQueue = paged(WithdrawalQueueItem);

export const StuckPaymentItem = z.object({
  paymentId: z.string(),
  user: UserRef,
  provider: z.string(),
  purpose: z.string(),
  amountUsdCents: z.number().int(),
  diamonds: z.number().int(),
  status: z.string(),
  providerRef: z.string(),
  minutesOpen: z.number().int(),
  createdAt: z.string(),
});
/** `GET /console/payments/stuck`: a page of payments not final after `olderThanMinutes`. */
export const StuckPaymentsQuery = PageQuery.extend({
  olderThanMinutes: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(moneyOperations.stuckPaymentMinutes),
});
export const StuckPayments = paged(StuckPaymentItem).extend({ olderThanMinutes: z.number().int() });

export const ReferralSettlementItem = z.object({
  user: UserRef,
  status: z.string(),
  reason: z.string().nullable(),
  amountMicroUsdt: z.number().int(),
  rewardCount: z.number().int(),
  walletAddress: z.string().nullable(),
  txHash: z.string().nullable(),
  settledAt: z.string(),
});
export const ReferralWeekSettlements = paged(ReferralSettlementItem).extend({
  weekId: z.string().nullable(),
  weeks: z.array(z.string()),
  paidMicroUsdt: z.number().int(),
  carriedOver: z.number().int(),
});

export const GrantItem = z.object({
  grantId: z.string(),
  user: UserRef,
  amount: z.number().int(),
  reason: z.string(),
  requestedBy: UserRef,
  needsApproval: z.boolean(),
  status: z.string(),
  decidedBy: UserRef.nullable(),
  rejectReason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type GrantItem = z.infer<typeof GrantItem>;
export const GrantQueue = paged(GrantItem).extend({ threshold: z.number().int() });

export const LedgerAuditRun = LedgerAuditedData.omit({ requestedBy: true }).extend({ requestedBy: UserRef.nullable() });
export const LedgerAuditStatus = z.object({
  latest: LedgerAuditRun.nullable(),
  runs: z.array(LedgerAuditRun.pick({ auditId: true, ok: true, events: true, differenceCount: true, auditedAt: true })),
  /** A console request not yet answered by the projections worker. */
  pendingSince: z.string().nullable(),
});
export const LedgerAuditAnswer = commandAnswer({ auditId: z.string() });
