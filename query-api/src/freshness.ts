// Read-your-writes (docs/decisions/frontend.md): a query with `X-Min-Position: N` waits, bounded, until the
// read models it uses have applied event N; past the bound it answers anyway with `X-Stale: true`.
// On a read replica "applied" means replayed there: the event's row and the projection's checkpoint
// are both read on the replica (docs/decisions/foundation.md).
import { headPosition, primaryOf, subscriptionReached } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { RequestHandler } from 'express';
import type pg from 'pg';

export function projectionReached(pool: pg.Pool, projection: string, position: bigint): Promise<boolean> {
  return subscriptionReached(pool, projection, position);
}

/** The log's head as written: on the primary, since a replica's own head trails by its lag. A primary
 * that cannot be reached (lost, failing over) writes nothing new: the replica's head is then the head. */
async function logHead(pool: pg.Pool): Promise<bigint> {
  const primary = primaryOf(pool);
  if (primary === pool) return headPosition(pool);
  return headPosition(primary).catch(() => headPosition(pool));
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
      for (let round = 0; ; round++) {
        const reached = await Promise.all(projections.map((p) => projectionReached(pool, p, position)));
        if (reached.every(Boolean)) break;
        // A position the log has not reached may never come: answer at once instead of holding a
        // connection for the whole wait (anyone, visitors too, could otherwise pin them).
        const head = round === 0 ? await logHead(pool) : null;
        const beyondHead = head !== null && position > head;
        if (beyondHead) res.setHeader('X-Log-Head', head.toString());
        if (beyondHead || Date.now() >= deadline) {
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
