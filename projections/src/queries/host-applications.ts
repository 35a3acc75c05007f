// Named reads of the host-applications projector's table (rm.host_applications): other workspaces ask
// these, never SQL.
import type { HostApplicationDto } from '@murmur/contracts';
import type { Runner } from './runner.ts';

export interface HostApplicationRow {
  application_id: string;
  uid: string;
  status: HostApplicationDto['status'];
  about: string;
  topics: string;
  hours_per_week: number;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
}

const columns = 'application_id, uid, status, about, topics, hours_per_week, submitted_at, decided_at, reason';

/** A user's latest application, or undefined when they never applied. */
export async function latestHostApplication(runner: Runner, uid: string): Promise<HostApplicationRow | undefined> {
  const { rows } = await runner.query<HostApplicationRow>(
    `select ${columns} from rm.host_applications where uid = $1 order by submitted_at desc, application_id desc limit 1`,
    [uid],
  );
  return rows[0];
}

/** A page of the applications in a status: pending ones oldest first, decided ones newest first. */
export async function hostApplicationPage(
  runner: Runner,
  p: { status: HostApplicationDto['status']; limit: number; offset: number },
): Promise<{ rows: HostApplicationRow[]; total: number }> {
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<HostApplicationRow>(
      `select ${columns} from rm.host_applications where status = $1 order by submitted_at ${p.status === 'pending' ? 'asc' : 'desc'}, application_id limit $2 offset $3`,
      [p.status, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.host_applications where status = $1', [p.status]),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
