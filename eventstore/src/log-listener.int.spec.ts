import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { createPool } from './database.ts';
import { listenerNameFor, LogListener } from './log-listener.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

it("names its LISTEN connection after its process's pool, so pg_stat_activity says whose it is", async () => {
  const pool = createPool(db.url, { max: 1, applicationName: 'projections' });
  const listener = new LogListener(db.url, listenerNameFor(pool));
  await listener.start();
  try {
    const { rows } = await db.pool.query<{ name: string }>(
      `select application_name as name from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    );
    expect(rows.map((r) => r.name)).toEqual(['projections-listener']);
  } finally {
    await listener.close();
    await pool.end();
  }
});

it('does not wait when its signal was aborted before the wait began: a reader stopped mid-batch stops at once', async () => {
  const listener = new LogListener(db.url);
  await listener.start();
  try {
    const stopped = new AbortController();
    stopped.abort();
    const first = await Promise.race([
      listener.wait(60_000, stopped.signal).then(() => 'returned'),
      new Promise((r) => setTimeout(r, 2_000)).then(() => 'still waiting'),
    ]);
    expect(first).toBe('returned');
  } finally {
    await listener.close();
  }
});
