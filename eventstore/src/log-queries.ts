// Every question other workspaces ask of the event store's tables (events, streams,
// idempotency_keys, subscription_checkpoints), as named functions: no other workspace writes SQL
// against them. The log's order is (transaction id, position); it is compared in exactly one place
// in SQL (`pairAfter`) and one in code (`compareCheckpoints`).
import type pg from 'pg';
import { EVENT_COLUMNS, LOG_HORIZON_SQL, toRecorded, type EventRow } from './postgres-event-store.ts';
import type { Checkpoint, RecordedEvent } from './types.ts';
import { START } from './types.ts';

type Runner = pg.Pool | pg.PoolClient;

/** The SQL condition "pair `left` comes after pair `right`" in the log's order. Each side is a
 * (transaction_id, global_position) row expression. */
export function pairAfter(left: string, right: string): string {
  return `(${left}) > (${right})`;
}
const columnsOf = (alias: string) => `${alias}.transaction_id, ${alias}.global_position`;
const params = (tx: number, position: number) => `$${tx}::xid8, $${position}::bigint`;

/** -1, 0 or 1 as `a` comes before, at or after `b` in the log's order. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

export function checkpointOf(event: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>): Checkpoint {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** The (transaction id, position) pair as SQL parameters. */
export function checkpointParams(c: Checkpoint): [string, string] {
  return [c.transactionId.toString(), c.globalPosition.toString()];
}

/** "The event aliased `e` comes after the checkpoint in parameters $first, $first + 1". */
export function eventsAfterSql(e: string, first: number): string {
  return pairAfter(columnsOf(e), params(first, first + 1));
}

/** Whether the log holds a committed event after the checkpoint: one a reader below the horizon
 * could not take yet (a transaction that began before it is still open) or one committed since. */
export async function eventsAfter(runner: Runner, from: Checkpoint): Promise<boolean> {
  const { rows } = await runner.query<{ any: boolean }>({
    name: 'murmur_events_after_v1',
    text: `select exists(select 1 from events where ${eventsAfterSql('events', 1)}) as any`,
    values: checkpointParams(from),
  });
  return rows[0]?.any === true;
}

/** The newest global position (0 when the log is empty). */
export async function headPosition(runner: Runner): Promise<bigint> {
  const { rows } = await runner.query<{ p: string | null }>('select max(global_position) as p from events');
  return BigInt(rows[0]?.p ?? 0);
}

/** The position of the last event in the log's order, (transaction id, position), 0 when empty.
 * Concurrent appends take positions out of that order, so the highest position may come before
 * other events: a wait for "everything so far" waits for this one. */
export async function lastPositionInLogOrder(runner: Runner): Promise<bigint> {
  const { rows } = await runner.query<{ p: string }>(
    'select global_position as p from events order by transaction_id desc, global_position desc limit 1',
  );
  return BigInt(rows[0]?.p ?? 0);
}

/** True when nothing has ever been appended (but on the `ignoring` streams). */
export async function logIsEmpty(runner: Runner, ignoring: readonly string[] = []): Promise<boolean> {
  const { rows } = await runner.query<{ any: boolean }>('select exists (select 1 from events where stream_id <> all($1::text[])) as any', [
    ignoring,
  ]);
  return rows[0]?.any !== true;
}

/** The checkpoint of the event at a global position, or null when there is none. */
export async function checkpointAtPosition(runner: Runner, position: bigint): Promise<Checkpoint | null> {
  if (position === 0n) return START;
  const { rows } = await runner.query<{ transaction_id: string }>('select transaction_id::text from events where global_position = $1', [
    position.toString(),
  ]);
  return rows[0] ? { transactionId: BigInt(rows[0].transaction_id), globalPosition: position } : null;
}

/** How many events lie in (after, upTo], counting at most `limit`. */
export async function countEventsBetween(runner: Runner, after: Checkpoint, upTo: Checkpoint, limit: number): Promise<number> {
  const { rows } = await runner.query<{ n: string }>(
    `select count(*) as n from (select 1 from events e
       where ${eventsAfterSql('e', 1)} and not ${eventsAfterSql('e', 3)}
       limit $5) gap`,
    [...checkpointParams(after), ...checkpointParams(upTo), limit],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Makes sure a subscription has a checkpoint row (at the start when new), so it can be locked. */
export async function ensureCheckpoint(runner: Runner, name: string): Promise<void> {
  await runner.query(
    `insert into subscription_checkpoints (name, transaction_id, global_position) values ($1, '0'::xid8, 0) on conflict do nothing`,
    [name],
  );
}

/** A subscription's lag: the events after its checkpoint and the time of the oldest of them. */
/** Every subscription's checkpoint (projections, reactors), by name, with when it last moved. */
export async function listCheckpoints(runner: Runner): Promise<Array<{ name: string; checkpoint: Checkpoint; updatedAt: Date | null }>> {
  const { rows } = await runner.query<{ name: string; transaction_id: string; global_position: string; updated_at: Date | null }>(
    'select name, transaction_id::text, global_position::text, updated_at from subscription_checkpoints order by name',
  );
  return rows.map((r) => ({
    name: r.name,
    checkpoint: { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) },
    updatedAt: r.updated_at,
  }));
}

export async function subscriptionLag(runner: Runner, checkpoint: Checkpoint): Promise<{ events: number; oldest: Date | null }> {
  const { rows } = await runner.query<{ n: string; oldest: Date | null }>(
    `select count(*) as n, min(created_at) as oldest from events e where ${eventsAfterSql('e', 1)}`,
    checkpointParams(checkpoint),
  );
  return { events: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

const checkpointOfName = (name: string) =>
  `coalesce((select (${columnsOf('c')}) from subscription_checkpoints c where c.name = ${name}), ('0'::xid8, 0::bigint))`;

/** True once the subscription has applied the event at `position` (false when the log holds none there). */
export async function subscriptionReached(runner: Runner, name: string, position: bigint): Promise<boolean> {
  const { rows } = await runner.query<{ reached: boolean }>(
    `select not ${pairAfter(columnsOf('e'), checkpointOfName('$1'))} as reached from events e where e.global_position = $2`,
    [name, position.toString()],
  );
  return rows[0]?.reached === true;
}

/** True when the subscription has applied every event in the log. */
export async function subscriptionCaughtUp(runner: Runner, name: string): Promise<boolean> {
  const { rows } = await runner.query<{ done: boolean }>(
    `select not exists (select 1 from events e where ${pairAfter(columnsOf('e'), checkpointOfName('$1'))}) as done`,
    [name],
  );
  return rows[0]?.done === true;
}

/**
 * True once the subscription (which must have started) has applied every event written before
 * `before`: by its time of writing, or, for events of `stamped.type`, by the time its data names in
 * `stamped.field` (an ISO string), so that an event that says it happened earlier counts too.
 */
export async function subscriptionAppliedBefore(
  runner: Runner,
  name: string,
  before: Date,
  stamped?: { type: string; field: string },
): Promise<boolean> {
  const { rows } = await runner.query<{ ready: boolean }>(
    `select exists (select 1 from subscription_checkpoints where name = $1)
        and not exists (
          select 1 from events e
           where ${pairAfter(columnsOf('e'), checkpointOfName('$1'))}
             and (e.created_at < $2 or (e.type = $3::text and e.data->>($4::text) < $5))
        ) as ready`,
    [name, before, stamped?.type ?? null, stamped?.field ?? null, before.toISOString()],
  );
  return rows[0]?.ready === true;
}

/** The events an idempotency key's first append wrote, or null when the key has no completed append. */
export async function firstResultOfKey(
  runner: Runner,
  key: string,
): Promise<{ streamId: string; lastPosition: bigint; events: Array<{ type: string; data: Record<string, unknown> }> } | null> {
  const { rows } = await runner.query<{ first_position: string; last_position: string; stream_id: string }>(
    'select first_position::text, last_position::text, stream_id from idempotency_keys where key = $1 and last_position > 0',
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  const events = await runner.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from events where global_position between $1 and $2 and stream_id = $3 order by global_position',
    [row.first_position, row.last_position, row.stream_id],
  );
  return { streamId: row.stream_id, lastPosition: BigInt(row.last_position), events: events.rows };
}

/** Events of the given types after a global position, in position order (for a replay inside one
 * repeatable-read snapshot, where every committed event is visible and position order is complete). */
export async function readTypesAfterPosition(
  runner: Runner,
  afterPosition: bigint,
  types: string[],
  limit: number,
): Promise<RecordedEvent[]> {
  const { rows } = await runner.query<EventRow>(
    `select ${EVENT_COLUMNS} from events where global_position > $1 and type = any($2::text[]) order by events.global_position limit $3`,
    [afterPosition.toString(), types, limit],
  );
  return rows.map(toRecorded);
}

/** The last event every log reader can already see: a reader starting after it misses nothing later. */
export async function readableHead(runner: Runner): Promise<Checkpoint> {
  const { rows } = await runner.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text, global_position from events
      where events.transaction_id < ${LOG_HORIZON_SQL}
      order by events.transaction_id desc, events.global_position desc limit 1`,
  );
  const row = rows[0];
  return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : START;
}
