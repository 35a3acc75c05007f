// The period of `projections audit --from DAY --to DAY` and the instant each money event belongs to
// (docs/decisions/ledger-proof.md, "A period's ledger").
import type { EventData, EventType } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type { MONEY_EVENT_TYPES } from './ledger-audit.ts';

/** A period of whole UTC days, `fromDay` and `toDay` both included: the instants [start, end). */
export interface LedgerPeriod {
  fromDay: string;
  toDay: string;
  start: Date;
  /** 00:00 UTC of the day after `toDay` (excluded). */
  end: Date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayStart(option: string, text: string | undefined): Date | string {
  if (text === undefined || text.startsWith('--')) return `${option} needs a UTC day, written YYYY-MM-DD.`;
  const m = DAY.exec(text);
  const at = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  // Date.UTC rolls 2026-02-30 over into March: a day that does not exist reads back differently.
  if (!at || at.toISOString().slice(0, 10) !== text) return `${option} ${JSON.stringify(text)} is not a day: write it as YYYY-MM-DD (UTC).`;
  return at;
}

/** The period named by `--from` and `--to`, or why they name none. */
export function parsePeriod(from: string | undefined, to: string | undefined): LedgerPeriod | { error: string } {
  const start = dayStart('--from', from);
  if (typeof start === 'string') return { error: start };
  const last = dayStart('--to', to);
  if (typeof last === 'string') return { error: last };
  if (last < start) return { error: `--from ${from} is after --to ${to}.` };
  return { fromDay: from!, toDay: to!, start, end: new Date(last.getTime() + 86_400_000) };
}

type MoneyEventType = (typeof MONEY_EVENT_TYPES)[number];
/** The settlement events the period audit reads beside the money events. */
export const SETTLEMENT_EVENT_TYPES = [
  'AgencyPeriodSettled',
  'CharmPaymentSubmitted',
  'CharmPaymentConfirmed',
  'ReferralPayoutSettled',
  'ReferralPayoutCarriedOver',
  'ReferralPayoutTransferred',
  'ReferralWeekSettled',
] as const;
type SettlementEventType = (typeof SETTLEMENT_EVENT_TYPES)[number];
type TimedType = Exclude<MoneyEventType | SettlementEventType, 'ReferralWeekSettled'>;
type TimeField<T extends EventType> = { [K in keyof EventData<T>]-?: EventData<T>[K] extends string ? K : never }[keyof EventData<T>];

/** Where each event records when it happened (the command's clock, inside the hash-chained data). */
const TIME_FIELD: { [T in TimedType]: TimeField<T> } = {
  DiamondsCredited: 'creditedAt',
  DiamondsSpent: 'spentAt',
  SkuPurchased: 'purchasedAt',
  GiftSent: 'sentAt',
  SubscribedToCreator: 'subscribedAt',
  DiamondsHeld: 'heldAt',
  HoldReleased: 'releasedAt',
  HoldSpent: 'spentAt',
  CharmWithdrawn: 'withdrawnAt',
  WithdrawalFailed: 'failedAt',
  PaymentConfirmed: 'confirmedAt',
  RewardClaimed: 'claimedAt',
  DiamondGrantApproved: 'approvedAt',
  AgencyPeriodSettled: 'settledAt',
  CharmPaymentSubmitted: 'submittedAt',
  CharmPaymentConfirmed: 'confirmedAt',
  ReferralPayoutSettled: 'settledAt',
  ReferralPayoutCarriedOver: 'settledAt',
  ReferralPayoutTransferred: 'transferredAt',
};

/** The instant an event belongs to: the time its data records, else (a type without one, or an
 * unreadable value) when the store wrote it. */
export function eventTime(event: RecordedEvent): Date {
  const field = (TIME_FIELD as Record<string, string>)[event.type];
  const value = field === undefined ? undefined : (event.data as Record<string, unknown>)[field];
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? event.createdAt : new Date(at);
}
