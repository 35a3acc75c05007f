// Wallet snapshots: the wallet's handler saves its folded state every 1,000 events
// (decider/snapshots.ts), so the first command on a long wallet after a restart reads the snapshot
// and the few events after it. This module owns the table.
import type { Migration } from '@murmur/eventstore';
import type { SnapshotPolicy } from '../decider/snapshots.ts';

/** `schemaVersion` is bumped whenever WalletState changes shape; snapshots of another shape are ignored. */
export const walletSnapshots: SnapshotPolicy = { table: 'wallet_snapshots', every: 1000n, schemaVersion: 6 };

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
