// Each projection's checkpoint and lag, and the oldest open transaction (which holds every reader back).
import { headPosition, loadCheckpoint, oldestOpenTransactionSeconds, subscriptionLag } from '@murmur/eventstore';
import type pg from 'pg';
import type { Projector } from './projector.ts';

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  lagEvents: number;
  lagSeconds: number;
}

export async function projectionStatus(
  pool: pg.Pool,
  projectors: Projector[],
): Promise<{ projections: ProjectionStatus[]; headPosition: string; oldestOpenTransactionSeconds: number }> {
  const head = await headPosition(pool);
  const projections: ProjectionStatus[] = [];
  for (const p of projectors) {
    const cp = await loadCheckpoint(pool, p.name);
    const lag = await subscriptionLag(pool, cp);
    const oldest = lag.oldest;
    projections.push({
      name: p.name,
      checkpoint: `${cp.transactionId}:${cp.globalPosition}`,
      lagEvents: lag.events,
      lagSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
    });
  }
  return { projections, headPosition: head.toString(), oldestOpenTransactionSeconds: await oldestOpenTransactionSeconds(pool) };
}
