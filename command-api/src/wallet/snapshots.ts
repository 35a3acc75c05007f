// Wallet snapshots: a folded wallet state saved every SNAPSHOT_EVERY events, so that the first
// command on a long wallet after a restart (an empty state cache) reads the snapshot and the few
// events after it instead of folding 100,000 events. Snapshots are a cache: never the truth.
import type { Migration } from '@murmur/eventstore';
import type { CommandDeps } from '../dependencies.ts';
import type { WalletState } from './wallet.ts';

export const SNAPSHOT_EVERY = 1000n;
/** Bumped whenever WalletState changes shape; snapshots of another shape are ignored. */
const STATE_SCHEMA = 3;

export const walletSnapshotMigrations: Migration[] = [
  {
    id: 'money-001-wallet-snapshots',
    sql: `create table wallet_snapshots (
      stream_id text primary key,
      version bigint not null,
      schema_version int not null,
      state jsonb not null,
      updated_at timestamptz not null default now()
    )`,
  },
];

/** Fills the state cache from the newest snapshot when the cache has nothing for the stream. */
export async function primeFromSnapshot(deps: CommandDeps, streamId: string): Promise<void> {
  if (deps.cache.get(streamId)) return;
  const { rows } = await deps.pool.query<{ version: string; state: WalletState }>(
    'select version::text, state from wallet_snapshots where stream_id = $1 and schema_version = $2',
    [streamId, STATE_SCHEMA],
  );
  const row = rows[0];
  if (row && !deps.cache.get(streamId)) deps.cache.set(streamId, { version: BigInt(row.version), state: row.state });
}

const lastSaved = new Map<string, bigint>();

/** After a command: saves a snapshot when the stream has grown SNAPSHOT_EVERY events past the last one. */
export function maybeSnapshot(deps: CommandDeps, streamId: string): void {
  const cached = deps.cache.get<WalletState>(streamId);
  if (!cached) return;
  const last = lastSaved.get(streamId) ?? 0n;
  if (cached.version - last < SNAPSHOT_EVERY) return;
  lastSaved.set(streamId, cached.version);
  if (lastSaved.size > 100_000) lastSaved.clear();
  // Never newer-than-stored is overwritten by older: the version only moves forward.
  deps.pool
    .query(
      `insert into wallet_snapshots (stream_id, version, schema_version, state) values ($1, $2, $3, $4)
       on conflict (stream_id) do update set version = excluded.version, schema_version = excluded.schema_version, state = excluded.state, updated_at = now()
         where wallet_snapshots.version < excluded.version or wallet_snapshots.schema_version <> excluded.schema_version`,
      [streamId, cached.version.toString(), STATE_SCHEMA, JSON.stringify(cached.state)],
    )
    .catch((err) => deps.logger.warn({ err, streamId }, 'wallet snapshot not saved'));
}
