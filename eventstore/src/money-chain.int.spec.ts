import { canonicalJson, GENESIS_HASH } from '@murmur/contracts';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { InvalidEvent } from './errors.ts';
import { backfillMoneyChains } from './money-chain-backfill.ts';
import { migrate } from './migrations.ts';
import { chainOf } from '../../test-support/money-chain.ts';
import { firstBrokenLink } from './money-chain.ts';
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

const links = (streamId: string, pool: pg.Pool = db.pool) => chainOf(pool, streamId);

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

  it("takes each money append's digests in turn from the call's one bytea, past appends that conflict, repeat a key or are unchained", async () => {
    await store.append('wallet-m3', [credit(1, 1)]);
    await store.append('wallet-m4', [credit(2, 2)], { idempotencyKey: 'm4-once' });
    const m1 = [credit(10, 10), credit(11, 11)];
    const m3 = [credit(30, 30), credit(31, 31), credit(32, 32)];
    const m4 = [credit(40, 40)];
    const m5 = [credit(50, 50), credit(51, 51)];
    const plain = { type: 'TestCounted', data: { n: 1 } };
    // In call order: wallet-m1 (2 events), counter-m2 (unchained), wallet-m3 at a version it is not
    // at (conflict), wallet-m4 with a key already used (duplicate), wallet-m5 (2 events).
    const calls: {
      stream: string;
      expected: number | null;
      key: string | null;
      events: { type: string; data: unknown }[];
      chained: boolean;
    }[] = [
      { stream: 'wallet-m1', expected: 0, key: null, events: m1, chained: true },
      { stream: 'counter-m2', expected: null, key: null, events: [plain], chained: false },
      { stream: 'wallet-m3', expected: 5, key: null, events: m3, chained: true },
      { stream: 'wallet-m4', expected: null, key: 'm4-once', events: m4, chained: true },
      { stream: 'wallet-m5', expected: null, key: null, events: m5, chained: true },
    ];
    const all = calls.flatMap((c) => c.events);
    const digests = Buffer.concat(
      calls.filter((c) => c.chained).flatMap((c) => c.events.map((e) => createHash('sha256').update(canonicalJson(e.data)).digest())),
    );
    const { rows } = await db.pool.query<{ item: number; conflict: boolean; duplicate: boolean }>(
      `select item, conflict, duplicate from append_batch($1::text[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb, $8::jsonb, $9::boolean[], $10::bytea) order by item`,
      [
        calls.map((c) => c.stream),
        calls.map((c) => c.expected),
        calls.map((c) => c.key),
        calls.map((c) => c.events.length),
        all.map((e) => e.type),
        all.map(() => 1),
        JSON.stringify(all.map((e) => e.data)),
        JSON.stringify(all.map(() => ({}))),
        calls.map((c) => c.chained),
        digests,
      ],
    );
    expect(rows.map((r) => [r.conflict, r.duplicate])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [false, true],
      [false, false],
    ]);
    for (const stream of ['wallet-m1', 'wallet-m3', 'wallet-m4', 'wallet-m5']) expect(firstBrokenLink(await links(stream))).toBeNull();
    expect((await links('wallet-m5')).map((l) => (l.data as { reference: string }).reference)).toEqual(['r-50', 'r-51']);
    expect(await links('wallet-m3')).toHaveLength(1);
    expect((await links('counter-m2'))[0]).toMatchObject({ prevHash: null, hash: null });

    // Digests that do not come to 32 bytes per chained event are refused, and nothing is written.
    const short = await db.pool
      .query(
        `select * from append_batch(array['wallet-m6'], array[null::bigint], array[null::text], array[2], array['DiamondsCredited', 'DiamondsCredited'],
           array[1, 1], $1::jsonb, '[{}, {}]'::jsonb, array[true], $2::bytea)`,
        [JSON.stringify([credit(60, 60).data, credit(61, 61).data]), digests.subarray(0, 32)],
      )
      .catch((e: Error) => e);
    expect((short as Error).message).toContain('32 digest bytes per event');
    expect(await links('wallet-m6')).toEqual([]);
  });

  it('keeps one chain when a process still running the previous store appends through the bytea[] signature', async () => {
    await store.append('wallet-u-3', [credit(1, 1)]);
    const sent = credit(2, 2).data;
    await db.pool.query(
      `select * from append_batch(array['wallet-u-3', 'counter-u-3'], array[1::bigint, null], array[null::text, null], array[1, 1],
         array['DiamondsCredited', 'TestCounted'], array[1, 1], $1::jsonb, '[{}, {}]'::jsonb, array[$2::bytea, null])`,
      [JSON.stringify([sent, { n: 1 }]), createHash('sha256').update(canonicalJson(sent)).digest()],
    );
    await store.append('wallet-u-3', [credit(3, 3)], { expectedVersion: 2 });
    const chain = await links('wallet-u-3');
    expect(chain.map((l) => (l.data as { reference: string }).reference)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(firstBrokenLink(chain)).toBeNull();
    expect((await links('counter-u-3'))[0]).toMatchObject({ prevHash: null, hash: null });
  });

  it('goes on with the chains and the unchained streams that an earlier schema wrote, once the streams carry their flag', async () => {
    const before = await createTestDatabase({ empty: true });
    const pool = before.pool;
    try {
      await migrate(pool, [], { through: 'eventstore-006-money-chain-bytea' });
      const digest = (e: { data: unknown }) => createHash('sha256').update(canonicalJson(e.data)).digest();
      // As the previous store wrote them: a chained wallet of two events and an unchained stream.
      await pool.query(
        `select * from append_batch(array['wallet-before', 'counter-before'], array[0::bigint, 0], array[null::text, null], array[2, 1],
           array['DiamondsCredited', 'DiamondsCredited', 'TestCounted'], array[1, 1, 1], $1::jsonb, '[{}, {}, {}]'::jsonb, array[$2::bytea, null])`,
        [JSON.stringify([credit(1, 1).data, credit(2, 2).data, { n: 1 }]), Buffer.concat([digest(credit(1, 1)), digest(credit(2, 2))])],
      );
      await migrate(pool);
      const flags = await pool.query<{ stream_id: string; chained: boolean }>('select stream_id, chained from streams order by stream_id');
      expect(flags.rows).toEqual([
        { stream_id: 'counter-before', chained: false },
        { stream_id: 'wallet-before', chained: true },
      ]);
      const after = new PostgresEventStore(pool);
      await after.append('wallet-before', [credit(3, 3)], { expectedVersion: 2 });
      await after.append('wallet-before', [credit(4, 4)]);
      await after.append('counter-before', [{ type: 'TestCounted', data: { n: 2 } }], { expectedVersion: 1 });
      const chain = await links('wallet-before', pool);
      expect(chain.map((l) => (l.data as { reference: string }).reference)).toEqual(['r-1', 'r-2', 'r-3', 'r-4']);
      expect(firstBrokenLink(chain)).toBeNull();
      expect((await links('counter-before', pool)).map((l) => l.hash)).toEqual([null, null]);
      // The flag keeps the rule: the chained wallet refuses an append without digests.
      const unchained = await pool
        .query(
          `select * from append_batch(array['wallet-before'], array[4::bigint], array[null::text], array[1], array['DiamondsCredited'], array[1],
             $1::jsonb, '[{}]'::jsonb, array[false], null::bytea)`,
          [JSON.stringify([credit(5, 5).data])],
        )
        .catch((e: Error) => e);
      expect((unchained as Error).message).toContain('wallet-before is hash-chained');
    } finally {
      await before.drop();
    }
  });

  it('refuses digests beyond what the chained appends of a call need, writing nothing', async () => {
    const extra = await db.pool
      .query(
        `select * from append_batch(array['wallet-surplus'], array[null::bigint], array[null::text], array[1], array['DiamondsCredited'],
           array[1], $1::jsonb, '[{}]'::jsonb, array[true], $2::bytea)`,
        [JSON.stringify([credit(1, 1).data]), Buffer.alloc(64, 1)],
      )
      .catch((e: Error) => e);
    expect((extra as Error).message).toContain('32 digest bytes per event');
    expect(await links('wallet-surplus')).toEqual([]);
    expect((await db.pool.query("select 1 from streams where stream_id = 'wallet-surplus'")).rowCount).toBe(0);
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
