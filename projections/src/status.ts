// Each projection's checkpoint and lag, and the oldest open transaction (which holds every reader back).
import { loadCheckpoint, oldestOpenTransactionSeconds } from '@murmur/eventstore';
import type pg from 'pg';
import type { Projector } from './projector.ts';

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  lagEvents: number;
  lagSeconds: number;
}

export async function projectionStatus(pool: pg.Pool, projectors: Projector[]): Promise<{ projections: ProjectionStatus[]; headPosition: string; oldestOpenTransactionSeconds: number }> {
  const head = await pool.query<{ p: string | null }>('select max(global_position) as p from events');
  const projections: ProjectionStatus[] = [];
  for (const p of projectors) {
    const cp = await loadCheckpoint(pool, p.name);
    const { rows } = await pool.query<{ n: string; oldest: Date | null }>(
      `select count(*) as n, min(created_at) as oldest from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)`,
      [cp.transactionId.toString(), cp.globalPosition.toString()],
    );
    const oldest = rows[0]?.oldest;
    projections.push({
      name: p.name,
      checkpoint: `${cp.transactionId}:${cp.globalPosition}`,
      lagEvents: Number(rows[0]?.n ?? 0),
      lagSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
    });
  }
  return { projections, headPosition: head.rows[0]?.p ?? '0', oldestOpenTransactionSeconds: await oldestOpenTransactionSeconds(pool) };
}
