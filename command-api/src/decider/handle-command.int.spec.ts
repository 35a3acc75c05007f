import { ApiError } from '@murmur/platform';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import type { Decider, DomainEvent } from './decider.ts';
import { handleCommand } from './handle-command.ts';
import { StateCache } from './state-cache.ts';

type Incremented = DomainEvent<'TestIncremented', { by: number }>;
type Command = { type: 'Increment'; by: number; max: number };
const counter: Decider<{ total: number }, Command, Incremented> = {
  evolvesOn: { TestIncremented: true },
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.by }),
  decide: (c, s) => {
    if (s.total + c.by > c.max) throw new ApiError('RULE_VIOLATED', 'Over the limit');
    return [{ type: 'TestIncremented', data: { by: c.by } }];
  },
};

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => db?.drop());

describe('handleCommand', () => {
  it('retries on version clashes so that 30 concurrent commands all land, in order, once each', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        handleCommand(store, 'counter-1', counter, { type: 'Increment', by: 1, max: 1000 }, { maxRetries: 100 }),
      ),
    );
    expect(results.every((r) => r.position > 0n)).toBe(true);
    const { events } = await store.readStream('counter-1');
    expect(events).toHaveLength(30);
    expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 30 }, (_, i) => BigInt(i + 1)));
  });

  it('never lets concurrent commands break the rule the decider checks', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        handleCommand(store, 'counter-2', counter, { type: 'Increment', by: 1, max: 10 }, { maxRetries: 100 }),
      ),
    );
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = settled.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.every((r) => r.reason instanceof ApiError && r.reason.code === 'RULE_VIOLATED')).toBe(true);
  });

  it('returns the first result for a repeated idempotency key and writes nothing', async () => {
    const first = await handleCommand(store, 'counter-3', counter, { type: 'Increment', by: 5, max: 100 }, { idempotencyKey: 'k-1' });
    const again = await handleCommand(store, 'counter-3', counter, { type: 'Increment', by: 5, max: 100 }, { idempotencyKey: 'k-1' });
    expect(again.duplicate).toBe(true);
    expect(again.position).toBe(first.position);
    expect(again.events).toEqual(first.events);
    expect(again.state.total).toBe(5);
  });

  it('folds only the new events when the state is cached, and stays right when another writer appended', async () => {
    const cache = new StateCache();
    await handleCommand(store, 'counter-4', counter, { type: 'Increment', by: 1, max: 100 }, { cache });
    await store.append('counter-4', [{ type: 'TestIncremented', data: { by: 10 } }]); // another process
    const r = await handleCommand(store, 'counter-4', counter, { type: 'Increment', by: 1, max: 100 }, { cache });
    expect(r.state.total).toBe(12);
    expect(cache.get<{ total: number }>('counter-4')).toMatchObject({ version: 3n, state: { total: 12 } });
    expect(cache.get('counter-4', { other: 'decider' })).toBeUndefined();
  });

  it('answers 409 CONFLICT after the bounded retries are used up', async () => {
    await store.append('counter-5', [{ type: 'TestIncremented', data: { by: 1 } }]);
    // Every append clashes: another writer appends to the stream just before it (awaited, so the
    // clash does not depend on the machine's speed).
    let calls = 0;
    const sneaky: typeof counter = {
      ...counter,
      decide: (c, s) => {
        calls++;
        return counter.decide(c, s);
      },
    };
    const slowStore = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'append')
          return async (...args: Parameters<PostgresEventStore['append']>) => {
            await target.append('counter-5', [{ type: 'TestIncremented', data: { by: 1 } }]);
            return target.append(...args);
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    await expect(
      handleCommand(slowStore, 'counter-5', sneaky, { type: 'Increment', by: 1, max: 1_000_000 }, { maxRetries: 2 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(calls).toBe(3);
  });
});
