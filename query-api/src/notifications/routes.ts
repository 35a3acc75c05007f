// The notifications centre: the caller's notifications newest first (paged as the spec's lists), each
// with who it is from and where it leads, and the unread count the shell's bell shows.
import {
  NotificationFacts,
  NotificationKind,
  notificationLink,
  NotificationsPage,
  NotificationsUnread,
  PageQuery,
  pageMeta,
  type NotificationDto,
} from '@murmur/contracts';
import { currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type pg from 'pg';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const unreadSql = `select count(*)::int as n from rm.notifications n
  where n.uid = $1 and not n.seen and n.seq > coalesce((select read_seq from rm.notification_marks where uid = $1), 0)`;

async function unreadOf(pool: pg.Pool, uid: string): Promise<NotificationsUnread> {
  const [{ rows: count }, { rows: mark }] = await Promise.all([
    pool.query<{ n: number }>(unreadSql, [uid]),
    pool.query<{ last_seq: string }>('select last_seq::text from rm.notification_marks where uid = $1', [uid]),
  ]);
  return { unreadCount: count[0]?.n ?? 0, latestSeq: Number(mark[0]?.last_seq ?? 0) };
}

export function notificationRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  router.get('/notifications/unread', requireAuth(), freshness(pool, ['notifications']), async (req, res) => {
    send(res, NotificationsUnread, await unreadOf(pool, currentUser(req).uid));
  });

  router.get('/notifications', requireAuth(), freshness(pool, ['notifications']), async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(PageQuery, req.query);
    const [{ rows }, { rows: total }, unread] = await Promise.all([
      pool.query<{ id: string; kind: string; seq: string; actor_uid: string | null; facts: unknown; at: Date; unread: boolean }>(
        `select n.id, n.kind, n.seq::text, n.actor_uid, n.facts, n.at,
                (not n.seen and n.seq > coalesce(m.read_seq, 0)) as unread
           from rm.notifications n left join rm.notification_marks m on m.uid = n.uid
          where n.uid = $1 order by n.seq desc limit $2 offset $3`,
        [uid, query.limit, (query.page - 1) * query.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.notifications where uid = $1', [uid]),
      unreadOf(pool, uid),
    ]);
    const users = await lookupUsers(
      deps,
      rows.flatMap((r) => (r.actor_uid ? [r.actor_uid] : [])),
    );
    const items: NotificationDto[] = [];
    for (const r of rows) {
      const kind = NotificationKind.safeParse(r.kind);
      if (!kind.success) continue; // a kind this build does not know yet (a newer projector)
      const facts = NotificationFacts.parse(r.facts);
      items.push({
        id: r.id,
        kind: kind.data,
        seq: Number(r.seq),
        actor: r.actor_uid ? users.get(r.actor_uid)! : null,
        facts,
        link: notificationLink(kind.data, r.actor_uid, facts),
        unread: r.unread,
        at: r.at.toISOString(),
      });
    }
    const body: NotificationsPage = { items, meta: pageMeta(query, total[0]?.n ?? 0, items.length), ...unread };
    send(res, NotificationsPage, body);
  });
}
