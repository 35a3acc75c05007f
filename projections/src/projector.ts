// A projector: the event types it handles, the tables it owns, and how a batch changes them.
// Tables are always created and written in a given schema, so a rebuild can fill fresh tables
// beside the live ones and swap them in.
import type { RecordedEvent } from '@murmur/eventstore';
import type pg from 'pg';

export interface ProjectionContext {
  client: pg.PoolClient;
  /** The schema to write: `rm` when live, a scratch schema during a rebuild. */
  schema: string;
}

export interface Projector {
  name: string;
  /** Tables (unqualified) this projector owns; a rebuild swaps exactly these. */
  tables: string[];
  /** Event types it reacts to; others are skipped without a call. */
  handles: readonly string[];
  /** `create table if not exists` statements for its tables in `schema`. */
  createTables(client: pg.PoolClient | pg.Pool, schema: string): Promise<void>;
  apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
}

/** Double-quotes an identifier (schemas and tables are ours, but never trust a name in SQL). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const LIVE_SCHEMA = 'rm';
