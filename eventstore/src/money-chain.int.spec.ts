import { canonicalJson, GENESIS_HASH } from '@murmur/contracts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { InvalidEvent } from './errors.ts';
import { backfillMoneyChains } from './money-chain-backfill.ts';
import { firstBrokenLink, type ChainLink } from './money-chain.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => db?.drop());

const credit = (amount: number, n: number) => ({
  type: 'DiamondsCredited' as const,
  data: { uid: 'u-1', amount, reason: 'reward' as const, reference: `r-${n}`, creditedAt: '2026-11-27T07:00:00.000Z' },
});

async function links(streamId: string): Promise<ChainLink[]> {
  const { rows } = await db.pool.query<{
    stream_version: string;
    type: string;
    data: unknown;
    prev_hash: string | null;
    hash: string | null;
  }>(
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

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('hash chains on money streams', () => {
  it('chains every event of a money stream from the genesis hash, reproducibly from the data alone', async () => {
    await store.append('wallet-u-1', [credit(10, 1)], { expectedVersion: 'no_stream' });
    await store.append('wallet-u-1', [credit(20, 2), credit(30, 3)], { expectedVersion: 1 });
    const chain = await links('wallet-u-1');
    expect(chain.map((l) => l.version)).toEqual([1n, 2n, 3n]);
    expect(chain[0]!.prevHash).toBe(GENESIS_HASH);
    expect(chain[1]!.prevHash).toBe(chain[0]!.hash);
    expect(chain[2]!.prevHash).toBe(chain[1]!.hash);
    // Recomputed here by hand from the documented formula (docs/decisions/ledger-proof.md).
    const first = chain[0]!;
    const digest = sha(canonicalJson(first.data));
    expect(first.hash).toBe(sha(`wallet-u-1\n1\nDiamondsCredited\n${digest}\n${GENESIS_HASH}`));
    expect(firstBrokenLink(chain)).toBeNull();
  });

  it('keeps one chain when a process still running the previous store appends through the jsonb[] signature', async () => {
    // Keys out of order: what is stored, digested and hashed must not depend on the order they were written in.
    const data = { uid: 'u-2', reference: 'r-old', amount: 5, reason: 'reward' as const, creditedAt: '2026-11-27T07:00:00.000Z' };
    await store.append('wallet-u-2', [{ type: 'DiamondsCredited', data }]);
    const sent = JSON.stringify({ ...data, reference: 'r-prev' });
    await db.pool.query(
      `select * from append_batch(array['wallet-u-2'], array[1::bigint], array[null::text], array[1], array['DiamondsCredited'], array[1],
         array[$1::jsonb], array['{}'::jsonb], array[$2::text])`,
      [sent, sha(canonicalJson(JSON.parse(sent)))],
    );
    await store.append('wallet-u-2', [credit(6, 3)], { expectedVersion: 2 });
    const chain = await links('wallet-u-2');
    expect(chain.map((l) => (l.data as { reference: string }).reference)).toEqual(['r-old', 'r-prev', 'r-3']);
    expect(firstBrokenLink(chain)).toBeNull();
  });

  it('leaves streams that hold no money unchained', async () => {
    await store.append('counter-x', [{ type: 'TestCounted', data: { n: 1 } }]);
    expect((await links('counter-x'))[0]).toMatchObject({ prevHash: null, hash: null });
  });

  it('keeps one valid chain when many appends race on one stream, batched and across stores', async () => {
    const other = new PostgresEventStore(db.pool);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? store : other).append('wallet-race', [credit(i + 1, i)], { expectedVersion: 'any' })),
    );
    // Expected-version appends that clash retry on the new version, as commands do.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        for (;;) {
          const version = (await store.readStream('wallet-race')).version;
          try {
            return await store.append('wallet-race', [credit(100 + i, 100 + i), credit(200 + i, 200 + i)], { expectedVersion: version });
          } catch {
            continue;
          }
        }
      }),
    );
    const chain = await links('wallet-race');
    expect(chain).toHaveLength(80);
    expect(firstBrokenLink(chain)).toBeNull();
  });

  it('chains an append made inside a caller transaction', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await store.append('wallet-tx', [credit(5, 1)], { client });
      await store.append('wallet-tx', [credit(6, 2)], { client, expectedVersion: 1 });
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(firstBrokenLink(await links('wallet-tx'))).toBeNull();
  });

  it('refuses an append that would skip the chain of a chained stream', async () => {
    await store.append('wallet-skip', [credit(1, 1)]);
    const refused = await db.pool
      .query(
        `select * from append_events('wallet-skip', null, array['DiamondsCredited'], array[1], array['{}'::jsonb], array['{}'::jsonb], null)`,
      )
      .catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain('wallet-skip is hash-chained');
    // and a chain cannot start in the middle of an unchained stream
    await db.pool.query(
      `select * from append_events('wallet-late', null, array['TestCounted'], array[1], array['{}'::jsonb], array['{}'::jsonb], null)`,
    );
    await expect(store.append('wallet-late', [credit(1, 1)])).rejects.toBeInstanceOf(InvalidEvent);
  });

  it('chains the money streams written before the chain existed, from their first event, and records them', async () => {
    // Events as an older store wrote them: no hashes.
    await db.pool.query(
      `select * from append_events('wallet-old', null, array['DiamondsCredited','DiamondsCredited'], array[1,1],
      array[$1::jsonb, $2::jsonb], array['{}'::jsonb,'{}'::jsonb], null)`,
      [JSON.stringify(credit(7, 1).data), JSON.stringify(credit(8, 2).data)],
    );
    expect((await links('wallet-old'))[0]!.hash).toBeNull();
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await backfillMoneyChains(client);
      await client.query('commit');
    } finally {
      client.release();
    }
    await store.append('wallet-old', [credit(9, 3)], { expectedVersion: 2 });
    const chain = await links('wallet-old');
    expect(chain).toHaveLength(3);
    expect(firstBrokenLink(chain)).toBeNull();
    const { rows } = await db.pool.query(
      'select stream_id, chained_through_version::int as through from money_chain_backfills order by stream_id',
    );
    expect(rows).toContainEqual({ stream_id: 'wallet-old', through: 2 });
    // The log is append-only again afterwards.
    await expect(db.pool.query(`update events set data = '{}' where stream_id = 'wallet-old'`)).rejects.toThrow(/append-only/);
  });
});
