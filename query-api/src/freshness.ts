// Read-your-writes (DESIGN section 5): a query with `X-Min-Position: N` waits, bounded, until the
// read models it uses have applied event N; past the bound it answers anyway with `X-Stale: true`.
import { ApiError } from '@murmur/platform';
import type { RequestHandler } from 'express';
import type pg from 'pg';

export async function projectionReached(pool: pg.Pool, projection: string, position: bigint): Promise<boolean> {
  // Checkpoints are (transaction id, position) pairs; event N is applied once the pair passes N's.
  const { rows } = await pool.query<{ reached: boolean | null }>(
    `select (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position) as reached
       from events e left join subscription_checkpoints c on c.name = $1
      where e.global_position = $2`,
    [projection, position.toString()],
  );
  return rows[0]?.reached === true;
}

export function freshness(pool: pg.Pool, projections: string[], maxWaitMs = 3000): RequestHandler {
  return async (req, res, next) => {
    const header = req.header('x-min-position');
    if (header === undefined) return next();
    if (!/^\d{1,18}$/.test(header)) return next(new ApiError('VALIDATION_FAILED', 'X-Min-Position must be a non-negative integer.'));
    const position = BigInt(header);
    if (position === 0n) return next();
    const deadline = Date.now() + maxWaitMs;
    try {
      for (;;) {
        const reached = await Promise.all(projections.map((p) => projectionReached(pool, p, position)));
        if (reached.every(Boolean)) break;
        if (Date.now() >= deadline) {
          res.setHeader('X-Stale', 'true');
          break;
        }
        await new Promise((r) => setTimeout(r, 15));
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
