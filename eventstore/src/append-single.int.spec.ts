// A lone one-event append without a key goes in one statement (append-single.ts); what that statement
// cannot make as append_batch would, append_batch decides.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { deadlockVictimPool, neverTheDeadlockVictim, someoneWaitsOnALock } from '../../test-support/lock-waiter.ts';
import { InvalidEvent, WrongExpectedVersion } from './errors.ts';
import { chainOf as chainOfStream, credit, streamRowOf } from '../../test-support/money-chain.ts';
import { firstBrokenLink } from './money-chain.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

const counted = (n: number) => ({ type: 'TestCounted' as const, data: { n } });

const chainOf = (streamId: string) => chainOfStream(db.pool, streamId);
const streamRow = (streamId: string) => streamRowOf(db.pool, streamId);

/** On a connection of its own (so that its prepared statements say which way its appends went). */
async function withClient<T>(f: (client: pg.PoolClient, prepared: () => Promise<string[]>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const prepared = async () =>
    (
      await client.query<{ name: string }>("select name from pg_prepared_statements where name like 'murmur_append%' order by name")
    ).rows.map((r) => r.name);
  try {
    return await f(client as unknown as pg.PoolClient, prepared);
  } finally {
    await client.end();
  }
}

describe('a lone event without a key, in one statement', () => {
  it('appends to plain and money streams at every expected version without calling append_batch, the chain whole', async () => {
    const store = new PostgresEventStore(db.pool);
    await withClient(async (client, prepared) => {
      const r1 = await store.append('counter-s1', [counted(1)], { client });
      const r2 = await store.append('counter-s1', [counted(2)], { client });
      const r3 = await store.append('counter-s1', [counted(3)], { client, expectedVersion: 2n });
      const r4 = await store.append('counter-s2', [counted(4)], { client, expectedVersion: 'no_stream' });
      expect([r1, r2, r3, r4].map((r) => [r.nextExpectedVersion, r.lastPosition - r.firstPosition, r.duplicate])).toEqual([
        [1n, 0n, false],
        [2n, 0n, false],
        [3n, 0n, false],
        [1n, 0n, false],
      ]);
      await store.append('wallet-s1', [credit(1)], { client, expectedVersion: 'no_stream' });
      await store.append('wallet-s1', [credit(2)], { client, expectedVersion: 1n });
      await store.append('wallet-s1', [credit(3)], { client }); // any, at the head this store knows
      await store.append('wallet-s2', [credit(4)], { client }); // any, on a new stream
      expect(await prepared()).toEqual([
        'murmur_append_single_any_v1',
        'murmur_append_single_at_v1',
        'murmur_append_single_chainedAt_v1',
        'murmur_append_single_chainedNew_v1',
        'murmur_append_single_none_v1',
      ]);
    });
    const chain = await chainOf('wallet-s1');
    expect(chain.map((l) => [l.version, (l.data as { amount: number }).amount])).toEqual([
      [1n, 1],
      [2n, 2],
      [3n, 3],
    ]);
    expect(firstBrokenLink(chain)).toBeNull();
    expect(await streamRow('wallet-s1')).toEqual({ version: '3', chained: true, head: chain[2]!.hash });
    expect(firstBrokenLink(await chainOf('wallet-s2'))).toBeNull();
    expect(await streamRow('counter-s1')).toEqual({ version: '3', chained: false, head: null });
    expect((await chainOf('counter-s1')).map((l) => [l.version, l.hash])).toEqual([
      [1n, null],
      [2n, null],
      [3n, null],
    ]);
  });

  it('leaves a wrong expected version to append_batch, which refuses it and nothing is written', async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('counter-s3', [counted(1)]);
    await store.append('wallet-s3', [credit(1)]);
    const before = await chainOf('wallet-s3');
    await withClient(async (client, prepared) => {
      for (const [stream, event] of [
        ['counter-s3', counted(2)],
        ['wallet-s3', credit(2)],
      ] as const) {
        const late = await store.append(stream, [event], { client, expectedVersion: 5n }).catch((e: unknown) => e);
        expect(late).toBeInstanceOf(WrongExpectedVersion);
        expect((late as WrongExpectedVersion).message).toBe(`Stream ${stream}: expected version 5, actual 1`);
        const taken = await store.append(stream, [event], { client, expectedVersion: 'no_stream' }).catch((e: unknown) => e);
        expect((taken as WrongExpectedVersion).message).toBe(`Stream ${stream}: expected version no_stream, actual 1`);
      }
      // A money append at a version whose head this store does not know goes to append_batch at once.
      expect(await prepared()).toEqual([
        'murmur_append_batch_v6',
        'murmur_append_single_at_v1',
        'murmur_append_single_chainedNew_v1',
        'murmur_append_single_none_v1',
      ]);
    });
    expect(await streamRow('counter-s3')).toMatchObject({ version: '1' });
    expect(await chainOf('counter-s3')).toHaveLength(1);
    expect(await chainOf('wallet-s3')).toEqual(before);
    expect(await streamRow('wallet-s3')).toEqual({ version: '1', chained: true, head: before[0]!.hash });
  });

  it('goes through append_batch when the head it linked to moved: another store appended meanwhile', async () => {
    const a = new PostgresEventStore(db.pool);
    const b = new PostgresEventStore(db.pool);
    await a.append('wallet-s4', [credit(1)]);
    await b.append('wallet-s4', [credit(2)]); // b guessed a new stream
    await withClient(async (client, prepared) => {
      await a.append('wallet-s4', [credit(3)], { client }); // a's head (version 1) is stale
      expect(await prepared()).toEqual(['murmur_append_batch_v6', 'murmur_append_single_chainedAt_v1']);
    });
    const chain = await chainOf('wallet-s4');
    expect(chain.map((l) => (l.data as { amount: number }).amount)).toEqual([1, 2, 3]);
    expect(firstBrokenLink(chain)).toBeNull();
    expect((await streamRow('wallet-s4'))!.head).toBe(chain[2]!.hash);
  });

  it("refuses, through append_batch, an append whose chaining does not match the stream's, writing nothing", async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-s5', [credit(1)]);
    await store.append('counter-s5', [counted(1)]);
    // Rows as a store of another definition could have left them (the store itself never does).
    await db.pool.query("update streams set chained = not chained where stream_id in ('wallet-s5', 'counter-s5')");
    const money = await store.append('wallet-s5', [credit(2)], { expectedVersion: 1n }).catch((e: unknown) => e);
    expect(money).toBeInstanceOf(InvalidEvent);
    expect((money as Error).message).toBe('stream wallet-s5 is not hash-chained');
    const plain = await store.append('counter-s5', [counted(2)], { expectedVersion: 1n }).catch((e: unknown) => e);
    expect((plain as Error).message).toBe('stream counter-s5 is hash-chained: an append must carry its digests');
    expect(await chainOf('wallet-s5')).toHaveLength(1);
    expect(await chainOf('counter-s5')).toHaveLength(1);
    expect((await streamRow('wallet-s5'))!.version).toBe('1');
    expect((await streamRow('counter-s5'))!.version).toBe('1');
  });

  it('keeps one whole chain when lone appends from two stores race on one money stream', async () => {
    const stores = [new PostgresEventStore(db.pool), new PostgresEventStore(db.pool)];
    await stores[0]!.append('wallet-s6', [credit(1)]);
    await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.append('wallet-s6', [credit(i + 2)])));
    const chain = await chainOf('wallet-s6');
    expect(chain.map((l) => l.version)).toEqual(Array.from({ length: 41 }, (_, i) => BigInt(i + 1)));
    expect(chain.map((l) => (l.data as { amount: number }).amount).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 41 }, (_, i) => i + 1),
    );
    expect(firstBrokenLink(chain)).toBeNull();
    expect((await streamRow('wallet-s6'))!.head).toBe(chain[40]!.hash);
  });

  it('records an idempotency key with its event in the same statement; a repeat answers with the first result and writes nothing', async () => {
    // A pool of one connection: its prepared statements say which way the appends went.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const store = new PostgresEventStore(pool);
      const first = await store.append('wallet-k1', [credit(1)], { idempotencyKey: 'k1-gift' });
      const plain = await store.append('counter-k1', [counted(1)], { idempotencyKey: 'k1-count', expectedVersion: 'no_stream' });
      const { rows } = await pool.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'murmur_append%' order by name",
      );
      expect(rows.map((r) => r.name)).toEqual(['murmur_append_single_chainedNewKeyed_v1', 'murmur_append_single_noneKeyed_v1']);
      // Repeated: on the same stream, on another, with another expected version: the first answer each time.
      for (const [stream, options] of [
        ['wallet-k1', {}],
        ['wallet-k1b', {}],
        ['wallet-k1', { expectedVersion: 1n }],
      ] as const) {
        const again = await store.append(stream, [credit(2)], { ...options, idempotencyKey: 'k1-gift' });
        expect(again).toEqual({ ...first, streamId: stream, duplicate: true });
      }
      expect(await store.append('counter-k1', [counted(2)], { idempotencyKey: 'k1-count' })).toEqual({ ...plain, duplicate: true });
      const { rows: keys } = await pool.query<{ key: string; stream_id: string; first_position: string; next_version: string }>(
        "select key, stream_id, first_position::text, next_version::text from idempotency_keys where key like 'k1-%' order by key",
      );
      expect(keys).toEqual([
        { key: 'k1-count', stream_id: 'counter-k1', first_position: plain.firstPosition.toString(), next_version: '1' },
        { key: 'k1-gift', stream_id: 'wallet-k1', first_position: first.firstPosition.toString(), next_version: '1' },
      ]);
    } finally {
      await pool.end();
    }
    expect(await chainOf('wallet-k1')).toHaveLength(1);
    expect(await chainOf('wallet-k1b')).toEqual([]);
    expect(await streamRow('wallet-k1b')).toBeUndefined();
    expect(await chainOf('counter-k1')).toHaveLength(1);
    expect((await chainOf('wallet-k1'))[0]!.data).toMatchObject({ amount: 1 });
  });

  it('lets one of many racing appends with one key write, the others answering with its result', async () => {
    const stores = [new PostgresEventStore(db.pool), new PostgresEventStore(db.pool)];
    await stores[0]!.append('wallet-k2', [credit(1)]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % 2]!.append(i % 3 ? 'wallet-k2' : 'wallet-k2b', [credit(i + 2)], { idempotencyKey: 'k2-once' }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const winner = results.find((r) => !r.duplicate)!;
    for (const r of results) expect([r.firstPosition, r.nextExpectedVersion]).toEqual([winner.firstPosition, winner.nextExpectedVersion]);
    const written = [...(await chainOf('wallet-k2')), ...(await chainOf('wallet-k2b'))];
    expect(written).toHaveLength(2); // the first credit and the one keyed append
    expect(firstBrokenLink(await chainOf('wallet-k2'))).toBeNull();
    expect(firstBrokenLink(await chainOf('wallet-k2b'))).toBeNull();
  });

  it('answers an append whose key another recorded after it looked with that append result, its own write undone', async () => {
    // Ten lone appends (five a store: none waits for a batch) to ten new streams with one key: each finds
    // the key free, the first to record it commits, the others fail on the key and are rolled back.
    const stores = [new PostgresEventStore(db.pool), new PostgresEventStore(db.pool)];
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          stores[i % 2]!.append(`counter-k4-${round}-${i}`, [counted(i)], { idempotencyKey: `k4-${round}` }),
        ),
      );
      const winners = results.filter((r) => !r.duplicate);
      expect(winners).toHaveLength(1);
      for (const r of results) expect(r.firstPosition).toBe(winners[0]!.firstPosition);
      const { rows } = await db.pool.query<{ stream_id: string }>('select stream_id from streams where stream_id like $1', [
        `counter-k4-${round}-%`,
      ]);
      expect(rows.map((r) => r.stream_id)).toEqual([winners[0]!.streamId]);
    }
  });

  it('leaves a keyed append at a wrong version to append_batch and keeps the key free; in a caller transaction a key goes to append_batch', async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-k3', [credit(1)]);
    const late = await store.append('wallet-k3', [credit(2)], { expectedVersion: 3n, idempotencyKey: 'k3-once' }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(WrongExpectedVersion);
    expect((await db.pool.query("select 1 from idempotency_keys where key = 'k3-once'")).rowCount).toBe(0);
    await withClient(async (client, prepared) => {
      await client.query('begin');
      const r = await store.append('wallet-k3', [credit(2)], { expectedVersion: 1n, idempotencyKey: 'k3-once', client });
      await client.query('commit');
      expect(r).toMatchObject({ nextExpectedVersion: 2n, duplicate: false });
      expect(await prepared()).toEqual(['murmur_append_batch_v6']);
    });
    const chain = await chainOf('wallet-k3');
    expect(chain.map((l) => (l.data as { amount: number }).amount)).toEqual([1, 2]);
    expect(firstBrokenLink(chain)).toBeNull();
  });
});

describe('a lone keyed append caught in a deadlock on its key', () => {
  // The lone append waits first and is the one PostgreSQL should roll back; the caller's side never is.
  let lonePool: pg.Pool;
  beforeAll(() => {
    lonePool = deadlockVictimPool(db.url);
  });
  afterAll(async () => lonePool?.end());

  it('is made again when PostgreSQL picks the one-statement append as the deadlock victim, answering with the other append', async () => {
    // A caller's transaction records key K with an append to one stream and then appends to stream X;
    // meanwhile a lone append with K to X has bumped X's row and waits on K: each waits on the other.
    const store = new PostgresEventStore(lonePool);
    await store.append('counter-d1', [counted(1)]);
    await withClient(async (client) => {
      await neverTheDeadlockVictim(client);
      await client.query('begin');
      const first = await store.append('counter-d1-other', [counted(2)], { idempotencyKey: 'd1-once', client });
      const lone = store.append('counter-d1', [counted(3)], { expectedVersion: 1n, idempotencyKey: 'd1-once' });
      const loneSettled = lone.then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      await someoneWaitsOnALock(db.pool);
      await store.append('counter-d1', [counted(4)], { client });
      await client.query('commit');
      const answer = await loneSettled;
      expect(answer.ok ? [answer.r.duplicate, answer.r.firstPosition] : String(answer.e)).toEqual([true, first.firstPosition]);
    });
    expect((await chainOf('counter-d1')).map((l) => (l.data as { n: number }).n)).toEqual([1, 4]);
  });

  it('is made again when PostgreSQL picks its append_batch call as the victim, writing once', async () => {
    // A two-event keyed append goes to append_batch, which records K and then waits on X's row, held by
    // a caller's transaction that then records K itself.
    const store = new PostgresEventStore(lonePool);
    await store.append('counter-d2', [counted(1)]);
    await withClient(async (client) => {
      await neverTheDeadlockVictim(client);
      await client.query('begin');
      await store.append('counter-d2', [counted(2)], { client });
      const lone = store.append('counter-d2', [counted(3), counted(4)], { idempotencyKey: 'd2-once' });
      const loneSettled = lone.then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      await someoneWaitsOnALock(db.pool);
      const mine = await store.append('counter-d2-other', [counted(5)], { idempotencyKey: 'd2-once', client });
      await client.query('commit');
      const answer = await loneSettled;
      expect(answer.ok ? [answer.r.duplicate, answer.r.firstPosition] : String(answer.e)).toEqual([true, mine.firstPosition]);
    });
    expect((await chainOf('counter-d2')).map((l) => (l.data as { n: number }).n)).toEqual([1, 2]);
  });
});
