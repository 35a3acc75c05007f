// Named reads of the notifications projector's tables (rm.notifications, rm.notification_marks): other
// workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

const unreadSql = `select count(*)::int as n from rm.notifications n
  where n.uid = $1 and not n.seen and n.seq > coalesce((select read_seq from rm.notification_marks where uid = $1), 0)`;

/** How many of a user's notifications are unread, and the newest one's sequence number (0: none). */
export async function unreadNotifications(runner: Runner, uid: string): Promise<{ unreadCount: number; latestSeq: number }> {
  const [{ rows: count }, { rows: mark }] = await Promise.all([
    runner.query<{ n: number }>(unreadSql, [uid]),
    runner.query<{ last_seq: string }>('select last_seq::text from rm.notification_marks where uid = $1', [uid]),
  ]);
  return { unreadCount: count[0]?.n ?? 0, latestSeq: Number(mark[0]?.last_seq ?? 0) };
}

export interface NotificationRow {
  id: string;
  kind: string;
  seq: string;
  actor_uid: string | null;
  facts: unknown;
  at: Date;
  unread: boolean;
}

/** A page of a user's notifications, newest first, and how many they have. */
export async function notificationPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<NotificationRow>(
      `select n.id, n.kind, n.seq::text, n.actor_uid, n.facts, n.at,
                (not n.seen and n.seq > coalesce(m.read_seq, 0)) as unread
           from rm.notifications n left join rm.notification_marks m on m.uid = n.uid
          where n.uid = $1 order by n.seq desc limit $2 offset $3`,
      [p.uid, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.notifications where uid = $1', [p.uid]),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
