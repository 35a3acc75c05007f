// The store's group commit: appends that arrive while others are in flight go as one batch, and
// every one of them must answer exactly as it would have alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { createPool } from './database.ts';
import { InvalidEvent, WrongExpectedVersion } from './errors.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import type { AppendResult } from './types.ts';

let db: TestDatabase;
// One append in flight at a time: everything fired meanwhile waits and goes as one batch.
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool, { appendConcurrency: 1 });
  // Writing the row of a stream named gc-hot-* or gc-cut-* takes 2 ms: batches stay in the database long enough to meet.
  await db.pool.query(`create function gc_slow() returns trigger language plpgsql as $$
    begin if new.stream_id like 'gc-hot-%' or new.stream_id like 'gc-cut-%' then perform pg_sleep(0.002); end if; return new; end $$`);
  await db.pool.query('create trigger gc_slow before insert or update on streams for each row execute function gc_slow()');
});
afterAll(async () => db?.drop());

const ev = (n: number) => ({ type: 'TestCounted' as const, data: { n } });

async function transactionsOf(results: AppendResult[]): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    'select count(distinct transaction_id)::int as n from events where global_position = any($1::bigint[])',
    [results.map((r) => r.lastPosition.toString())],
  );
  return rows[0]!.n;
}

describe('group commit of appends', () => {
  it('answers each append of a batch as if it had gone alone', async () => {
    const results = await Promise.all([
      store.append('gc-warm', [ev(0)]),
      ...Array.from({ length: 30 }, (_, i) =>
        store.append(`gc-new-${i}`, i % 3 === 0 ? [ev(1), ev(2), ev(3)] : [ev(1)], { expectedVersion: 'no_stream' }),
      ),
      ...Array.from({ length: 10 }, () => store.append('gc-shared', [ev(9)])),
    ]);
    // Fewer commits than appends: they were batched.
    expect(await transactionsOf(results)).toBeLessThan(results.length / 2);
    expect(new Set(results.map((r) => r.lastPosition)).size).toBe(results.length);
    for (let i = 0; i < 30; i++) {
      const read = await store.readStream(`gc-new-${i}`);
      const count = i % 3 === 0 ? 3 : 1;
      expect(read.version).toBe(BigInt(count));
      expect(read.events.map((e) => e.data.n)).toEqual(count === 3 ? [1, 2, 3] : [1]);
      expect(results[i + 1]!.nextExpectedVersion).toBe(BigInt(count));
      expect(results[i + 1]!.lastPosition - results[i + 1]!.firstPosition).toBe(BigInt(count - 1));
      expect(read.events.at(-1)!.globalPosition).toBe(results[i + 1]!.lastPosition);
    }
    // Ten appends with 'any' to one stream: versions 1..10, each once.
    expect(
      results
        .slice(31)
        .map((r) => r.nextExpectedVersion)
        .sort((a, b) => Number(a - b)),
    ).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i + 1)));
    expect((await store.readStream('gc-shared')).version).toBe(10n);
  });

  it('refuses only the append with a wrong version; the rest commit and its key is not used up', async () => {
    await store.append('gc-v', [ev(1)], { expectedVersion: 'no_stream' });
    const settled = await Promise.allSettled([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-v', [ev(2)], { expectedVersion: 1n, idempotencyKey: 'gc-v-first' }),
      store.append('gc-v', [ev(3)], { expectedVersion: 1n, idempotencyKey: 'gc-v-second' }),
      store.append('gc-other', [ev(4)], { expectedVersion: 'no_stream' }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refusal = (settled[2] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(WrongExpectedVersion);
    expect((refusal as WrongExpectedVersion).actual).toBe(2n);
    expect((await store.readStream('gc-v')).events.map((e) => e.data.n)).toEqual([1, 2]);
    // The refused append's key was not kept: made again at the right version, it writes.
    const again = await store.append('gc-v', [ev(3)], { expectedVersion: 2n, idempotencyKey: 'gc-v-second' });
    expect(again.duplicate).toBe(false);
    expect((await store.readStream('gc-v')).events.map((e) => e.data.n)).toEqual([1, 2, 3]);
  });

  it('writes a key sent twice in one batch once; both answer with the first result', async () => {
    const [, first, second] = await Promise.all([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-key', [ev(1)], { idempotencyKey: 'gc-key-1' }),
      store.append('gc-key', [ev(1)], { idempotencyKey: 'gc-key-1' }),
    ]);
    expect([first!.duplicate, second!.duplicate].sort()).toEqual([false, true]);
    expect(first!.lastPosition).toBe(second!.lastPosition);
    expect((await store.readStream('gc-key')).version).toBe(1n);
  });

  it('fails only the append the database refuses; the rest of its batch commits', async () => {
    const settled = await Promise.allSettled([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-bad', [{ type: 'TestCounted', data: { text: 'lone \ud800 surrogate' } }]),
      store.append('gc-good-1', [ev(1)]),
      store.append('gc-good-2', [ev(2)]),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(InvalidEvent);
    expect(store.appendBatchFallbacks).toBeGreaterThan(0); // it was in a batch, which was made again
    expect((await store.readStream('gc-bad')).version).toBe(0n);
    expect((await store.readStream('gc-good-1')).version).toBe(1n);
    expect((await store.readStream('gc-good-2')).version).toBe(1n);
  });

  it('commits guarded appends in the batch; one whose guard moved writes nothing and keeps its key unused', async () => {
    await store.append('gc-guard-lobby', [ev(1)], { expectedVersion: 'no_stream' });
    const [, ...settled] = await Promise.allSettled([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-guarded-a', [ev(1)], { guard: { streamId: 'gc-guard-lobby', version: 1n } }),
      store.append('gc-guarded-b', [ev(2)], { guard: { streamId: 'gc-guard-lobby', version: 1n }, idempotencyKey: 'gc-guarded-b' }),
      store.append('gc-guarded-c', [ev(3)], { guard: { streamId: 'gc-guard-lobby', version: 7n }, idempotencyKey: 'gc-guarded-c' }),
      store.append('gc-guarded-d', [ev(4)], { guard: { streamId: 'gc-guard-nowhere', version: 1n } }),
      store.append('gc-plain', [ev(5)]),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    for (const refused of [settled[2], settled[3]] as PromiseRejectedResult[]) {
      expect(refused.reason).toBeInstanceOf(WrongExpectedVersion);
    }
    expect((settled[2] as PromiseRejectedResult).reason.streamId).toBe('gc-guard-lobby');
    expect((settled[3] as PromiseRejectedResult).reason.streamId).toBe('gc-guard-nowhere');
    const written = settled.filter((s): s is PromiseFulfilledResult<AppendResult> => s.status === 'fulfilled').map((s) => s.value);
    // The three that passed went in one commit: guarded appends join the group commit.
    expect(await transactionsOf(written)).toBe(1);
    expect((await store.readStream('gc-guarded-c')).version).toBe(0n);
    expect((await store.readStream('gc-guarded-d')).version).toBe(0n);
    // The refused append's key was not kept: with the right guard it writes.
    const again = await store.append('gc-guarded-c', [ev(3)], {
      guard: { streamId: 'gc-guard-lobby', version: 1n },
      idempotencyKey: 'gc-guarded-c',
    });
    expect(again.duplicate).toBe(false);
  });

  it('never lets an append pass a guard on a version its own batch moves: arrival order decides', async () => {
    // A kick, then a message guarded by the lobby as it was before the kick, fired while the store
    // is busy: they wait together, and the message must be refused as it would be alone.
    await store.append('gc-hot-lobby', [ev(1)], { expectedVersion: 'no_stream' });
    const [, kick, message] = await Promise.allSettled([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-hot-lobby', [ev(2)], { expectedVersion: 1n }),
      store.append('gc-message', [ev(3)], { guard: { streamId: 'gc-hot-lobby', version: 1n } }),
    ]);
    expect(kick.status).toBe('fulfilled');
    expect(message.status).toBe('rejected');
    expect((await store.readStream('gc-message')).version).toBe(0n);
    // The other way round, the message passes on the version it was decided on and the kick follows.
    const [, first, second] = await Promise.all([
      store.append('gc-warm', [ev(0)]),
      store.append('gc-message', [ev(4)], { guard: { streamId: 'gc-hot-lobby', version: 2n } }),
      store.append('gc-hot-lobby', [ev(5)], { expectedVersion: 2n }),
    ]);
    expect(first!.lastPosition).toBeLessThan(second!.lastPosition);
  });

  it('lets two processes batch appends to the same streams in opposite orders without a deadlock, every append landing once', async () => {
    const otherPool = createPool(db.url, { max: 4 });
    const other = new PostgresEventStore(otherPool, { appendConcurrency: 1 });
    const streams = Array.from({ length: 16 }, (_, i) => `gc-hot-${String(i).padStart(2, '0')}`);
    // Each of these streams' rows takes 2 ms to write (the slow trigger), so the two batches are
    // surely in the database at the same time, each holding some rows the other wants next.
    const fallbacksBefore = store.appendBatchFallbacks;
    try {
      for (let round = 0; round < 3; round++) {
        // One process walks the streams upwards, the other downwards: unsorted batches would lock
        // their rows in opposite orders and deadlock (PostgreSQL then aborts one after a second).
        const fire = (s: PostgresEventStore, order: string[]) => [
          s.append(`gc-lead-${round}`, [ev(round)]),
          ...order.map((stream, i) => s.append(stream, [ev(i)])),
        ];
        const results = await Promise.all([...fire(store, streams), ...fire(other, [...streams].reverse())]);
        expect(results).toHaveLength(34);
      }
      for (const stream of streams) {
        const read = await store.readStream(stream);
        expect(read.events.map((e) => e.streamVersion)).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
      }
      expect(store.appendBatchFallbacks - fallbacksBefore + other.appendBatchFallbacks).toBe(0);
    } finally {
      await otherPool.end();
    }
  });

  it('makes a batch again one append at a time when the database ended it (its connection cut mid-way), each landing once', async () => {
    const fallbacksBefore = store.appendBatchFallbacks;
    // The lone first append goes alone and the 40 fired meanwhile wait for it and go as one batch,
    // so once the first has answered the only append running is the batch. On a busy machine the
    // batch may answer before the cut lands: nothing was made again, and the next round tries again.
    const rounds: number[] = [];
    for (let round = 0; round < 5 && store.appendBatchFallbacks === fallbacksBefore; round++) {
      rounds.push(round);
      const lead = store.append(`gc-lead-cut-${round}`, [ev(0)]);
      const batch = Promise.all(
        Array.from({ length: 40 }, (_, i) => store.append(`gc-cut-${round}-${i}`, [ev(i)], { expectedVersion: 'no_stream' })),
      );
      await lead;
      // The batch of 40 takes ~80 ms in the database: end its backend while it runs.
      for (let tries = 0, cut = false; tries < 200 && !cut; tries++) {
        const { rows } = await db.pool.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%from append_batch(%' and state = 'active'",
        );
        cut = rows.some((r) => r.ended);
        if (!cut) await new Promise((r) => setTimeout(r, 2));
      }
      expect(await batch).toHaveLength(40);
    }
    expect(store.appendBatchFallbacks).toBeGreaterThan(fallbacksBefore);
    for (const round of rounds)
      for (let i = 0; i < 40; i++) expect((await store.readStream(`gc-cut-${round}-${i}`)).events.map((e) => e.data.n)).toEqual([i]);
  });
});
