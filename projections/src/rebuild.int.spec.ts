import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { LIVE_SCHEMA, type Projector } from './projector.ts';
import { streamCatalog } from './projectors/stream-catalog.ts';
import { rebuildProjection } from './rebuild.ts';
import { ProjectionRunner } from './runner.ts';
import { projectionStatus } from './status.ts';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => db?.drop());

const rows = async () =>
  (
    await db.pool.query(
      `select category, stream_count::int, event_count::int, last_position::text from ${LIVE_SCHEMA}.stream_categories order by category`,
    )
  ).rows;

async function caughtUp(): Promise<boolean> {
  const s = await projectionStatus(db.pool, [streamCatalog]);
  return s.projections[0]!.lagEvents === 0;
}

describe('projection runner, status and rebuild', () => {
  it('projects live, reports lag, and a rebuild under load gives the same rows', async () => {
    const runner = new ProjectionRunner(db.pool, db.url, [streamCatalog], { batchSize: 50, pollIntervalMs: 50 });
    await runner.start();
    const categories = ['wallet', 'lobby', 'user', 'room'];
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing || written < 300) {
        const c = categories[written % categories.length];
        await store.append(`${c}-${written % 13}`, [
          { type: 'TestWritten', data: { i: written } },
          { type: 'TestWritten', data: { i: written } },
        ]);
        written++;
      }
    })();
    // Rebuild while events keep arriving.
    await new Promise((r) => setTimeout(r, 200));
    const progress: bigint[] = [];
    const result = await rebuildProjection(db.pool, streamCatalog, { batchSize: 40, onProgress: (p) => progress.push(p.position) });
    writing = false;
    await writer;
    expect(result.events).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(1);

    // Up to 40 s: a loaded machine (the whole suite on 2 cores) took longer than 10 s here.
    for (const deadline = Date.now() + 40_000; Date.now() < deadline && !(await caughtUp());) await new Promise((r) => setTimeout(r, 25));
    const afterSwap = await rows();
    await runner.stop();

    // The truth, computed straight from the log.
    const truth = (
      await db.pool.query(`
        select split_part(stream_id, '-', 1) as category,
               count(distinct stream_id)::int as stream_count, count(*)::int as event_count, max(global_position)::text as last_position
          from events group by 1 order by 1`)
    ).rows;
    expect(afterSwap).toEqual(truth);
    expect(afterSwap.find((r) => r.category === 'wallet')?.event_count).toBeGreaterThan(100);
    const status = await projectionStatus(db.pool, [streamCatalog]);
    expect(status.projections[0]).toMatchObject({ name: 'stream-catalog', lagEvents: 0 });
    // No scratch schema is left behind.
    const scratch = await db.pool.query(`select 1 from information_schema.schemata where schema_name like 'rebuild_%'`);
    expect(scratch.rowCount).toBe(0);
  });

  it('commits its lanes without waiting for the WAL flush, and nothing else on its pool', async () => {
    const settings: string[] = [];
    const recorder: Projector = {
      name: 'commit-setting',
      tables: [],
      handles: ['TestCommitSetting'],
      createTables: async () => undefined,
      async apply(events, { client }) {
        const { rows } = await client.query<{ s: string }>(`select current_setting('synchronous_commit') as s`);
        for (const _ of events) settings.push(rows[0]!.s);
      },
    };
    const runner = new ProjectionRunner(db.pool, db.url, [recorder], { batchSize: 50, pollIntervalMs: 50 });
    await runner.start();
    await store.append('probe-1', [{ type: 'TestCommitSetting', data: {} }]);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && settings.length === 0;) await new Promise((r) => setTimeout(r, 25));
    await runner.stop();
    expect(settings).toEqual(['off']);
    // The pool's connections (the lane's among them) carry the server's own setting.
    const clients = await Promise.all(Array.from({ length: 3 }, () => db.pool.connect()));
    try {
      for (const c of clients) expect((await c.query(`select current_setting('synchronous_commit') as s`)).rows[0].s).toBe('on');
    } finally {
      for (const c of clients) c.release();
    }
  });
});
