// For rebuild-equality tests: replays the whole log through a projector into a schema of its own,
// and reads a table's rows in a stable order, so live, rebuilt and replayed rows can be compared.
import { readAllFrom, START, subscriptionCaughtUp, type Checkpoint } from '@murmur/eventstore';
import type pg from 'pg';
import { ident, type Projector } from '../projections/src/projector.ts';
import { relevantEvents } from '../projections/src/runner.ts';

export async function replayProjection(pool: pg.Pool, projector: Projector, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`drop schema if exists ${ident(schema)} cascade`);
    await client.query(`create schema ${ident(schema)}`);
    await projector.createTables(client, schema);
    let from: Checkpoint = START;
    for (;;) {
      await client.query('begin');
      const events = await readAllFrom(client, from, 1000);
      const mine = relevantEvents(projector, events);
      if (mine.length > 0) await projector.apply(mine, { client, schema });
      await client.query('commit');
      const last = events.at(-1);
      if (!last) break;
      from = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
  } finally {
    client.release();
  }
}

/** Every row of a table as JSON text, sorted, so two schemas' tables compare with toEqual. */
export async function tableRows(pool: pg.Pool, schema: string, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ j: string }>(`select to_jsonb(t)::text as j from ${ident(schema)}.${ident(table)} t`);
  return rows.map((r) => r.j).sort();
}

/** Waits until a projection has applied everything in the log (or throws after `timeoutMs`). */
export async function waitForProjection(pool: pg.Pool, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await subscriptionCaughtUp(pool, name)) return;
    if (Date.now() > deadline) throw new Error(`projection ${name} did not catch up`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
