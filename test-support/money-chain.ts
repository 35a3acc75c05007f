// A money stream's chain and its row as the tests of the chain read them from PostgreSQL.
import type pg from 'pg';
import type { ChainLink } from '../eventstore/src/money-chain.ts';

/** A stream's events as chain links (hashes in hex), in version order. */
export async function chainOf(pool: pg.Pool, streamId: string): Promise<ChainLink[]> {
  const { rows } = await pool.query<{ stream_version: string; type: string; data: unknown; prev_hash: string | null; hash: string | null }>(
    "select stream_version, type, data, encode(prev_hash, 'hex') as prev_hash, encode(hash, 'hex') as hash from events where stream_id = $1 order by stream_version",
    [streamId],
  );
  return rows.map((r) => ({
    streamId,
    version: BigInt(r.stream_version),
    type: r.type,
    data: r.data,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}

/** A stream's row: its version, whether it is chained and its head hash (hex); undefined when none. */
export async function streamRowOf(pool: pg.Pool, streamId: string) {
  const { rows } = await pool.query<{ version: string; chained: boolean; head: string | null }>(
    "select version::text, chained, encode(head_hash, 'hex') as head from streams where stream_id = $1",
    [streamId],
  );
  return rows[0];
}

/** A wallet credit of `n` diamonds (its reference and amount tell appends apart). */
export const credit = (n: number) => ({
  type: 'DiamondsCredited' as const,
  data: { uid: 'u-1', amount: n, reason: 'reward' as const, reference: `r-${n}`, creditedAt: '2026-12-06T07:00:00.000Z' },
});
