// The PostgreSQL event store (docs/decisions/foundation.md): one function call per append or per batch of
// appends (group commit, append-batcher.ts), xid8-ordered global reads that never skip a
// late-committing transaction.
import { eventDataProblem, isMoneyStream } from '@murmur/contracts';
import { linksFrom, sha256Hex } from './money-chain.ts';
import { StreamHeads } from './stream-heads.ts';
import { storedCanonicalJson } from './stored-canonical-json.ts';
import pg from 'pg';
import { eventsAfterSql, headPosition } from './log-queries.ts';
import { AppendBatcher, appendGuarded, appendOne, wrongVersion, type AppendItem, type AppendRow } from './append-batcher.ts';
import { ReadCoalescer } from './read-coalescer.ts';
import { InvalidEvent, InvalidExpectedVersion, InvalidStreamId, StreamNotFound } from './errors.ts';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadStreamOptions,
  ReadStreamResult,
  RecordedEvent,
} from './types.ts';

export const EVENTS_CHANNEL = 'murmur_events';

const streamIdPattern = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;

const MAX_EVENTS_PER_APPEND = 10_000;

export type EventRow = {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: Date;
};

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    globalPosition: BigInt(row.global_position),
    transactionId: BigInt(row.transaction_id),
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

export const EVENT_COLUMNS =
  'global_position, transaction_id::text as transaction_id, stream_id, stream_version, type, schema_version, data, metadata, created_at';

type ReadStreamRow = { current_version: string; head: Buffer | null } & { [K in keyof EventRow]: EventRow[K] | null };

const READ_STREAM = `select s.version::text as current_version, s.head_hash as head, e.*
   from streams s
   left join lateral (
     select ${EVENT_COLUMNS} from events
      where events.stream_id = s.stream_id and events.stream_version >= $2
      order by events.stream_version limit $3) e on true
  where s.stream_id = $1`;

export function assertStreamId(streamId: unknown): asserts streamId is string {
  if (typeof streamId !== 'string' || !streamIdPattern.test(streamId)) throw new InvalidStreamId(streamId);
}

/** null = any, 0 = no stream, n = exactly n. */
function expectedToSql(expected: ExpectedVersion | undefined): string | null {
  if (expected === undefined || expected === 'any') return null;
  if (expected === 'no_stream') return '0';
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0) return String(expected);
  if (typeof expected === 'bigint' && expected >= 0n) return expected.toString();
  throw new InvalidExpectedVersion(expected);
}

const eventTypePattern = /^[A-Z][A-Za-z0-9]{0,99}$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The append's input check. Plain code rather than a zod parse for the envelope: it runs on every
 * append; then each event's data is checked against its type's schema in the registry of
 * `contracts` (~8 us for a GiftSent), always: no store is built without it. */
function validateEvents(events: readonly NewEvent[]): void {
  if (!Array.isArray(events) || events.length === 0) throw new InvalidEvent('An append needs at least one event');
  if (events.length > MAX_EVENTS_PER_APPEND) throw new InvalidEvent(`At most ${MAX_EVENTS_PER_APPEND} events per append`);
  // Checked as unknown input: a caller outside TypeScript's reach (a script, a cast) gets the same answer.
  events.forEach((event: unknown, index) => {
    if (!isPlainObject(event)) throw new InvalidEvent(`Event ${index}: must be an object`);
    if (typeof event.type !== 'string' || !eventTypePattern.test(event.type))
      throw new InvalidEvent(`Event ${index}: type must be PascalCase, at most 100 characters`);
    if (!isPlainObject(event.data)) throw new InvalidEvent(`Event ${index}: data must be an object`);
    if (event.metadata !== undefined && !isPlainObject(event.metadata))
      throw new InvalidEvent(`Event ${index}: metadata must be an object`);
    const v = event.schemaVersion;
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 1000))
      throw new InvalidEvent(`Event ${index}: schemaVersion must be an integer from 1 to 1000`);
    const problem = eventDataProblem(event.type, event.data);
    if (problem) throw new InvalidEvent(`Event ${index}: ${problem}`);
  });
}

function serialize(value: unknown, what: string, canonical = false): string {
  try {
    const json = canonical ? storedCanonicalJson(value) : JSON.stringify(value);
    if (json.includes('\\u0000')) throw new Error('NUL characters cannot be stored');
    return json;
  } catch (error) {
    throw new InvalidEvent(`${what} is not serializable: ${(error as Error).message}`);
  }
}

/** Coalesces wake-up NOTIFYs: sent after commit, from outside the append's transaction (a NOTIFY
 * inside would serialise every commit on PostgreSQL's notify-queue lock), at most one every
 * `delayMs` (5 ms) per process, so a burst of appends costs one NOTIFY rather than one each. */
class Notifier {
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;
  private queued = false;
  constructor(
    private readonly pool: pg.Pool,
    private readonly delayMs = 5,
  ) {}

  poke(): void {
    if (this.timer || this.inFlight) {
      this.queued = true;
      return;
    }
    this.timer = setTimeout(() => this.send(), this.delayMs);
  }

  private send(): void {
    this.timer = null;
    this.queued = false;
    this.inFlight = true;
    this.pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .catch(() => undefined) // readers poll as well; a lost wake-up only delays them
      .finally(() => {
        this.inFlight = false;
        if (this.queued) this.poke();
      });
  }
}

export class PostgresEventStore implements EventStore {
  private readonly notifier: Notifier;

  private readonly batcher: AppendBatcher;

  /** Chained streams' heads as this store last saw them: it links appends to them. */
  private readonly heads = new StreamHeads();

  private readonly reads = new ReadCoalescer<pg.QueryResult<ReadStreamRow>>((result) => ({
    ...result,
    rows: result.rows.map((row) => ({ ...row, data: structuredClone(row.data), metadata: structuredClone(row.metadata) })),
  }));

  /** `appendConcurrency`: appends in flight at once before the next ones are batched (a quarter of
   * the pool by default, at least 2). Event data is always checked against the registry's schemas. */
  constructor(
    readonly pool: pg.Pool,
    options: { appendConcurrency?: number } = {},
  ) {
    this.notifier = new Notifier(pool);
    const poolSize = pool.options.max ?? 10;
    this.batcher = new AppendBatcher(pool, options.appendConcurrency ?? Math.max(2, Math.floor(poolSize / 4)), 64, translateAppendError);
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    assertStreamId(streamId);
    const expected = expectedToSql(options.expectedVersion);
    validateEvents(events);
    if (
      options.idempotencyKey !== undefined &&
      (typeof options.idempotencyKey !== 'string' || options.idempotencyKey.length === 0 || options.idempotencyKey.length > 300)
    ) {
      throw new InvalidEvent('Idempotency key must be 1-300 characters');
    }
    // A money stream's events are hash-chained inside the append (docs/decisions/ledger-proof.md):
    // their data is serialised once as canonical JSON, which is both the text stored and the text
    // digested, and linked here when this store knows the stream's head. Other streams' data goes as
    // JSON.stringify writes it.
    const chained = isMoneyStream(streamId);
    const data = events.map((e, i) => serialize(e.data, `Event ${i} data`, chained));
    const types = events.map((e) => e.type);
    const dataDigests = chained ? data.map(sha256Hex) : null;
    const head = chained ? this.heads.claimFor(streamId, expected) : null;
    const keyMetadata = options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : null;
    const item: AppendItem = {
      streamId,
      expected,
      types,
      versions: events.map((e) => e.schemaVersion ?? 1),
      data,
      // Most events carry no metadata: their '{}' is not serialised again for each.
      metadata: events.map((e, i) =>
        e.metadata === undefined && !keyMetadata ? '{}' : serialize({ ...e.metadata, ...keyMetadata }, `Event ${i} metadata`),
      ),
      key: options.idempotencyKey ?? null,
      // Hex texts joined into one Buffer: a Buffer per event cost about as much as its digest.
      digests: dataDigests ? Buffer.from(dataDigests.join(''), 'hex') : null,
      claim:
        head && dataDigests
          ? { version: head.version.toString(), links: Buffer.from(linksFrom(head, streamId, types, dataDigests), 'hex') }
          : null,
    };
    let row: AppendRow;
    if (options.guard) assertStreamId(options.guard.streamId);
    if (options.guard && options.client) {
      try {
        row = await appendGuarded(options.client, item, options.guard);
      } catch (error) {
        throw translateAppendError(error, item);
      }
      await options.client.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
    } else if (options.client) {
      try {
        row = await appendOne(options.client, item);
      } catch (error) {
        throw translateAppendError(error, item);
      }
      await options.client.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
    } else {
      // A guarded append joins the group commit too (append-batcher.ts, appendBatchGuarded).
      row = await this.batcher.append(options.guard ? { ...item, guard: options.guard } : item);
      if (!row.duplicate) this.notifier.poke();
    }
    if (row.head) this.heads.remember(streamId, BigInt(row.next_version), row.head.toString('hex'));
    return {
      streamId,
      firstPosition: BigInt(row.first_position),
      lastPosition: BigInt(row.last_position),
      nextExpectedVersion: BigInt(row.next_version),
      duplicate: row.duplicate,
    };
  }

  /** Batches of appends that failed as a whole and were made again one by one (see AppendBatcher). */
  get appendBatchFallbacks(): number {
    return this.batcher.fallbacks;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    assertStreamId(streamId);
    const from = options.fromVersion ?? 1n;
    const limit = options.limit ?? 1_000_000;
    // One statement (one round trip, one snapshot): the stream's row with its events from `from` on.
    // Named, so each connection parses and plans it once: every command that loads a stream runs it.
    // Outside a transaction, reads of the same stream asked together share one (read-coalescer.ts).
    const query = () =>
      (options.client ?? this.pool).query<ReadStreamRow>({
        name: 'murmur_read_stream_v2',
        text: READ_STREAM,
        values: [streamId, from.toString(), limit],
      });
    const { rows } = options.client ? await query() : await this.reads.run(`${streamId} ${from} ${limit}`, query);
    if (options.requireExisting && rows.length === 0) throw new StreamNotFound(streamId);
    const events = rows.filter((r): r is typeof r & EventRow => r.global_position !== null).map(toRecorded);
    const version = BigInt(rows[0]?.current_version ?? 0);
    // A command that loads a wallet appends at the version it read: that append is linked here.
    if (rows[0]?.head) this.heads.remember(streamId, version, rows[0].head.toString('hex'));
    return { streamId, version, events };
  }

  async readAll(from: Checkpoint, limit: number, client?: pg.PoolClient): Promise<RecordedEvent[]> {
    return readAllFrom(client ?? this.pool, from, limit);
  }

  /** Which of these streams have at least one event. */
  async existingStreams(streamIds: string[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ stream_id: string }>('select stream_id from streams where stream_id = any($1::text[])', [
      streamIds,
    ]);
    return new Set(rows.map((r) => r.stream_id));
  }

  /** The newest global position (for lag and freshness). */
  async headPosition(): Promise<bigint> {
    return headPosition(this.pool);
  }
}

/** The visibility horizon of the global log: the oldest transaction still in progress in THIS
 * database (or the snapshot's xmax when none is). Every transaction below it has ended, so
 * reading only rows below it never skips one that commits late with a lower position.
 * `pg_snapshot_xmin` alone is cluster-wide: a long transaction in another database on the same
 * server would hold our readers back. Only transactions that pg_stat_activity shows running in
 * ANOTHER database are left out; one that ended meanwhile stays in, which errs on the safe side. */
export const LOG_HORIZON_SQL = `(
  with snap as (select pg_current_snapshot() as s)
  select coalesce(
    (select min(x) from snap, pg_snapshot_xip(snap.s) as x
      where xid(x) not in (select backend_xid from pg_stat_activity
                            where datname <> current_database() and backend_xid is not null)),
    (select pg_snapshot_xmax(s) from snap)))`;

// The log readers' statements are named, so each connection parses and plans them once: the horizon's
// view of pg_stat_activity alone took ~0.6 ms to plan, on every batch of every reader. Built on first
// use: log-queries.ts and this module import each other.
let readAllSql: string | undefined;
const readAllText = () =>
  (readAllSql ??= `select ${EVENT_COLUMNS} from events
      where ${eventsAfterSql('events', 1)}
        and events.transaction_id < ${LOG_HORIZON_SQL}
      order by events.transaction_id, events.global_position -- the columns, not the text aliases of the select list
      limit $3`);

/** Reads the global log after a checkpoint, in commit-safe order: only rows whose writing
 * transaction is below the horizon, ordered by (transaction id, position). */
export async function readAllFrom(runner: pg.Pool | pg.PoolClient, from: Checkpoint, limit: number): Promise<RecordedEvent[]> {
  const { rows } = await runner.query<EventRow>({
    name: 'murmur_read_all_v1',
    text: readAllText(),
    values: [from.transactionId.toString(), from.globalPosition.toString(), limit],
  });
  return rows.map(toRecorded);
}

export interface TypedBatch {
  /** The batch's events of the asked types, in the log's order. */
  events: RecordedEvent[];
  /** How many events the batch spans, of every type (at most the limit). */
  scanned: number;
  /** The last event the batch spans, of any type: where the reader goes on from. Null when empty. */
  end: Checkpoint | null;
}

let readBatchOfSql: string | undefined;
const readBatchOfText = () =>
  (readBatchOfSql ??= `select b.transaction_id::text as transaction_id, b.global_position, e.stream_id, e.stream_version, e.type, e.schema_version, e.data, e.metadata, e.created_at
       from (select events.transaction_id, events.global_position, events.type from events
              where ${eventsAfterSql('events', 1)}
                and events.transaction_id < ${LOG_HORIZON_SQL}
              order by events.transaction_id, events.global_position
              limit $3) b
       left join events e on e.global_position = b.global_position and b.type = any($4::text[])
      order by b.transaction_id, b.global_position`);

/** As `readAllFrom`, for a reader of a few event types: the batch spans the same events, but only
 * those of `types` come with their columns; of the others only the position travels, so a reactor
 * waiting for a rare event does not fetch and parse every gift's JSON. */
export async function readBatchOf(
  runner: pg.Pool | pg.PoolClient,
  from: Checkpoint,
  limit: number,
  types: readonly string[],
): Promise<TypedBatch> {
  const { rows } = await runner.query<{
    [K in keyof EventRow]: K extends 'transaction_id' | 'global_position' ? EventRow[K] : EventRow[K] | null;
  }>({
    name: 'murmur_read_batch_of_v1',
    text: readBatchOfText(),
    values: [from.transactionId.toString(), from.globalPosition.toString(), limit, types],
  });
  const last = rows.at(-1);
  return {
    events: rows.filter((r): r is typeof r & EventRow => r.type !== null).map(toRecorded),
    scanned: rows.length,
    end: last ? { transactionId: BigInt(last.transaction_id), globalPosition: BigInt(last.global_position) } : null,
  };
}

function translateAppendError(error: unknown, item: AppendItem): unknown {
  const pgError = error as { code?: string; detail?: string };
  if (pgError.code === 'ES409') return wrongVersion(item, pgError.detail && pgError.detail !== 'none' ? pgError.detail : null);
  if (pgError.code === 'ES422') return new InvalidEvent((error as Error).message);
  if (pgError.code === '22P05' || pgError.code === '22P02' || pgError.code === '54000') {
    return new InvalidEvent(`Event rejected by the database: ${(error as Error).message}`);
  }
  return error;
}
