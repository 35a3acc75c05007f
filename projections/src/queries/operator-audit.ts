// Named reads of the operator-audit projector's table (rm.operator_actions): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

/** An operator action as the audit trail lists it. */
export interface OperatorActionRow {
  position: string;
  operator_uid: string;
  action: string;
  subject: string;
  subject_uid: string | null;
  reason: string | null;
  stream_id: string;
  event_type: string;
  at: Date;
}

/** A page of the audit trail, newest first: by subject (`user:{uid}` also lists the actions about that
 * user elsewhere, a silence in a lobby or a report's decision) and/or by operator. */
export async function operatorActionPage(
  runner: Runner,
  f: { subject?: string; operator?: string; limit: number; offset: number },
): Promise<{ rows: OperatorActionRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.subject) {
    const uid = f.subject.startsWith('user:') ? f.subject.slice(5) : null;
    where.push(
      uid ? `(subject = $${params.push(f.subject)} or subject_uid = $${params.push(uid)})` : `subject = $${params.push(f.subject)}`,
    );
  }
  if (f.operator) where.push(`operator_uid = $${params.push(f.operator)}`);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<OperatorActionRow>(
      `select position::text, operator_uid, action, subject, subject_uid, reason, stream_id, event_type, at from rm.operator_actions ${clause}
        order by operator_actions.position desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, f.limit, f.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.operator_actions ${clause}`, params),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A ban or unban of a user account, as the audit kept it. */
export interface BanActionRow {
  event_type: 'UserBanned' | 'UserUnbanned';
  reason: string | null;
  operator_uid: string;
  at: Date;
}

/** Every ban and unban of a user's account, newest first. */
export async function banHistoryOf(runner: Runner, uid: string): Promise<BanActionRow[]> {
  const { rows } = await runner.query<BanActionRow>(
    `select event_type, reason, operator_uid, at from rm.operator_actions where subject = $1 and event_type in ('UserBanned', 'UserUnbanned') order by position desc`,
    [`user:${uid}`],
  );
  return rows;
}
