// Named reads of the money-operations projector's tables (rm.operator_grants, rm.ledger_audits):
// other workspaces ask these, never SQL.
import type { GrantItem, LedgerAuditedData } from '@murmur/contracts';
import type { Runner } from './runner.ts';

/** A manual diamond grant as stored. */
export interface GrantRow {
  grant_id: string;
  uid: string;
  amount: string;
  reason: string;
  requested_by: string;
  needs_approval: boolean;
  status: GrantItem['status'];
  decided_by: string | null;
  reject_reason: string | null;
  requested_at: Date;
  decided_at: Date | null;
}

/** A page of the grants in a status, newest request first. */
export async function grantPage(
  runner: Runner,
  p: { status: GrantItem['status']; limit: number; offset: number },
): Promise<{ rows: GrantRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    runner.query<GrantRow>('select * from rm.operator_grants where status = $1 order by requested_at desc, grant_id limit $2 offset $3', [
      p.status,
      p.limit,
      p.offset,
    ]),
    runner.query<{ n: number }>('select count(*)::int as n from rm.operator_grants where status = $1', [p.status]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** A ledger audit run, requested or done. */
export interface LedgerAuditRow {
  audit_id: string;
  status: string;
  requested_by: string | null;
  ok: boolean | null;
  events: string | null;
  last_position: string | null;
  totals: LedgerAuditedData['totals'] | null;
  difference_count: number | null;
  differences: string[] | null;
  requested_at: Date;
  audited_at: Date | null;
}

/** The latest 20 ledger audit runs, newest request first. */
export async function recentLedgerAudits(runner: Runner): Promise<LedgerAuditRow[]> {
  const { rows } = await runner.query<LedgerAuditRow>('select * from rm.ledger_audits order by requested_at desc limit 20');
  return rows;
}
