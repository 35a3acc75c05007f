// Rebuilds one projection from position 0 into fresh tables while the live one keeps serving,
// then swaps them in, in one transaction that pauses the live runner between two of its batches.
import { ensureCheckpoint, headPosition, loadCheckpoint, readAllFrom, saveCheckpoint, START, type Checkpoint } from '@murmur/eventstore';
import type pg from 'pg';
import { ident, LIVE_SCHEMA, type Projector } from './projector.ts';
import { relevantEvents } from './runner.ts';

export interface RebuildProgress {
  position: bigint;
  head: bigint;
  events: number;
}

async function applyBatch(client: pg.PoolClient, projector: Projector, schema: string, from: Checkpoint, batchSize: number) {
  const events = await readAllFrom(client, from, batchSize);
  const mine = relevantEvents(projector, events);
  if (mine.length > 0) await projector.apply(mine, { client, schema });
  const last = events.at(-1);
  return { count: events.length, checkpoint: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : from };
}

export async function rebuildProjection(
  pool: pg.Pool,
  projector: Projector,
  options: { batchSize?: number; onProgress?: (p: RebuildProgress) => void; liveSchema?: string } = {},
): Promise<{ events: number; checkpoint: Checkpoint }> {
  const batchSize = options.batchSize ?? 2000;
  const live = options.liveSchema ?? LIVE_SCHEMA;
  const scratch = `rebuild_${projector.name.replace(/[^a-z0-9]/gi, '_')}`;
  const client = await pool.connect();
  let total = 0;
  try {
    // A single rebuild of a projection at a time; a leftover scratch schema of a crashed one is dropped.
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      `murmur-rebuild:${projector.name}`,
    ]);
    if (!rows[0]?.ok) throw new Error(`A rebuild of ${projector.name} is already running`);
    await client.query(`drop schema if exists ${ident(scratch)} cascade`);
    await client.query(`create schema ${ident(scratch)}`);
    await projector.createTables(client, scratch);
    const head = await headPosition(client);

    // Unlocked, up to the head seen at the start: under heavy writes the head keeps moving, and
    // chasing it here could go on forever. The locked phase below takes the rest.
    let checkpoint: Checkpoint = START;
    for (;;) {
      await client.query('begin');
      const batch = await applyBatch(client, projector, scratch, checkpoint, batchSize);
      await client.query('commit');
      checkpoint = batch.checkpoint;
      total += batch.count;
      options.onProgress?.({ position: checkpoint.globalPosition, head, events: total });
      if (batch.count < batchSize || checkpoint.globalPosition >= head) break;
    }

    // The live checkpoint row must exist so that locking it pauses the live runner.
    await ensureCheckpoint(client, projector.name);
    await client.query('begin');
    await loadCheckpoint(client, projector.name, true);
    // Bounded: this transaction holds an xid, so transactions that start after it stay above the
    // horizon and are left to the live runner, which resumes from the checkpoint set below.
    for (;;) {
      const batch = await applyBatch(client, projector, scratch, checkpoint, batchSize);
      checkpoint = batch.checkpoint;
      total += batch.count;
      if (batch.count < batchSize) break;
    }
    for (const table of projector.tables) {
      await client.query(`drop table if exists ${ident(live)}.${ident(table)}`);
      await client.query(`alter table ${ident(scratch)}.${ident(table)} set schema ${ident(live)}`);
    }
    await saveCheckpoint(client, projector.name, checkpoint);
    await client.query(`drop schema ${ident(scratch)} cascade`);
    await client.query('commit');
    options.onProgress?.({ position: checkpoint.globalPosition, head: checkpoint.globalPosition, events: total });
    return { events: total, checkpoint };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.query(`select pg_advisory_unlock_all()`).catch(() => undefined);
    client.release();
  }
}
