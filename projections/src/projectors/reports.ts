// The moderators' queue: one row per report with what was reported, its context and
// its decision, from `report-{id}` streams.
import { defineProjector, ident } from '../projector.ts';

export const reportsProjector = defineProjector({
  name: 'reports',
  tables: ['reports'],
  handles: ['ContentReported', 'ReportDecided'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.reports (
        report_id text primary key, position bigint not null, kind text not null, target jsonb not null, reporter_uid text not null,
        subject_uid text, lobby_id text, content text, context jsonb not null, reason text not null, reported_at timestamptz not null,
        action text, decision_reason text, until timestamptz, decided_by text, decided_at timestamptz);
      alter table ${s}.reports add column if not exists content_type text;
      alter table ${s}.reports add column if not exists media_key text;
      create index if not exists reports_open on ${s}.reports (position) where action is null;
      create index if not exists reports_by_subject on ${s}.reports (subject_uid, position desc);
      create index if not exists reports_by_lobby on ${s}.reports (lobby_id, position desc);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'ContentReported') {
        const d = e.data;
        await client.query(
          `insert into ${s}.reports (report_id, position, kind, target, reporter_uid, subject_uid, lobby_id, content, content_type, media_key, context, reason, reported_at)
           values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13) on conflict (report_id) do nothing`,
          [
            d.reportId,
            e.globalPosition.toString(),
            d.target.kind,
            JSON.stringify(d.target),
            d.reporterUid,
            d.subjectUid,
            d.lobbyId,
            d.content,
            d.contentType ?? null,
            d.mediaKey ?? null,
            JSON.stringify(d.context),
            d.reason,
            d.reportedAt,
          ],
        );
      } else {
        const d = e.data;
        await client.query(
          `update ${s}.reports set action = $2, decision_reason = $3, until = $4, decided_by = $5, decided_at = $6 where report_id = $1`,
          [d.reportId, d.action, d.reason, d.until, d.decidedBy, d.decidedAt],
        );
      }
    }
  },
});
