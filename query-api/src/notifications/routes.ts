// The notifications centre: the caller's notifications newest first (paged as the spec's lists), each
// with who it is from and where it leads, and the unread count the shell's bell shows.
import {
  NotificationFacts,
  NotificationKind,
  notificationLink,
  type NotificationsPage,
  pageMeta,
  type NotificationDto,
} from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import { notificationPage, unreadNotifications } from '@murmur/projections/queries/notifications';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

export function notificationRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = { before: [freshness(pool, ['notifications'])] };
  defineRoute(router, 'GET /notifications/unread', ({ me }) => unreadNotifications(pool, me.uid), fresh);

  defineRoute(
    router,
    'GET /notifications',
    async ({ me: { uid }, query }) => {
      const [{ rows, total }, unread] = await Promise.all([
        notificationPage(pool, { uid, limit: query.limit, offset: (query.page - 1) * query.limit }),
        unreadNotifications(pool, uid),
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
      const body: NotificationsPage = { items, meta: pageMeta(query, total, items.length), ...unread };
      return body;
    },
    fresh,
  );
}
