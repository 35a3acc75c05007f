// Group commit for appends made outside a caller's transaction. The appends made while others are
// in flight go at the end of that turn of the event loop, together: one round trip, one function
// call and one commit (one WAL flush) for the lot (append_batch, migrations 003-008), each item
// decided exactly as alone, in arrival order per stream; `concurrency` such calls at most are in
// flight. An append that finds none in flight goes at once, so a quiet store adds no latency. Each
// caller's promise settles only after the commit.
import pg from 'pg';
import { isDeadlock, WrongExpectedVersion } from './errors.ts';
import type { StreamGuard } from './types.ts';
import { appendSingle } from './append-single.ts';

/** One append, validated and serialized; `expected` as SQL text (null any, '0' no stream, n). */
export interface AppendItem {
  streamId: string;
  expected: string | null;
  types: string[];
  versions: number[];
  /** Each event's data and metadata as JSON text (joined into one JSON array per call). */
  data: string[];
  metadata: string[];
  key: string | null;
  /** On a money stream (hash-chained), the SHA-256 of each event's data as canonical JSON, 32 bytes
   * each, in the events' order; null on any other stream. */
  digests: Buffer | null;
  /** On a money stream whose head the store knows: that head's version (as SQL text) and the links it
   * computed from it (the head's hash, then each event's hash; 32 bytes each). */
  claim: { version: string; links: Buffer } | null;
  /** Written only while this other stream is still at this version (the store's guard). */
  guard?: StreamGuard;
}

export interface AppendRow {
  first_position: string;
  last_position: string;
  next_version: string;
  duplicate: boolean;
  /** A chained stream's head hash after the append (null when unchained or a repeated key). */
  head: Buffer | null;
}

interface Waiting {
  item: AppendItem;
  resolve: (row: AppendRow) => void;
  reject: (error: unknown) => void;
}

/** A wrong expected version as the store reports it (`detail` is the actual version or 'none'). */
export function wrongVersion(item: Pick<AppendItem, 'streamId' | 'expected'>, actual: string | null): WrongExpectedVersion {
  return new WrongExpectedVersion(
    item.streamId,
    item.expected === '0' ? 'no_stream' : BigInt(item.expected ?? -1),
    actual === null ? null : BigInt(actual),
  );
}

type BatchRow = AppendRow & { item: number; conflict: boolean; actual_version: string | null; guard_moved?: boolean };

/** One call of append_batch for these appends, in this order: a named (prepared) statement, parsed
 * and planned once per connection, whether it carries one append or many. The events' data and
 * metadata go as one JSON array each, joined from the texts the store serialised (migration 005), and
 * the money appends' data digests as one bytea for the whole call, sent in binary (migration 007). */
async function appendBatch(runner: pg.Pool | pg.PoolClient, items: AppendItem[]): Promise<BatchRow[]> {
  if (items.some((i) => i.guard)) return appendBatchGuarded(runner, items);
  const { rows } = await runner.query<BatchRow>({
    name: 'murmur_append_batch_v6',
    text: `select item, first_position, last_position, next_version, duplicate, conflict, actual_version, head
             from append_batch($1::text[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb, $8::jsonb,
                               $9::boolean[], $10::bytea, $11::bigint[], $12::bytea)`,
    values: batchValues(items),
  });
  return rows;
}

/** A batch in which some appends carry a guard: every guard's stream row is share-locked (when still
 * at its version) before append_batch runs, and an append whose guard moved goes in with an expected
 * version no stream has, so it writes nothing and its key is not used up; the rest of the batch
 * commits. A batch never holds an append to a stream that another of its appends is guarded by
 * (AppendBatcher.pump), so no guard can pass on a version its own batch then moves. */
async function appendBatchGuarded(runner: pg.Pool | pg.PoolClient, items: AppendItem[]): Promise<BatchRow[]> {
  const { rows } = await runner.query<BatchRow>({
    name: 'murmur_append_batch_guarded_v3',
    text: `with g as materialized (
             select x.i, x.gs is not null and s.version is null as moved
               from unnest($13::text[], $14::bigint[]) with ordinality as x(gs, gv, i)
               left join lateral (select version from streams where stream_id = x.gs and version = x.gv for share) s on true
           )
           select b.item, b.first_position, b.last_position, b.next_version, b.duplicate, b.conflict, b.actual_version, b.head,
                  g.moved as guard_moved
             from append_batch($1::text[],
                    array(select case when g.moved then -1 else e.v end
                            from unnest($2::bigint[]) with ordinality as e(v, i) join g on g.i = e.i order by e.i),
                    $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb, $8::jsonb, $9::boolean[], $10::bytea,
                    $11::bigint[], $12::bytea) b
             join g on g.i = b.item`,
    values: [...batchValues(items), items.map((i) => i.guard?.streamId ?? null), items.map((i) => i.guard?.version.toString() ?? null)],
  });
  return rows;
}

/** The guard's refusal: its stream moved since the append was decided on it; nothing was written. */
const guardMoved = (guard: StreamGuard) => new WrongExpectedVersion(guard.streamId, guard.version, null);

function batchValues(items: AppendItem[]): unknown[] {
  return [
    items.map((i) => i.streamId),
    items.map((i) => i.expected),
    items.map((i) => i.key),
    items.map((i) => i.types.length),
    items.flatMap((i) => i.types),
    items.flatMap((i) => i.versions),
    `[${items.map((i) => i.data.join(',')).join(',')}]`,
    `[${items.map((i) => i.metadata.join(',')).join(',')}]`,
    items.map((i) => i.digests !== null),
    joined(items.map((i) => i.digests)),
    items.map((i) => i.claim?.version ?? null),
    joined(items.map((i) => i.claim?.links ?? null)),
  ];
}

/** The money appends' digests (or links) in the items' order, as one Buffer (node-pg sends a Buffer
 * parameter in binary; in an array it would print each as hex for PostgreSQL to parse back), or null
 * when none. */
function joined(parts: (Buffer | null)[]): Buffer | null {
  const present = parts.filter((p): p is Buffer => p !== null);
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : Buffer.concat(present);
}

/** One append made only while `guard`'s stream is at its version: one statement, whose share lock
 * on the guard's stream row holds until it commits, so a writer of that stream either committed
 * before (the version no longer matches: nothing is written) or waits until after. The function is
 * called through a lateral join on the locked row, so it never runs when the row does not match. */
export async function appendGuarded(runner: pg.Pool | pg.PoolClient, item: AppendItem, guard: StreamGuard): Promise<AppendRow> {
  const { rows } = await runner.query<BatchRow>({
    name: 'murmur_append_guarded_v4',
    text: `select b.item, b.first_position, b.last_position, b.next_version, b.duplicate, b.conflict, b.actual_version, b.head
             from (select version from streams where stream_id = $13 and version = $14::bigint for share) g
             cross join lateral append_batch(
               case when g.version is not null then $1::text[] end, $2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[],
               $7::jsonb, $8::jsonb, $9::boolean[], $10::bytea, $11::bigint[], $12::bytea) b`,
    values: [...batchValues([item]), guard.streamId, guard.version.toString()],
  });
  const row = rows[0];
  if (!row) throw guardMoved(guard);
  if (row.conflict) throw wrongVersion(item, row.actual_version);
  return row;
}

/** One append on its own (on the caller's transaction client, or `alone` from the pool). A wrong
 * expected version throws WrongExpectedVersion; nothing of the append is written. A lone event goes
 * in one statement (append-single.ts); when that writes nothing, append_batch decides. */
export async function appendOne(runner: pg.Pool | pg.PoolClient, item: AppendItem, alone = false): Promise<AppendRow> {
  const single = await appendSingle(runner, item, alone);
  if (single) return single;
  const row = (await appendBatch(runner, [item]))[0];
  if (!row) throw new Error('append_batch returned no row');
  if (row.conflict) throw wrongVersion(item, row.actual_version);
  return row;
}

export class AppendBatcher {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  /** Batches that failed as a whole and were made again one append at a time (rare; see `run`). */
  fallbacks = 0;

  constructor(
    private readonly pool: pg.Pool,
    /** How many appends (single or batched) may be in flight at once. */
    private readonly concurrency: number,
    /** How many events one batch carries at most (an append bigger than that goes alone). */
    private readonly maxBatch = 64,
    /** Maps a failed single append's database error to the store's error. */
    private readonly translate: (error: unknown, item: AppendItem) => unknown = (error) => error,
  ) {}

  append(item: AppendItem): Promise<AppendRow> {
    return new Promise<AppendRow>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight === 0) this.pump();
      else this.pumpSoon();
    });
  }

  private pumpScheduled = false;

  /** While appends are in flight, the next ones go at the end of this turn of the event loop: the
   * answers that arrived together have resumed their callers by then, and the appends those callers
   * make next go in one batch rather than one by one as each answer frees a slot. */
  private pumpSoon(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, batchLength(this.waiting, this.maxBatch));
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pumpSoon();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    // Rows of streams are locked in stream order by every batch, so two batches never deadlock
    // (a stable sort keeps one stream's appends in arrival order).
    const sorted = [...batch].sort((a, b) => (a.item.streamId < b.item.streamId ? -1 : a.item.streamId > b.item.streamId ? 1 : 0));
    let rows: BatchRow[];
    try {
      rows = await appendBatch(
        this.pool,
        sorted.map((w) => w.item),
      );
    } catch (error) {
      // Only an error the database answered means the batch rolled back (bad data in one item, a
      // rare deadlock on a shared key, the server shutting down): each append is then made again
      // on its own and answers for itself. A connection lost before the answer may have lost it
      // after the commit, so nothing is made again: every append fails as a lone append would.
      if (!(error instanceof pg.DatabaseError)) {
        for (const w of sorted) w.reject(error);
        return;
      }
      this.fallbacks++;
      await Promise.all(sorted.map((w) => this.alone(w)));
      return;
    }
    const byItem = new Map(rows.map((r) => [r.item, r]));
    for (const [index, waiting] of sorted.entries()) {
      const row = byItem.get(index + 1);
      if (!row) waiting.reject(new Error('append_batch returned no row for an item'));
      else if (row.guard_moved && waiting.item.guard) waiting.reject(guardMoved(waiting.item.guard));
      else if (row.conflict) waiting.reject(wrongVersion(waiting.item, row.actual_version));
      else waiting.resolve(row);
    }
  }

  private async alone(waiting: Waiting): Promise<void> {
    const { item } = waiting;
    for (let attempt = 1; ; attempt++) {
      try {
        waiting.resolve(await (item.guard ? appendGuarded(this.pool, item, item.guard) : appendOne(this.pool, item, true)));
        return;
      } catch (error) {
        // Two appends with one key can take the key and the stream's row in opposite orders (the
        // one-statement append bumps the row first, append_batch records the key first), and
        // PostgreSQL then rolls one back. A lone append's transaction is its own, so it is made
        // again and answers as if it had waited: with the other's result when that one used the key.
        if (isDeadlock(error) && attempt < 3) continue;
        waiting.reject(this.translate(error, item));
        return;
      }
    }
  }
}

/** How many of the waiting appends, from the first, go in the next batch: at most `max` events in
 * all (the first goes whatever its size), so that big appends go side by side on several
 * connections, as the cores allow, and only small ones share a round trip; ending before the first
 * that writes a stream an earlier one is guarded by, or is guarded by a stream an earlier one
 * writes. In one transaction the guard would be checked before the other append moved its stream,
 * so the two would commit together although the guard was decided on the older version; in arrival
 * order across batches each is decided as alone. */
export function batchLength(waiting: readonly { item: Pick<AppendItem, 'streamId' | 'guard' | 'types'> }[], max: number): number {
  const written = new Set<string>();
  const guarding = new Set<string>();
  let n = 0;
  let events = 0;
  for (const { item } of waiting) {
    events += item.types.length;
    if (n > 0 && events > max) break;
    if (guarding.has(item.streamId) || (item.guard && written.has(item.guard.streamId))) break;
    written.add(item.streamId);
    if (item.guard) guarding.add(item.guard.streamId);
    n++;
  }
  return Math.max(n, 1);
}
