// Two projections processes each run a leaderboard publisher; one holds the lock and publishes, the
// other looks every tick. The standby's looks must leave the pooled connections as they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresEventStore, createPool } from '@murmur/eventstore';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { ensureReadModels } from './read-models.ts';
import { LeaderboardPublisher } from './leaderboard-publisher.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await ensureReadModels(db.pool);
});
afterAll(async () => {
  await db?.drop();
});

it('a standby publisher that finds the lock taken adds no listener to the pooled connection it looks with', async () => {
  const standbyPool = createPool(db.url, { max: 1, applicationName: 'standby' });
  const holder = new LeaderboardPublisher(db.pool, new PostgresEventStore(db.pool));
  const standby = new LeaderboardPublisher(standbyPool, new PostgresEventStore(standbyPool));
  try {
    expect(await holder.tick()).toBeNull();
    for (let i = 0; i < 15; i++) expect(await standby.tick()).toBeNull();
    const client = await standbyPool.connect();
    try {
      // The pool's own listener only: one per tick before the fix (Node warned past 10).
      expect(client.listenerCount('error')).toBeLessThanOrEqual(2);
    } finally {
      client.release();
    }
  } finally {
    await holder.stop();
    await standby.stop();
    await standbyPool.end();
  }
});
