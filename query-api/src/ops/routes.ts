// Operator views over the log (admins and devs only): stream categories, and the operations view
// of the console with the figures of `projections status` and the gateways' /metrics.
import { headPosition, listCheckpoints, oldestOpenTransactionSeconds, subscriptionLag } from '@murmur/eventstore';
import { operationsView, pageMeta, type RebuildStatusItem } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import { latestRebuildRows } from '@murmur/projections/queries/projection-rebuilds';
import { streamCategoryPage } from '@murmur/projections/queries/stream-catalog';
import type express from 'express';
import type pg from 'pg';
import { freshness } from '../freshness.ts';
import type { QueryDeps } from '../dependencies.ts';

export function opsRoutes(router: express.Router, deps: QueryDeps): void {
  defineRoute(
    router,
    'GET /ops/stream-categories',
    async ({ query }) => {
      const { rows, total } = await streamCategoryPage(deps.pool, { limit: query.limit, offset: (query.page - 1) * query.limit });
      const items = rows.map((r) => ({ ...r, lastEventAt: new Date(r.lastEventAt).toISOString() }));
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(deps.pool, ['stream-catalog'])] },
  );

  const { pool } = deps;
  defineRoute(router, 'GET /console/ops/status', async () => {
    const now = Date.now();
    const [head, oldest, checkpoints, gateways, rebuilds] = await Promise.all([
      headPosition(pool),
      oldestOpenTransactionSeconds(pool),
      listCheckpoints(pool),
      pool
        .query<{ gateway_id: string; connections: number; subscriptions: number; started_at: Date; seen_at: Date }>(
          'select * from realtime_gateways order by started_at',
        )
        // A database the gateway has never migrated (tests without a gateway) has no gateways.
        .catch((error: { code?: string }) => (error.code === '42P01' ? { rows: [] } : Promise.reject(error))),
      latestRebuilds(pool),
    ]);
    const projections = [];
    for (const c of checkpoints) {
      const lag = await subscriptionLag(pool, c.checkpoint);
      const lagSeconds = lag.oldest ? Math.max(0, (now - lag.oldest.getTime()) / 1000) : 0;
      projections.push({
        name: c.name,
        checkpoint: `${c.checkpoint.transactionId}:${c.checkpoint.globalPosition}`,
        lagEvents: lag.events,
        lagSeconds,
        status:
          lag.events === 0
            ? ('live' as const)
            : lagSeconds > operationsView.stalledAfterSeconds
              ? ('stalled' as const)
              : ('catching_up' as const),
        updatedAt: c.updatedAt?.toISOString() ?? null,
      });
    }
    const gatewayItems = gateways.rows.map((g) => ({
      gatewayId: g.gateway_id,
      connections: g.connections,
      subscriptions: g.subscriptions,
      startedAt: g.started_at.toISOString(),
      seenAt: g.seen_at.toISOString(),
      alive: now - g.seen_at.getTime() < operationsView.gatewayGoneAfterSeconds * 1000,
    }));
    return {
      headPosition: head.toString(),
      oldestOpenTransactionSeconds: oldest,
      projections,
      gateways: gatewayItems,
      connections: gatewayItems.filter((g) => g.alive).reduce((n, g) => n + g.connections, 0),
      rebuilds,
      checkedAt: new Date(now).toISOString(),
    };
  });
}

type ProgressRow = { rebuild_id: string; events: string; position: string; head: string };

/** The latest console rebuilds with the worker's progress of the one running (no tables yet: none). */
async function latestRebuilds(pool: pg.Pool): Promise<RebuildStatusItem[]> {
  const empty = (error: { code?: string }) => (error.code === '42P01' ? { rows: [] } : Promise.reject(error));
  const rows = await latestRebuildRows(pool).catch((error: { code?: string }) => (error.code === '42P01' ? [] : Promise.reject(error)));
  const ids = rows.map((r) => r.rebuild_id);
  const { rows: progress } = ids.length
    ? await pool
        .query<ProgressRow>(
          'select rebuild_id, events::text, position::text, head::text from projection_rebuild_progress where rebuild_id = any($1::text[])',
          [ids],
        )
        .catch(empty)
    : { rows: [] as ProgressRow[] };
  const byId = new Map(progress.map((p) => [p.rebuild_id, p]));
  return rows.map((r) => {
    const p = byId.get(r.rebuild_id);
    const status = r.status === 'requested' && p ? 'running' : (r.status as RebuildStatusItem['status']);
    return {
      rebuildId: r.rebuild_id,
      projection: r.projection,
      status,
      requestedBy: r.requested_by,
      requestedAt: r.requested_at.toISOString(),
      events: r.status === 'requested' ? Number(p?.events ?? 0) : Number(r.events),
      position: p?.position ?? null,
      head: p?.head ?? null,
      finishedAt: r.finished_at?.toISOString() ?? null,
      error: r.error,
    };
  });
}
