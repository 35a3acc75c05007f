// A projector: the event types it handles, the tables it owns, and how a batch changes them.
// Tables are always created and written in a given schema, so a rebuild can fill fresh tables
// beside the live ones and swap them in.
import { isEventOf, type EventType, type MurmurEvent } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type pg from 'pg';

export interface ProjectionContext {
  client: pg.PoolClient;
  /** The schema to write: `rm` when live, a scratch schema during a rebuild. */
  schema: string;
}

/** An event read from the log, narrowed to the types a projector handles (data typed by the
 * registry in `contracts`, and only that: a field the schema lacks is a compile error, not an
 * `unknown`), so `switch (e.type)` gives each case its own data type. */
export type ProjectedEvent<T extends EventType = EventType> = Omit<RecordedEvent, 'type' | 'data'> & MurmurEvent<T>;

/** What the runner and rebuild see: any projector, whatever it handles. */
export interface Projector {
  name: string;
  /** Tables (unqualified) this projector owns; a rebuild swaps exactly these. */
  tables: string[];
  /** Event types it reacts to; others are skipped without a call. Empty: every event. */
  handles: readonly string[];
  /** `create table if not exists` statements for its tables in `schema`. */
  createTables(client: pg.PoolClient | pg.Pool, schema: string): Promise<void>;
  apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
}

/** A projector as written: typed by the event types it names (Emmett's `canHandle`). */
export interface TypedProjector<T extends EventType> extends Omit<Projector, 'handles' | 'apply'> {
  handles: readonly T[];
  apply(events: Array<ProjectedEvent<T>>, ctx: ProjectionContext): Promise<void>;
}

/** Narrows a batch to `handles` before the projector sees it; `apply` never casts event data. */
export function defineProjector<T extends EventType>(projector: TypedProjector<T>): Projector {
  return {
    ...projector,
    apply: (events, ctx) => projector.apply(narrowEvents(events, projector.handles), ctx),
  };
}

/** The events of the given types, typed as such. */
export function narrowEvents<T extends EventType>(events: RecordedEvent[], types: readonly T[]): Array<ProjectedEvent<T>> {
  return events.filter((e): e is ProjectedEvent<T> => isEventOf(e, types));
}

/** Double-quotes an identifier (schemas and tables are ours, but never trust a name in SQL). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const LIVE_SCHEMA = 'rm';
