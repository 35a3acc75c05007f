// The operators' console money read models: rm.operator_grants (each manual
// grant with its request, approval or rejection) and rm.ledger_audits (every run of the ledger
// audit, and console requests not yet answered).
import { defineProjector, ident } from '../projector.ts';

export const moneyOperationsProjector = defineProjector({
  name: 'money-operations',
  tables: ['operator_grants', 'ledger_audits'],
  handles: ['DiamondGrantRequested', 'DiamondGrantApproved', 'DiamondGrantRejected', 'LedgerAuditRequested', 'LedgerAudited'] as const,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.operator_grants (
        grant_id text primary key, uid text not null, amount bigint not null, reason text not null,
        requested_by text not null, needs_approval boolean not null, status text not null,
        decided_by text, reject_reason text, requested_at timestamptz not null, decided_at timestamptz);
      create index if not exists operator_grants_status on ${s}.operator_grants (status, requested_at desc);
      create table if not exists ${s}.ledger_audits (
        audit_id text primary key, status text not null, requested_by text, ok boolean, events bigint,
        last_position text, totals jsonb, difference_count int, differences jsonb,
        requested_at timestamptz not null, audited_at timestamptz);
      create index if not exists ledger_audits_recent on ${s}.ledger_audits (requested_at desc);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      switch (e.type) {
        case 'DiamondGrantRequested': {
          const d = e.data;
          await client.query(
            `insert into ${s}.operator_grants (grant_id, uid, amount, reason, requested_by, needs_approval, status, requested_at)
             values ($1, $2, $3, $4, $5, $6, 'pending', $7) on conflict do nothing`,
            [d.grantId, d.uid, d.amount, d.reason, d.requestedBy, d.needsApproval, d.requestedAt],
          );
          break;
        }
        case 'DiamondGrantApproved':
          await client.query(`update ${s}.operator_grants set status = 'approved', decided_by = $2, decided_at = $3 where grant_id = $1`, [
            e.data.grantId,
            e.data.approvedBy,
            e.data.approvedAt,
          ]);
          break;
        case 'DiamondGrantRejected':
          await client.query(
            `update ${s}.operator_grants set status = 'rejected', decided_by = $2, reject_reason = $3, decided_at = $4 where grant_id = $1`,
            [e.data.grantId, e.data.rejectedBy, e.data.reason, e.data.rejectedAt],
          );
          break;
        case 'LedgerAuditRequested':
          await client.query(
            `insert into ${s}.ledger_audits (audit_id, status, requested_by, requested_at) values ($1, 'requested', $2, $3) on conflict do nothing`,
            [e.data.auditId, e.data.requestedBy, e.data.requestedAt],
          );
          break;
        case 'LedgerAudited': {
          const d = e.data;
          await client.query(
            `insert into ${s}.ledger_audits (audit_id, status, requested_by, ok, events, last_position, totals, difference_count, differences, requested_at, audited_at)
             values ($1, 'done', $2, $3, $4, $5, $6, $7, $8, $9, $9)
             on conflict (audit_id) do update set status = 'done', ok = excluded.ok, events = excluded.events, last_position = excluded.last_position,
               totals = excluded.totals, difference_count = excluded.difference_count, differences = excluded.differences, audited_at = excluded.audited_at`,
            [
              d.auditId,
              d.requestedBy,
              d.ok,
              d.events,
              d.lastPosition,
              JSON.stringify(d.totals),
              d.differenceCount,
              JSON.stringify(d.differences),
              d.auditedAt,
            ],
          );
          break;
        }
        default: {
          const _exhaustive: never = e;
          return _exhaustive;
        }
      }
    }
  },
});
