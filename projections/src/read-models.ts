// Creates the live read-model schema and every projector's tables (idempotent, one process at a time).
import type pg from 'pg';
import { ensureFirstPassTable } from './first-pass.ts';
import { ident, LIVE_SCHEMA } from './projector.ts';
import { projectors } from './registry.ts';

export async function ensureReadModels(pool: pg.Pool, schema = LIVE_SCHEMA): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('murmur-read-models'))`);
    await client.query(`create schema if not exists ${ident(schema)}`);
    for (const projector of projectors) await projector.createTables(client, schema);
    await ensureFirstPassTable(client);
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('murmur-read-models'))`).catch(() => undefined);
    client.release();
  }
}
