// Operator views over the log: stream categories (admins and devs only).
import { PageQuery, pageMeta } from '@murmur/contracts';
import { parse, requireAuth } from '@murmur/platform';
import type express from 'express';
import { freshness } from '../freshness.ts';
import type { QueryDeps } from '../dependencies.ts';

export function opsRoutes(router: express.Router, deps: QueryDeps): void {
  router.get('/ops/stream-categories', requireAuth('ad', 'dev'), freshness(deps.pool, ['stream-catalog']), async (req, res) => {
    const query = parse(PageQuery, req.query);
    const [{ rows: items }, { rows: count }] = await Promise.all([
      deps.pool.query(
        `select category, stream_count::int as "streamCount", event_count::int as "eventCount",
                last_position::text as "lastPosition", last_event_at as "lastEventAt"
           from rm.stream_categories order by event_count desc, category limit $1 offset $2`,
        [query.limit, (query.page - 1) * query.limit],
      ),
      deps.pool.query<{ n: number }>('select count(*)::int as n from rm.stream_categories'),
    ]);
    res.json({ items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });
}
