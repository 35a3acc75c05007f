// The configured command handler against the real store: the queue, idempotency answered with the
// first result, and transactions that commit whole or not at all.
import { createLogger } from '@murmur/platform';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { deadlockVictimPool, neverTheDeadlockVictim, someoneWaitsOnALock } from '../../../test-support/lock-waiter.ts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler, type HandlerDeps } from './command-handler.ts';
import { CommandRuntime } from './command-runtime.ts';
import type { Decider, DomainEvent } from './decider.ts';

type Added = DomainEvent<'TestAdded', { by: number }>;
type Add = { type: 'Add'; by: number; max: number };
const counter: Decider<{ total: number }, Add, Added> = {
  evolvesOn: { TestAdded: true },
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.by }),
  decide: (c, s) => {
    if (s.total + c.by > c.max) throw new ApiError('RULE_VIOLATED', 'Over the limit');
    return [{ type: 'TestAdded', data: { by: c.by } }];
  },
};
const queued = defineCommandHandler({
  decider: counter,
  streamId: (id: string) => `queued-${id}`,
  queue: 'per-stream',
  idempotencyScope: 'stream',
});
const plain = defineCommandHandler({ decider: counter, streamId: (id: string) => `plain-${id}` });

let db: TestDatabase;
let deps: HandlerDeps;
const process2 = () => ({ ...deps, store: new PostgresEventStore(db.pool), commands: new CommandRuntime() });

beforeAll(async () => {
  db = await createTestDatabase();
  deps = { pool: db.pool, store: new PostgresEventStore(db.pool), logger: createLogger('test'), commands: new CommandRuntime() };
});
afterAll(async () => db?.drop());

describe('defineCommandHandler', () => {
  it('queues commands on one stream in the process: 100 at once never clash and all land in order', async () => {
    let appends = 0;
    const counting = {
      ...deps,
      store: new Proxy(deps.store, {
        get: (t, p, r) =>
          p === 'append' ? (...a: Parameters<PostgresEventStore['append']>) => (appends++, t.append(...a)) : Reflect.get(t, p, r),
      }),
    };
    await Promise.all(Array.from({ length: 100 }, () => queued.run(counting, 'q1', { type: 'Add', by: 1, max: 1000 })));
    expect(appends).toBe(100); // one append each: no clash, no retry
    const { state, version } = await queued.load(process2(), 'q1');
    expect({ total: state.total, version }).toEqual({ total: 100, version: 100n });
  });

  it('answers a repeated key with its first result, even when deciding again would refuse', async () => {
    const first = await queued.run(deps, 'q2', { type: 'Add', by: 5, max: 5 }, { idempotencyKey: 'k' });
    const again = await queued.run(process2(), 'q2', { type: 'Add', by: 5, max: 5 }, { idempotencyKey: 'k' });
    expect(again).toMatchObject({ duplicate: true, position: first.position, events: [{ type: 'TestAdded', data: { by: 5 } }] });
    // Scoped by the stream: the same caller key on another stream is another command.
    const other = await queued.run(deps, 'q3', { type: 'Add', by: 5, max: 5 }, { idempotencyKey: 'k' });
    expect(other.duplicate).toBe(false);
    await expect(queued.run(deps, 'q2', { type: 'Add', by: 5, max: 5 }, { idempotencyKey: 'other' })).rejects.toMatchObject({
      code: 'RULE_VIOLATED',
    });
  });

  it('rolls a transaction back whole when a step fails, and caches nothing of it', async () => {
    await plain.run(deps, 't1', { type: 'Add', by: 1, max: 100 });
    await expect(
      plain.runInTransaction(
        deps,
        't1',
        { type: 'Add', by: 10, max: 100 },
        {
          after: async (client) => {
            await plain.decideWithin(deps, client, 't1-side', { type: 'Add', by: 1, max: 100 });
            throw new Error('step failed');
          },
        },
      ),
    ).rejects.toThrow('step failed');
    expect((await plain.load(deps, 't1')).state.total).toBe(1);
    expect((await plain.load(deps, 't1-side')).version).toBe(0n);
    expect(plain.cached(deps, 't1')).toMatchObject({ version: 1n, state: { total: 1 } });
  });

  it('runs the whole transaction again when its second stream clashes', async () => {
    let attempts = 0;
    const result = await plain.runInTransaction(
      deps,
      't2',
      { type: 'Add', by: 1, max: 100 },
      {
        after: async (client) => {
          attempts++;
          return plain.decideWithin(deps, client, 't2-side', async () => {
            // Once, another writer appends to the side stream between its read and this append.
            if (attempts === 1) await deps.store.append('plain-t2-side', [{ type: 'TestAdded', data: { by: 7 } }]);
            return { type: 'Add', by: 1, max: 100 };
          });
        },
      },
    );
    expect(attempts).toBe(2);
    expect(result.extra?.state.total).toBe(8);
    expect((await plain.load(deps, 't2')).state.total).toBe(1); // appended once, not once per attempt
  });

  it('runs the whole transaction again when PostgreSQL rolls it back to break a deadlock', async () => {
    // The first time, another transaction holds the side stream's row and then wants this one's
    // stream row, which this transaction holds: each waits on the other, and this one waited first,
    // so it is the one PostgreSQL rolls back (its pool looks for deadlocks first).
    const victimPool = deadlockVictimPool(db.url);
    const victim: HandlerDeps = { ...deps, pool: victimPool, store: new PostgresEventStore(victimPool), commands: new CommandRuntime() };
    const x = await db.pool.connect();
    await neverTheDeadlockVictim(x);
    let attempts = 0;
    let other: Promise<void> | undefined;
    try {
      const result = await plain.runInTransaction(
        victim,
        't3',
        { type: 'Add', by: 1, max: 1000 },
        {
          after: async (client) => {
            attempts++;
            if (attempts === 1) {
              await x.query('begin');
              await victim.store.append('plain-t3-side', [{ type: 'TestAdded', data: { by: 10 } }], { client: x });
              other = (async () => {
                await someoneWaitsOnALock(db.pool);
                await victim.store.append('plain-t3', [{ type: 'TestAdded', data: { by: 100 } }], { client: x });
                await x.query('commit');
              })();
            }
            return plain.decideWithin(victim, client, 't3-side', { type: 'Add', by: 1, max: 100 });
          },
        },
      );
      await other;
      expect(attempts).toBe(2);
      expect(result.extra?.state.total).toBe(11);
      expect((await plain.load(deps, 't3')).state.total).toBe(101); // the other's 100, then this one's 1
    } finally {
      x.release(true); // not back to the pool with its deadlock_timeout
      await victimPool.end();
    }
  });
});
