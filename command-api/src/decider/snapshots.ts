// Snapshots of folded stream states, for handlers configured with `snapshots`: a state saved every
// `every` events, so that the first command on a long stream after a restart (an empty state cache)
// reads the snapshot and the few events after it instead of folding 100,000 events. Snapshots are a
// cache: never the truth.
import type pg from 'pg';
import type { Logger } from '@murmur/platform';
import type { StateCache } from './state-cache.ts';

export interface SnapshotPolicy {
  /** The module's table (stream_id, version, schema_version, state, updated_at). */
  table: string;
  every: bigint;
  /** Bumped whenever the state changes shape; snapshots of another shape are ignored. */
  schemaVersion: number;
}

/** What this process last saved per stream, so a save is made once per `every` events. */
export class SnapshotMarks {
  private readonly lastSaved = new Map<string, bigint>();

  /** Fills the cache from the newest snapshot when the cache has nothing for the stream. */
  async prime(pool: pg.Pool | pg.PoolClient, policy: SnapshotPolicy, cache: StateCache, streamId: string, owner: object): Promise<void> {
    if (cache.get(streamId, owner)) return;
    const { rows } = await pool.query<{ version: string; state: unknown }>(
      `select version::text, state from ${policy.table} where stream_id = $1 and schema_version = $2`,
      [streamId, policy.schemaVersion],
    );
    const row = rows[0];
    if (row && !cache.get(streamId, owner)) cache.set(streamId, { version: BigInt(row.version), state: row.state, owner });
  }

  /** After a command: saves a snapshot when the stream has grown `every` events past the last one. */
  maybeSave(deps: { pool: pg.Pool; logger: Logger }, policy: SnapshotPolicy, cache: StateCache, streamId: string, owner: object): void {
    const cached = cache.get(streamId, owner);
    if (!cached) return;
    const last = this.lastSaved.get(streamId) ?? 0n;
    if (cached.version - last < policy.every) return;
    this.lastSaved.set(streamId, cached.version);
    if (this.lastSaved.size > 100_000) this.lastSaved.clear();
    // Never newer-than-stored is overwritten by older: the version only moves forward.
    deps.pool
      .query(
        `insert into ${policy.table} (stream_id, version, schema_version, state) values ($1, $2, $3, $4)
         on conflict (stream_id) do update set version = excluded.version, schema_version = excluded.schema_version, state = excluded.state, updated_at = now()
           where ${policy.table}.version < excluded.version or ${policy.table}.schema_version <> excluded.schema_version`,
        [streamId, cached.version.toString(), policy.schemaVersion, JSON.stringify(cached.state)],
      )
      .catch((err) => deps.logger.warn({ err, streamId }, 'snapshot not saved'));
  }
}
