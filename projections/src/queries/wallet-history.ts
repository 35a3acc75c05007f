// Named reads of the wallet-history projector's tables (rm.payments, rm.withdrawals): other
// workspaces ask these, never SQL.
import type { PaymentNotification, PaymentStatusDto, TransactionHistoryItem, TransactionStatus, WithdrawalItem } from '@murmur/contracts';
import type { Dated } from './dated.ts';
import type { Runner } from './runner.ts';

export interface PendingHostedPaymentRow {
  payment_id: string;
  provider: 'webpay' | 'ewallet';
}

/** True when the withdrawal is an agency payout to `uid`. */
export async function isAgencyPayoutTo(runner: Runner, withdrawalId: string, uid: string): Promise<boolean> {
  const { rowCount } = await runner.query(`select 1 from rm.withdrawals where withdrawal_id = $1 and uid = $2 and kind = 'agency_payout'`, [
    withdrawalId,
    uid,
  ]);
  return Boolean(rowCount);
}

/** Whose withdrawal it is, or null when there is no such withdrawal. */
export async function withdrawalOwner(runner: Runner, withdrawalId: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.withdrawals where withdrawal_id = $1', [withdrawalId]);
  return rows[0]?.uid ?? null;
}

/** Hosted (webpay, ewallet) payments still pending that were created at or before `createdBefore`,
 * oldest first, at most 200. */
export async function pendingHostedPaymentsCreatedBy(runner: Runner, createdBefore: Date): Promise<PendingHostedPaymentRow[]> {
  const { rows } = await runner.query<PendingHostedPaymentRow>(
    `select payment_id, provider from rm.payments
      where status = 'pending' and provider in ('webpay', 'ewallet') and created_at <= $1
      order by created_at limit 200`,
    [createdBefore],
  );
  return rows;
}

/** TON payments still pending that were created at or before `createdBefore`, oldest first, at most 200. */
export async function pendingTonPaymentsCreatedBy(runner: Runner, createdBefore: Date): Promise<string[]> {
  const { rows } = await runner.query<{ payment_id: string }>(
    `select payment_id from rm.payments where status = 'pending' and provider = 'ton' and created_at <= $1 order by created_at limit 200`,
    [createdBefore],
  );
  return rows.map((r) => r.payment_id);
}

/** How many paid diamond credits (`kind` one of `paidReasons`) a user has had. */
export async function paidDiamondCreditCount(runner: Runner, uid: string, paidReasons: readonly string[]): Promise<number> {
  const { rows } = await runner.query<{ n: number }>(
    `select count(*)::int as n from rm.wallet_transactions where uid = $1 and currency = 'DMND' and direction = 'in' and kind = any($2::text[])`,
    [uid, paidReasons],
  );
  return rows[0]?.n ?? 0;
}

/** How many of a user's payments completed. */
export async function completedPaymentCount(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ n: number }>(`select count(*)::int as n from rm.payments where uid = $1 and status = 'completed'`, [
    uid,
  ]);
  return rows[0]?.n ?? 0;
}

/** A line of the transaction history, with the payment of a USD line. */
export interface HistoryRow {
  transaction_id: string;
  kind: string;
  currency: TransactionHistoryItem['currency'];
  amount: number;
  direction: TransactionHistoryItem['direction'];
  status: TransactionHistoryItem['status'];
  details: { giftName?: string; quantity?: number; recipients?: string[]; senderUid?: string };
  created_at: Date;
  description: string;
  reference: string | null;
  usd_cents: number | null;
  payment_diamonds: number | null;
  provider: string | null;
}

/** A page of a user's transaction history, newest first. A top-up is one line: its payment, never also
 * the paid diamond credit (`kind` one of `paidReasons`) beside it. */
export async function transactionHistoryPage(
  runner: Runner,
  p: {
    uid: string;
    paidReasons: readonly string[];
    status?: TransactionStatus;
    currency?: 'DMND' | 'CHRM' | 'USD';
    limit: number;
    offset: number;
  },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = [
    't.uid = $1',
    `not (t.currency = 'DMND' and t.kind = any($2::text[]) and exists (select 1 from rm.payments paid where paid.payment_id = t.reference))`,
  ];
  const params: unknown[] = [p.uid, p.paidReasons];
  if (p.status) where.push(`t.status = $${params.push(p.status)}`);
  if (p.currency) where.push(`t.currency = $${params.push(p.currency)}`);
  const [items, count] = await Promise.all([
    runner.query<HistoryRow>(
      `select t.transaction_id, t.kind, t.currency, t.amount::float8 as amount, t.direction, t.status, t.details, t.created_at,
                t.description, t.reference, p.amount_usd_cents::int as usd_cents, p.diamonds::int as payment_diamonds, p.provider
           from rm.wallet_transactions t
           left join rm.payments p on t.currency = 'USD' and p.payment_id = t.transaction_id
          where ${where.join(' and ')}
          order by t.position desc, t.transaction_id limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.wallet_transactions t where ${where.join(' and ')}`, params),
  ]);
  return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
}

/** A page of a user's withdrawals, newest first. */
export async function withdrawalPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: Dated<WithdrawalItem, 'createdAt'>[]; total: number }> {
  const [items, count] = await Promise.all([
    runner.query<Dated<WithdrawalItem, 'createdAt'>>(
      `select withdrawal_id as "withdrawalId", charm::int, usd_cents::int as "usdCents", kind, method, address, status, created_at as "createdAt",
                reference, failure_reason as "failureReason"
           from rm.withdrawals where uid = $1 order by created_at desc limit $2 offset $3`,
      [p.uid, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.withdrawals where uid = $1', [p.uid]),
  ]);
  return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
}

/** The latest 50 agency payouts to a creator (the proof as its media key), and how many are unread. */
export async function agencyPayoutNotices(
  runner: Runner,
  uid: string,
): Promise<{ rows: Dated<PaymentNotification, 'createdAt'>[]; unread: number }> {
  const [list, unread] = await Promise.all([
    runner.query<Dated<PaymentNotification, 'createdAt'>>(
      `select w.withdrawal_id as "withdrawalId", w.charm::int, w.usd_cents::int as "usdCents", w.agency_uid as "agencyUid", a.username as "agencyName",
                w.proof_url as "proofUrl", w.status, (w.read_at is null) as unread, w.created_at as "createdAt"
           from rm.withdrawals w left join rm.users a on a.uid = w.agency_uid
          where w.uid = $1 and w.kind = 'agency_payout' order by w.created_at desc limit 50`,
      [uid],
    ),
    runner.query<{ n: number }>(
      `select count(*)::int as n from rm.withdrawals where uid = $1 and kind = 'agency_payout' and read_at is null`,
      [uid],
    ),
  ]);
  return { rows: list.rows, unread: unread.rows[0]?.n ?? 0 };
}

/** A payment of `uid`'s, or undefined when there is none of theirs with that id. */
export async function paymentStatusOf(runner: Runner, paymentId: string, uid: string): Promise<PaymentStatusDto | undefined> {
  const { rows } = await runner.query<PaymentStatusDto>(
    `select payment_id as "transactionId", provider, purpose, amount_usd_cents::int as "amountUsdCents", diamonds::int, status,
              provider_ref as "referenceId", failure_reason as "statusMessage"
         from rm.payments where payment_id = $1 and uid = $2`,
    [paymentId, uid],
  );
  return rows[0];
}

/** A withdrawal or creator payout as the operators' queue shows it. */
export interface WithdrawalQueueRow {
  withdrawal_id: string;
  uid: string;
  charm: string;
  usd_cents: string;
  kind: string;
  method: string | null;
  network: string | null;
  address: string | null;
  agency_uid: string | null;
  proof_url: string | null;
  status: string;
  reference: string | null;
  decided_by: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A page of the withdrawals in a status: pending ones oldest first (the next to pay), decided ones
 * newest first. */
export async function withdrawalQueuePage(
  runner: Runner,
  p: { status: string; limit: number; offset: number },
): Promise<{ rows: WithdrawalQueueRow[]; total: number }> {
  const order = p.status === 'pending' ? 'created_at asc' : 'updated_at desc';
  const [{ rows }, count] = await Promise.all([
    runner.query<WithdrawalQueueRow>(`select * from rm.withdrawals where status = $1 order by ${order}, withdrawal_id limit $2 offset $3`, [
      p.status,
      p.limit,
      p.offset,
    ]),
    runner.query<{ n: number }>('select count(*)::int as n from rm.withdrawals where status = $1', [p.status]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** A payment not final yet, with how many whole minutes it has been open. */
export interface StuckPaymentRow {
  payment_id: string;
  uid: string;
  provider: string;
  purpose: string;
  amount_usd_cents: string;
  diamonds: string;
  status: string;
  provider_ref: string;
  created_at: Date;
  minutes: number;
}

/** A page of the payments neither completed nor failed created more than `olderThanMinutes` ago, oldest first. */
export async function stuckPaymentPage(
  runner: Runner,
  p: { olderThanMinutes: number; limit: number; offset: number },
): Promise<{ rows: StuckPaymentRow[]; total: number }> {
  const where = `status not in ('completed', 'failed') and created_at < now() - make_interval(mins => $1)`;
  const [{ rows }, count] = await Promise.all([
    runner.query<StuckPaymentRow>(
      `select *, floor(extract(epoch from now() - created_at) / 60)::int as minutes from rm.payments where ${where} order by created_at asc limit $2 offset $3`,
      [p.olderThanMinutes, p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.payments where ${where}`, [p.olderThanMinutes]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** A line of a user's wallet as the operators' console summarises it. */
export interface RecentMoneyRow {
  kind: string;
  amount: string;
  direction: string;
  created_at: Date;
  position: string;
}

/** A user's latest 10 wallet lines, newest first. */
export async function recentWalletLines(runner: Runner, uid: string): Promise<RecentMoneyRow[]> {
  const { rows } = await runner.query<RecentMoneyRow>(
    'select kind, amount::text, direction, created_at, position::text from rm.wallet_transactions where uid = $1 order by wallet_transactions.position desc limit 10',
    [uid],
  );
  return rows;
}
