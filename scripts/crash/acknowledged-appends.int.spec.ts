// The cause of scenario (d)'s lost gift, without the whole crash scenario: appends acknowledged just
// before PostgreSQL dies (immediate shutdown, crash recovery) must all be there after the restart,
// at the positions that were answered, and an append cut off by the outage and retried with its key
// answers its own event. The throw-away server runs as a test server (and as a DBA may tune one):
// fsync off and synchronous_commit off; under asynchronous commit the last ~200 ms of acknowledged
// commits live only in the server's memory and die with it, so the store's own connections must
// commit synchronously whatever the server's default.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, migrate, PostgresEventStore } from '@murmur/eventstore';
import { databaseUrl, startEmbeddedPostgres, type PostgresServer } from '../postgres-server.ts';
import { freePort } from '../../test-support/free-port.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: PostgresServer;
let url: string;

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: `.data/appends-pg-${process.pid}`, port: await freePort(), forTests: true });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query('create database murmur_appends');
  await admin.end();
  url = databaseUrl(server.adminUrl, 'murmur_appends');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('appends across a PostgreSQL crash', () => {
  it('the pools commit synchronously even on a server set to asynchronous commit', async () => {
    const pool = createPool(url, { max: 1 });
    try {
      const { rows } = await pool.query<{ s: string }>(`select current_setting('synchronous_commit') as s`);
      expect(rows[0]!.s).toBe('on');
      // The server itself is tuned for speed: without the pool's setting its commits would be asynchronous.
      const plain = new pg.Client({ connectionString: url });
      await plain.connect();
      const { rows: plainRows } = await plain.query<{ s: string }>(`select current_setting('synchronous_commit') as s`);
      await plain.end();
      expect(plainRows[0]!.s).toBe('off');
    } finally {
      await pool.end();
    }
  });

  it('every acknowledged append survives an immediate shutdown, and a retried key answers its own event', async () => {
    const pool = createPool(url, { max: 8 });
    try {
      await migrate(pool);
      const store = new PostgresEventStore(pool);
      const acknowledged: Array<{ key: string; position: bigint }> = [];
      const cutOff: Array<{ stream: string; key: string }> = [];
      let running = true;
      let down = false;
      // Eight writers append one event each, back to back, on streams of their own.
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let n = 0; running; n++) {
          const key = `w${w}-${n}`;
          const stream = `crashtest-${w}`;
          try {
            const result = await store.append(stream, [{ type: 'TestAppended', data: { key } }], { idempotencyKey: key });
            acknowledged.push({ key, position: result.lastPosition });
          } catch {
            cutOff.push({ stream, key });
            while (down) await pause(20);
          }
        }
      });
      await pause(1_500);
      expect(acknowledged.length).toBeGreaterThan(50);
      down = true;
      await server.restart!({ downMs: 200 });
      down = false;
      await pause(500);
      running = false;
      await Promise.all(writers);

      // Every acknowledged append is in the log at the position it answered, once.
      const { rows } = await pool.query<{ key: string; position: string }>(
        `select data->>'key' as key, global_position::text as position from events where type = 'TestAppended'`,
      );
      const stored = new Map(rows.map((r) => [r.key, BigInt(r.position)]));
      const lost = acknowledged.filter((a) => stored.get(a.key) !== a.position);
      expect(lost.map((a) => `${a.key} at ${a.position}: ${stored.get(a.key) ?? 'missing'}`)).toEqual([]);
      expect(rows.length).toBe(stored.size);

      // An append whose answer the outage cut off is retried with its key: it answers the event
      // that carries that key (written now, or by the first attempt if that one committed).
      expect(cutOff.length).toBeGreaterThan(0);
      for (const { stream, key } of cutOff) {
        const retried = await store.append(stream, [{ type: 'TestAppended', data: { key } }], { idempotencyKey: key });
        const { rows: at } = await pool.query<{ key: string }>(`select data->>'key' as key from events where global_position = $1`, [
          retried.lastPosition.toString(),
        ]);
        expect(at[0]?.key).toBe(key);
      }
    } finally {
      await pool.end();
    }
  }, 120_000);
});
