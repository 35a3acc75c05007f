import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { InvalidEvent, InvalidExpectedVersion, InvalidStreamId, StreamNotFound, WrongExpectedVersion } from './errors.ts';
import { PostgresEventStore, readAllFrom } from './postgres-event-store.ts';
import { START } from './types.ts';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => db?.drop());

const ev = (n: number) => ({ type: 'TestCounted' as const, data: { n } });

describe('append and read', () => {
  it('appends to a new stream and reads it back in order', async () => {
    const result = await store.append('counter-a', [ev(1), ev(2)], { expectedVersion: 'no_stream' });
    expect(result.nextExpectedVersion).toBe(2n);
    expect(result.lastPosition - result.firstPosition).toBe(1n);
    const read = await store.readStream('counter-a');
    expect(read.version).toBe(2n);
    expect(read.events.map((e) => [e.streamVersion, e.data.n])).toEqual([
      [1n, 1],
      [2n, 2],
    ]);
  });

  it('refuses a second no_stream append and a stale expected version with WrongExpectedVersion', async () => {
    await store.append('counter-b', [ev(1)], { expectedVersion: 'no_stream' });
    await expect(store.append('counter-b', [ev(2)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersion);
    await expect(store.append('counter-b', [ev(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersion);
    const clash = await store.append('counter-b', [ev(2)], { expectedVersion: 5 }).catch((e) => e);
    expect(clash).toBeInstanceOf(WrongExpectedVersion);
    expect(clash.actual).toBe(1n);
    expect((await store.readStream('counter-b')).events).toHaveLength(1);
  });

  it('gives typed errors for bad input and writes nothing', async () => {
    const before = await db.pool.query('select count(*)::int as n from events');
    await expect(store.append('counter-c', [ev(1)], { expectedVersion: -1 })).rejects.toBeInstanceOf(InvalidExpectedVersion);
    await expect(store.append('', [ev(1)])).rejects.toBeInstanceOf(InvalidStreamId);
    await expect(store.append('bad stream id!', [ev(1)])).rejects.toBeInstanceOf(InvalidStreamId);
    await expect(store.readStream('x'.repeat(500))).rejects.toBeInstanceOf(InvalidStreamId);
    await expect(store.append('counter-c', [])).rejects.toBeInstanceOf(InvalidEvent);
    // @ts-expect-error a type that is neither registered nor a test type is refused at compile time too
    await expect(store.append('counter-c', [ev(1), { type: 'lowercase', data: {} }])).rejects.toBeInstanceOf(InvalidEvent);
    await expect(store.append('counter-c', [{ type: 'TestCounted', data: 'nope' as never }])).rejects.toBeInstanceOf(InvalidEvent);
    await expect(store.append('counter-c', [{ type: 'TestCounted', data: { big: 1n } as never }])).rejects.toBeInstanceOf(InvalidEvent);
    await expect(store.append('counter-c', [{ type: 'TestCounted', data: { s: 'a\u0000b' } }])).rejects.toBeInstanceOf(InvalidEvent);
    const after = await db.pool.query('select count(*)::int as n from events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('reads an unknown stream as empty at version 0, or refuses it with StreamNotFound when asked', async () => {
    const read = await store.readStream('never-written');
    expect(read).toMatchObject({ version: 0n, events: [] });
    await expect(store.readStream('never-written', { requireExisting: true })).rejects.toBeInstanceOf(StreamNotFound);
    await expect(store.append('never-written', [ev(1)], { expectedVersion: 3 })).rejects.toBeInstanceOf(WrongExpectedVersion);
  });

  it('never lets an event be updated or deleted', async () => {
    await store.append('counter-d', [ev(1)]);
    await expect(db.pool.query(`update events set data = '{}' where stream_id = 'counter-d'`)).rejects.toThrow(/append-only/);
    await expect(db.pool.query(`delete from events where stream_id = 'counter-d'`)).rejects.toThrow(/append-only/);
  });
});

describe('concurrency', () => {
  it('lets exactly one of 50 concurrent appends at the same expected version win, every round', async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => store.append('race-1', [ev(i)], { expectedVersion: round })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.every((r) => (r as PromiseRejectedResult).reason instanceof WrongExpectedVersion)).toBe(true);
    }
    const read = await store.readStream('race-1');
    expect(read.events.map((e) => e.streamVersion)).toEqual([1n, 2n, 3n, 4n, 5n]);
  });

  it('writes an idempotent append once and returns the first result, also when sent concurrently', async () => {
    const first = await store.append('idem-1', [ev(1)], { idempotencyKey: 'key-1' });
    const again = await store.append('idem-1', [ev(1)], { idempotencyKey: 'key-1' });
    expect(again).toMatchObject({ duplicate: true, firstPosition: first.firstPosition, lastPosition: first.lastPosition });
    const together = await Promise.all(Array.from({ length: 20 }, () => store.append('idem-2', [ev(1)], { idempotencyKey: 'key-2' })));
    expect(together.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(together.map((r) => r.lastPosition)).size).toBe(1);
    expect((await store.readStream('idem-1')).events).toHaveLength(1);
    expect((await store.readStream('idem-2')).events).toHaveLength(1);
  });

  it('a version clash does not burn the idempotency key', async () => {
    await store.append('idem-3', [ev(1)]);
    await expect(store.append('idem-3', [ev(2)], { expectedVersion: 0, idempotencyKey: 'key-3' })).rejects.toBeInstanceOf(
      WrongExpectedVersion,
    );
    const ok = await store.append('idem-3', [ev(2)], { expectedVersion: 1, idempotencyKey: 'key-3' });
    expect(ok.duplicate).toBe(false);
  });

  it('a global reader never skips a transaction that commits late with a lower position', async () => {
    const base = await store.append('overlap-0', [ev(0)]);
    let cursor = { transactionId: 0n, globalPosition: 0n };
    const seen: bigint[] = [];
    const drain = async () => {
      for (;;) {
        const batch = await readAllFrom(db.pool, cursor, 100);
        if (batch.length === 0) return;
        for (const e of batch) seen.push(e.globalPosition);
        const last = batch.at(-1)!;
        cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      }
    };
    await drain();
    expect(seen).toContain(base.lastPosition);

    const slow = await db.pool.connect();
    await slow.query('begin');
    const low = await store.append('overlap-slow', [ev(1)], { client: slow }); // lower position, still open
    const high = await store.append('overlap-fast', [ev(2)]); // higher position, committed first
    expect(high.firstPosition).toBeGreaterThan(low.firstPosition);
    await drain();
    expect(seen).not.toContain(high.firstPosition); // held back while the older transaction is open
    await slow.query('commit');
    slow.release();
    await drain();
    const tail = seen.slice(seen.indexOf(base.lastPosition) + 1);
    expect(tail).toEqual([low.firstPosition, high.firstPosition]);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('readAll', () => {
  it('orders by transaction id as a number, also where ids cross a power of ten', async () => {
    // Transaction ids are numbers: 999 comes before 1000, never after it as text would have it.
    // The ids are chosen below the server's current transaction id (a young server's may be in the
    // hundreds), so they lie under the log horizon whatever the server's history.
    const db2 = await createTestDatabase();
    try {
      const { rows } = await db2.pool.query<{ current: string }>('select pg_current_xact_id()::text as current');
      const power = 10n ** BigInt(String((BigInt(rows[0]!.current) - 1n) / 10n).length - 1);
      const [below, at, above] = [power - 1n, power, power * 10n];
      expect(above).toBeLessThan(BigInt(rows[0]!.current));
      const insert = (stream: string, tx: bigint) =>
        db2.pool.query(
          `insert into events (stream_id, stream_version, type, data, transaction_id) values ($1, 1, 'Tested', '{}', $2::xid8)`,
          [stream, tx.toString()],
        );
      await insert('digits-a', at);
      await insert('digits-b', below);
      await insert('digits-c', above);
      const all = await readAllFrom(db2.pool, START, 10);
      expect(all.map((e) => e.transactionId)).toEqual([below, at, above]);
      const first = all[0]!;
      const rest = await readAllFrom(db2.pool, { transactionId: first.transactionId, globalPosition: first.globalPosition }, 10);
      expect(rest.map((e) => e.streamId)).toEqual(['digits-a', 'digits-c']);
    } finally {
      await db2.drop();
    }
  });

  it('is not held back by a long transaction in another database on the same server', async () => {
    const other = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_current_xact_id()'); // takes an xid and keeps it open
      const written = await store.append('horizon-1', [ev(1)]);
      const seen = await readAllFrom(db.pool, START, 100_000);
      expect(seen.map((e) => e.globalPosition)).toContain(written.lastPosition);
    } finally {
      await other.query('rollback');
      await other.end();
    }
  });

  it('pages through the whole log from the start', async () => {
    const all = await readAllFrom(db.pool, START, 10_000);
    const positions = all.map((e) => e.globalPosition);
    expect(positions.length).toBeGreaterThan(10);
    expect(new Set(positions).size).toBe(positions.length);
  });
});
