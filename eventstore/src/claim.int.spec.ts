import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { claimStream } from './claim.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => db?.drop());

const claim = (by: string) => ({ type: 'TestClaimed' as const, data: { by } });

describe('claimStream', () => {
  it('lets one of two concurrent claims win and writes only its event', async () => {
    const [amy, ben] = await Promise.all([
      claimStream(store, 'claim-one', [claim('amy')]),
      claimStream(store, 'claim-one', [claim('ben')]),
    ]);
    expect([amy.claimed, ben.claimed].sort()).toEqual([false, true]);
    const winner = amy.claimed ? 'amy' : 'ben';
    const read = await store.readStream('claim-one');
    expect(read.events.map((e) => e.data.by)).toEqual([winner]);
  });

  it('refuses a later claim of a claimed stream, also across two store instances (two processes)', async () => {
    const other = new PostgresEventStore(db.pool);
    const first = await claimStream(store, 'claim-two', [claim('amy')]);
    expect(first.claimed && first.result.nextExpectedVersion).toBe(1n);
    expect(await claimStream(other, 'claim-two', [claim('ben')])).toEqual({ claimed: false });
    expect((await store.readStream('claim-two')).events).toHaveLength(1);
  });

  it('answers a repeated idempotency key with the first result', async () => {
    const first = await claimStream(store, 'claim-three', [claim('amy')], { idempotencyKey: 'claim-three:amy' });
    const again = await claimStream(store, 'claim-three', [claim('amy')], { idempotencyKey: 'claim-three:amy' });
    expect(again.claimed && again.result.duplicate).toBe(true);
    expect(again.claimed && first.claimed && again.result.lastPosition).toBe(first.claimed && first.result.lastPosition);
  });
});
