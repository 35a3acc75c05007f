// rm.host_applications: every host application with its status, for the applicant's /tier page and
// the admins' review queue (oldest pending first).
import { defineProjector, ident } from '../projector.ts';

export const hostApplicationsProjector = defineProjector({
  name: 'host-applications',
  tables: ['host_applications'],
  handles: ['HostApplicationSubmitted', 'HostApplicationApproved', 'HostApplicationRejected'] as const,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.host_applications (
      application_id text primary key,
      uid text not null,
      status text not null,
      about text not null,
      topics text not null,
      hours_per_week int not null,
      terms_version text not null,
      submitted_at timestamptz not null,
      decided_at timestamptz,
      decided_by text,
      reason text,
      position bigint not null
    )`);
    await client.query(`create index if not exists host_applications_by_status on ${s}.host_applications (status, submitted_at)`);
    await client.query(`create index if not exists host_applications_by_uid on ${s}.host_applications (uid, submitted_at desc)`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      const position = e.globalPosition.toString();
      switch (e.type) {
        case 'HostApplicationSubmitted': {
          const d = e.data;
          await client.query(
            `insert into ${s}.host_applications (application_id, uid, status, about, topics, hours_per_week, terms_version, submitted_at, position)
             values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8) on conflict (application_id) do nothing`,
            [d.applicationId, d.uid, d.about, d.topics, d.hoursPerWeek, d.termsVersion, d.submittedAt, position],
          );
          break;
        }
        case 'HostApplicationApproved':
        case 'HostApplicationRejected': {
          const d = e.data;
          const reason = e.type === 'HostApplicationRejected' ? e.data.reason : null;
          await client.query(
            `update ${s}.host_applications set status = $2, decided_at = $3, decided_by = $4, reason = $5, position = $6 where application_id = $1 and position < $6`,
            [d.applicationId, e.type === 'HostApplicationApproved' ? 'approved' : 'rejected', d.decidedAt, d.decidedBy, reason, position],
          );
          break;
        }
        default: {
          const _exhaustive: never = e;
        }
      }
    }
  },
});
