// Answers the operators' console's "run the audit now" (a LedgerAuditRequested event, projected
// into rm.ledger_audits): runs the ledger audit and records its LedgerAudited under the same id.
// A poller, one request at a time; an advisory lock keeps two workers from auditing the same one.
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';
import { auditLedger, recordLedgerAudit } from './ledger-audit.ts';

export class LedgerAuditWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: PostgresEventStore,
    private readonly options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick().then(() => undefined, (error: unknown) => this.options.onError?.(error)).finally(() => { this.running = null; });
    }, this.options.intervalMs ?? 2000);
    this.timer.unref();
  }

  /** Audits every open request; returns how many it answered. */
  async tick(): Promise<number> {
    const { rows } = await this.pool
      .query<{ audit_id: string; requested_by: string | null }>(`select audit_id, requested_by from rm.ledger_audits where status = 'requested' order by requested_at`)
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return { rows: [] }; // read models not created yet
        throw error;
      });
    let answered = 0;
    for (const request of rows) {
      const lock = await this.pool.connect();
      try {
        const { rows: got } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [`murmur-ledger-audit:${request.audit_id}`]);
        if (!got[0]?.ok) continue;
        try {
          // Answered meanwhile by another worker (its event not yet projected): look at the log's own read model again.
          const { rows: still } = await this.pool.query(`select 1 from rm.ledger_audits where audit_id = $1 and status = 'requested'`, [request.audit_id]);
          if (still.length === 0) continue;
          const result = await auditLedger(this.pool);
          await recordLedgerAudit(this.store, result, { auditId: request.audit_id, requestedBy: request.requested_by, at: new Date() });
          answered++;
        } finally {
          await lock.query('select pg_advisory_unlock(hashtext($1))', [`murmur-ledger-audit:${request.audit_id}`]);
        }
      } finally {
        lock.release();
      }
    }
    return answered;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
