// Answers the operators' console's "run the audit now" (a LedgerAuditRequested event, projected
// into rm.ledger_audits): runs the ledger audit and records its LedgerAudited under the same id.
// A poller over the open requests (open-request-worker.ts).
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';
import { auditLedger, recordLedgerAudit } from './ledger-audit.ts';
import { OpenRequestWorker, type OpenRequestWorkerOptions } from './open-request-worker.ts';

type AuditRequest = { audit_id: string; requested_by: string | null };

export class LedgerAuditWorker extends OpenRequestWorker<AuditRequest> {
  constructor(
    pool: pg.Pool,
    private readonly store: PostgresEventStore,
    options: OpenRequestWorkerOptions = {},
  ) {
    super(pool, options);
  }

  protected async openRequests(): Promise<AuditRequest[]> {
    return (
      await this.pool.query<AuditRequest>(
        `select audit_id, requested_by from rm.ledger_audits where status = 'requested' order by requested_at`,
      )
    ).rows;
  }

  protected lockKey(request: AuditRequest): string {
    return `murmur-ledger-audit:${request.audit_id}`;
  }

  protected async stillOpen(request: AuditRequest): Promise<boolean> {
    const { rows } = await this.pool.query(`select 1 from rm.ledger_audits where audit_id = $1 and status = 'requested'`, [
      request.audit_id,
    ]);
    return rows.length > 0;
  }

  protected async answer(request: AuditRequest): Promise<void> {
    const result = await auditLedger(this.pool);
    await recordLedgerAudit(this.store, result, { auditId: request.audit_id, requestedBy: request.requested_by, at: new Date() });
  }
}
