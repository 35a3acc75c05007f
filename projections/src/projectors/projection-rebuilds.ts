// Rebuilds asked for from the operators' console: rm.projection_rebuilds, one row
// per request with its outcome, for the operations view and the worker that runs them
// (projection-rebuild-worker.ts). Progress while one runs is not an event: the worker keeps it in
// projection_rebuild_progress, beside the log, and the view joins the two.
import { defineProjector, ident } from '../projector.ts';

export const projectionRebuildsProjector = defineProjector({
  name: 'projection-rebuilds',
  tables: ['projection_rebuilds'],
  handles: ['ProjectionRebuildRequested', 'ProjectionRebuilt'] as const,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.projection_rebuilds (
        rebuild_id text primary key, projection text not null, status text not null, requested_by text not null,
        requested_at timestamptz not null, events bigint not null default 0, error text, finished_at timestamptz);
      create index if not exists projection_rebuilds_recent on ${s}.projection_rebuilds (requested_at desc);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'ProjectionRebuildRequested') {
        const d = e.data;
        await client.query(
          `insert into ${s}.projection_rebuilds (rebuild_id, projection, status, requested_by, requested_at) values ($1, $2, 'requested', $3, $4)
           on conflict (rebuild_id) do nothing`,
          [d.rebuildId, d.projection, d.requestedBy, d.requestedAt],
        );
      } else {
        const d = e.data;
        await client.query(
          `update ${s}.projection_rebuilds set status = $2, events = $3, error = $4, finished_at = $5 where rebuild_id = $1`,
          [d.rebuildId, d.status, d.events, d.error, d.finishedAt],
        );
      }
    }
  },
});
