// Named reads of the wallet-history projector's tables (rm.payments, rm.withdrawals): other
// workspaces ask these, never SQL.
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
