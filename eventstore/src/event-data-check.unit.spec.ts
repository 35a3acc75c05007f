// A store built with nothing but a pool refuses an event whose data does not match its type's
// schema, before any database work (the pool here points nowhere and is never reached).
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidEvent } from './errors.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 200 });
afterAll(() => pool.end());

describe('the event store checks event data by default', () => {
  const store = new PostgresEventStore(pool);

  it('refuses a known event type whose data breaks its schema, naming the field', async () => {
    const malformed = {
      type: 'DiamondsCredited',
      data: { uid: 'u1', amount: 'ten', reason: 'topup', reference: 'r1', creditedAt: new Date().toISOString() },
    };
    // The typed append refuses it at compile time too; the run-time check is for data whose type
    // the compiler never saw (JSON read by a script, a client's body).
    // @ts-expect-error amount is a number in DiamondsCreditedData
    const refused = store.append('wallet-u1', [malformed], { expectedVersion: 'no_stream' });
    await expect(refused).rejects.toBeInstanceOf(InvalidEvent);
    // @ts-expect-error as above
    await expect(store.append('wallet-u1', [malformed])).rejects.toThrow(/DiamondsCredited.*amount/s);
  });

  it('refuses an event missing a required field', async () => {
    // @ts-expect-error UserBannedData has required fields
    await expect(store.append('user-u1', [{ type: 'UserBanned', data: {} }])).rejects.toThrow(/UserBanned/);
  });
});
