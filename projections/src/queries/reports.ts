// Named reads of the reports projector's table (rm.reports): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

/** A report as stored, with how many reports about its subject are still open. */
export interface ReportRow {
  report_id: string;
  target: unknown;
  reporter_uid: string;
  subject_uid: string | null;
  lobby_id: string | null;
  content: string | null;
  content_type: string | null;
  media_key: string | null;
  context: unknown;
  reason: string;
  reported_at: Date;
  action: string | null;
  decision_reason: string | null;
  until: Date | null;
  decided_by: string | null;
  decided_at: Date | null;
  subject_open: number;
}

export interface ReportFilter {
  status?: 'open' | 'decided' | 'all';
  lobbyId?: string;
  subjectUid?: string;
  limit: number;
  offset: number;
}

/** A page of the reports queue: open ones oldest first (the next to decide), otherwise newest first. */
export async function reportPage(runner: Runner, f: ReportFilter): Promise<{ rows: ReportRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status === 'open') where.push('r.action is null');
  if (f.status === 'decided') where.push('r.action is not null');
  if (f.lobbyId) where.push(`r.lobby_id = $${params.push(f.lobbyId)}`);
  if (f.subjectUid) where.push(`r.subject_uid = $${params.push(f.subjectUid)}`);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<ReportRow>(
      `select r.*, (select count(*)::int from rm.reports o where o.subject_uid = r.subject_uid and o.action is null) as subject_open
         from rm.reports r ${clause} order by r.position ${f.status === 'open' ? 'asc' : 'desc'} limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, f.limit, f.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.reports r ${clause}`, params),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** How many reports about a user are still open. */
export async function openReportCountAbout(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ n: number }>(
    'select count(*)::int as n from rm.reports where subject_uid = $1 and action is null',
    [uid],
  );
  return rows[0]?.n ?? 0;
}
