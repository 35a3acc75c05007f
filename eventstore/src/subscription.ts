// A named subscription to the global log: one runner at a time (advisory lock), each batch
// applied and checkpointed in ONE transaction, woken by NOTIFY, catching up by polling.
import pg from 'pg';
import { LogListener } from './log-listener.ts';
import { checkpointOf, compareCheckpoints, eventsAfter } from './log-queries.ts';
import { readAllFrom, readBatchOf, type TypedBatch } from './postgres-event-store.ts';
import { START, type Checkpoint, type RecordedEvent } from './types.ts';

export interface SubscriptionHandler {
  name: string;
  /** The only event types it handles, when it names them: a batch then fetches the others' positions
   * only, and the handler is given just these (its checkpoint still moves past the rest). */
  types?: readonly string[];
  /** Applies a batch inside the subscription's open transaction on `client`. */
  handle(events: RecordedEvent[], client: pg.PoolClient): Promise<void>;
}

export interface SubscriptionOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  lockRetryMs?: number;
  onBatch?: (info: { name: string; count: number; checkpoint: Checkpoint }) => void;
  onError?: (error: unknown) => void;
  /** Commit each batch without waiting for its WAL flush (`synchronous_commit` off for that
   * transaction alone). Only for handlers whose writes are rebuilt from the log, as read models are:
   * a database crash then loses at most their last batches together with their checkpoints (a
   * transaction is never kept in part), and they apply those events again on restart. Never for a
   * handler that appends events or acts outside the database. */
  asynchronousCommit?: boolean;
}

export async function loadCheckpoint(runner: pg.Pool | pg.PoolClient, name: string, forUpdate = false): Promise<Checkpoint> {
  const { rows } = await runner.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text, global_position from subscription_checkpoints where name = $1 ${forUpdate ? 'for update' : ''}`,
    [name],
  );
  const row = rows[0];
  return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : START;
}

export async function saveCheckpoint(client: pg.PoolClient, name: string, checkpoint: Checkpoint): Promise<void> {
  await client.query(
    `insert into subscription_checkpoints (name, transaction_id, global_position) values ($1, $2::xid8, $3)
     on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`,
    [name, checkpoint.transactionId.toString(), checkpoint.globalPosition.toString()],
  );
}

export function lockKey(name: string): string {
  return `murmur-subscription:${name}`;
}

/** Thrown inside a batch's transaction when its connection no longer holds the subscription's lock:
 * the batch rolls back, so a runner that lost its lease never commits rows or a checkpoint. */
export class LeaseLostError extends Error {
  constructor(readonly lockName: string) {
    super(`The lease ${lockName} is no longer held by this connection; the batch was not committed`);
  }
}

/** "This connection holds the session lock of the key in `param`" in SQL. */
const HOLDS_LOCK_SQL = (param: string) =>
  `exists(select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted and objsubid = 1
       and classid = ((hashtext(${param})::bigint >> 32) & 4294967295)::oid and objid = (hashtext(${param})::bigint & 4294967295)::oid)`;

/** Whether this connection holds the session lock `pg_try_advisory_lock(hashtext(key))` takes (a
 * bigint key shows in pg_locks as its high and low 32 bits, classid and objid). */
export async function holdsAdvisoryLock(client: pg.PoolClient, key: string): Promise<boolean> {
  const { rows } = await client.query<{ held: boolean }>({
    name: 'murmur_holds_advisory_lock_v1',
    text: `select ${HOLDS_LOCK_SQL('$1')} as held`,
    values: [key],
  });
  return rows[0]?.held === true;
}

/** Who decides whether this process should hold a subscription's lock (several processes sharing
 * the subscriptions): asked before taking it and after every batch. */
export interface LeasePolicy {
  /** `holding` false: may it take the lock now? true: should it keep it (false lets go after the
   * batch that just committed)? */
  wanted(holding: boolean): boolean;
  /** Told when the lock is taken (awaited before the first batch) and when it is let go. */
  changed?(held: boolean): void | Promise<void>;
}

const later = (a: Checkpoint, b: Checkpoint) => compareCheckpoints(a, b) > 0;

/** The first look again at events held back behind the horizon, doubling up to the last (or the
 * poll interval when shorter): committed events wait on another transaction's end, which notifies
 * no one, so a reader with a long poll interval must not sleep through most of it. */
const HELD_BACK_FIRST_RETRY_MS = 10;
const HELD_BACK_LAST_RETRY_MS = 200;

export interface BatchOutcome {
  /** Events read from the log in this batch. */
  count: number;
  /** Each handler's checkpoint after the batch. */
  checkpoints: Map<string, Checkpoint>;
  /** Handlers whose batch failed (rolled back to a savepoint; their checkpoint did not move). */
  failed: Array<{ name: string; error: unknown }>;
}

/** Every named checkpoint in one statement (START for a name without a row), locked, with whether
 * this connection holds the lock `lockName` (undefined when no checkpoint row exists yet, or no lock
 * was named). The statements a batch runs are named: each connection parses and plans them once. */
async function loadCheckpoints(
  client: pg.PoolClient,
  names: string[],
  lockName: string | undefined,
): Promise<{ checkpoints: Map<string, Checkpoint>; holdsLock: boolean | undefined }> {
  const { rows } = await client.query<{ name: string; transaction_id: string; global_position: string; held: boolean | null }>({
    name: 'murmur_load_checkpoints_locked_v2',
    text: `select name, transaction_id::text, global_position, case when $2::text is null then null else ${HOLDS_LOCK_SQL('$2::text')} end as held
      from subscription_checkpoints where name = any($1::text[]) order by name for update`,
    values: [names, lockName === undefined ? null : lockKey(lockName)],
  });
  const found = new Map(rows.map((r) => [r.name, { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) }]));
  return { checkpoints: new Map(names.map((n) => [n, found.get(n) ?? START])), holdsLock: rows[0]?.held ?? undefined };
}

/** Moves several checkpoints in one statement. */
async function saveCheckpoints(client: pg.PoolClient, moved: Array<[string, Checkpoint]>): Promise<void> {
  if (moved.length === 0) return;
  await client.query({
    name: 'murmur_save_checkpoints_v1',
    text: `insert into subscription_checkpoints (name, transaction_id, global_position)
     select name, tx::xid8, position from unnest($1::text[], $2::text[], $3::bigint[]) as t(name, tx, position)
     on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`,
    values: [moved.map(([n]) => n), moved.map(([, c]) => c.transactionId.toString()), moved.map(([, c]) => c.globalPosition.toString())],
  });
}

/** Reads one batch after the lowest of the handlers' checkpoints and gives each handler the events
 * past its own checkpoint; all handlers' writes and checkpoints commit in ONE transaction. A
 * handler that throws is rolled back to its savepoint and retried next time; the others go on.
 * Round trips are what a lane's batch costs under a steady trickle of events, so the checkpoints
 * are read in one statement and written in one, and a batch is first tried without savepoints (a
 * failure then runs it again with one per handler that has events of the batch). */
export async function applyOneBatch(
  client: pg.PoolClient,
  handlers: SubscriptionHandler[],
  batchSize: number,
  /** The lock (its name, as given to lockKey) this batch must run under: checked in the transaction. */
  lockName?: string,
  asynchronousCommit = false,
): Promise<BatchOutcome> {
  const begin = asynchronousCommit ? BEGIN_ASYNCHRONOUS_COMMIT : 'begin';
  try {
    return await applyBatchOnce(client, handlers, batchSize, lockName, false, begin);
  } catch (error) {
    // A lone handler's error is never wrapped: it fails the batch as it is.
    if (!(error instanceof HandlerFailedWithoutSavepoint)) throw error;
    // Rolled back whole: run the batch again with a savepoint per handler, so the others commit.
    return applyBatchOnce(client, handlers, batchSize, lockName, true, begin);
  }
}

/** One round trip: the setting holds for this transaction only, so the connection goes back to the
 * pool as it came. */
const BEGIN_ASYNCHRONOUS_COMMIT = 'begin; set local synchronous_commit = off';

/** A handler threw in a batch run without savepoints: nothing of the batch was kept. */
class HandlerFailedWithoutSavepoint extends Error {}

/** One try at a batch. Without `savepoints` a handler's failure rolls back the whole batch (thrown
 * as HandlerFailedWithoutSavepoint); with them, only that handler's part. Most batches fail
 * nothing, and a savepoint per handler was a tenth of a lane batch's statements under a trickle. */
async function applyBatchOnce(
  client: pg.PoolClient,
  handlers: SubscriptionHandler[],
  batchSize: number,
  lockName: string | undefined,
  savepoints: boolean,
  begin: string,
): Promise<BatchOutcome> {
  await client.query(begin);
  try {
    // The row locks also let a rebuild's swap pause this runner between batches. The lease is checked
    // in the same statement (or on its own when no checkpoint row exists yet).
    const { checkpoints, holdsLock } = await loadCheckpoints(
      client,
      handlers.map((h) => h.name),
      lockName,
    );
    if (lockName !== undefined && !(holdsLock ?? (await holdsAdvisoryLock(client, lockKey(lockName))))) throw new LeaseLostError(lockName);
    let from = [...checkpoints.values()][0] ?? START;
    for (const cp of checkpoints.values()) if (later(from, cp)) from = cp;
    const batch = await readBatch(client, handlers, from, batchSize);
    const failed: BatchOutcome['failed'] = [];
    const moved: Array<[string, Checkpoint]> = [];
    const end = batch.end;
    if (end) {
      for (const h of handlers) {
        const own = checkpoints.get(h.name)!;
        if (!later(end, own)) continue;
        const wanted = h.types && new Set(h.types);
        const mine = batch.events.filter((e) => later(checkpointOf(e), own) && (!wanted || wanted.has(e.type)));
        if (mine.length > 0) {
          if (handlers.length === 1) {
            await h.handle(mine, client);
          } else if (!savepoints) {
            try {
              await h.handle(mine, client);
            } catch (error) {
              throw new HandlerFailedWithoutSavepoint(`${h.name}: ${(error as Error).message}`, { cause: error });
            }
          } else {
            // Not released after success: a later handler's failure rolls back to its own (the most
            // recent) savepoint of this name, and the commit ends them all, one round trip fewer each.
            await client.query('savepoint handler');
            try {
              await h.handle(mine, client);
            } catch (error) {
              await client.query('rollback to savepoint handler');
              failed.push({ name: h.name, error });
              continue;
            }
          }
        }
        moved.push([h.name, end]);
      }
      await saveCheckpoints(client, moved);
      for (const [name, cp] of moved) checkpoints.set(name, cp);
    }
    await client.query('commit');
    return { count: batch.scanned, checkpoints, failed };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** A batch for these handlers: of their types only when every one names its types. */
async function readBatch(client: pg.PoolClient, handlers: SubscriptionHandler[], from: Checkpoint, limit: number): Promise<TypedBatch> {
  if (handlers.every((h) => h.types)) return readBatchOf(client, from, limit, [...new Set(handlers.flatMap((h) => h.types!))]);
  const events = await readAllFrom(client, from, limit);
  const last = events.at(-1);
  return { events, scanned: events.length, end: last ? checkpointOf(last) : null };
}

export interface SubscriptionGroupOptions extends SubscriptionOptions {
  /** Name of the advisory lock; defaults to the single handler's name. */
  lockName?: string;
  /** Several processes sharing subscriptions: when to take and let go of the lock. Without one, the
   * lock is taken whenever free and kept until stop. */
  lease?: LeasePolicy;
}

/** Runs one handler, or a group of handlers over ONE connection (a projections worker with many
 * projectors must not take a connection each). */
export class Subscription {
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private readonly handlers: SubscriptionHandler[];
  private readonly lockName: string;
  private readonly listener: LogListener;
  checkpoints = new Map<string, Checkpoint>();
  holdsLock = false;

  /** `listener` null: woken by nothing but the poll interval (a backstop reactor, which need not
   * read the log on every append's notification). */
  constructor(
    private readonly pool: pg.Pool,
    listener: LogListener | null,
    handlers: SubscriptionHandler | SubscriptionHandler[],
    private readonly options: SubscriptionGroupOptions = {},
  ) {
    // A listener never started never wakes its waiters before their timeout.
    this.listener = listener ?? new LogListener('');
    this.handlers = Array.isArray(handlers) ? handlers : [handlers];
    if (this.handlers.length === 0) throw new Error('A subscription needs at least one handler');
    this.lockName = options.lockName ?? this.handlers.map((h) => h.name).join('+');
  }

  /** The single handler's checkpoint (or the first handler's, for a group). */
  get checkpoint(): Checkpoint {
    return this.checkpoints.get(this.handlers[0]!.name) ?? START;
  }

  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    const poll = this.options.pollIntervalMs ?? 500;
    let backoff = 100;
    let heldBack = 0;
    while (!this.stopped) {
      let client: pg.PoolClient | null = null;
      try {
        client = await this.pool.connect();
        // Session-level lock: held while this connection lives, released if the process dies.
        const lease = this.options.lease;
        while (!this.stopped) {
          if (lease?.wanted(false) ?? true) {
            const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
              lockKey(this.lockName),
            ]);
            if (rows[0]?.ok) break;
          }
          await this.listener.wait(this.options.lockRetryMs ?? 2000, this.abort.signal);
        }
        if (this.stopped) break;
        this.holdsLock = true;
        await lease?.changed?.(true);
        // A handler whose batch failed sits out for a growing delay, so one bug never holds the
        // others back; it resumes from its own checkpoint afterwards.
        const parked = new Map<string, { until: number; delay: number }>();
        while (!this.stopped && (lease?.wanted(true) ?? true)) {
          const now = Date.now();
          const active = this.handlers.filter((h) => (parked.get(h.name)?.until ?? 0) <= now);
          if (active.length === 0) {
            const soonest = Math.min(...[...parked.values()].map((p) => p.until));
            await this.listener.wait(Math.max(10, soonest - now), this.abort.signal);
            continue;
          }
          const seen = this.listener.generation;
          const outcome = await applyOneBatch(client, active, batchSize, this.lockName, this.options.asynchronousCommit);
          for (const [name, cp] of outcome.checkpoints) this.checkpoints.set(name, cp);
          for (const h of active) if (!outcome.failed.some((f) => f.name === h.name)) parked.delete(h.name);
          for (const f of outcome.failed) {
            const delay = Math.min((parked.get(f.name)?.delay ?? 50) * 2, 5000);
            parked.set(f.name, { until: Date.now() + delay, delay });
            this.options.onError?.(Object.assign(f.error as object, { handler: f.name }));
          }
          if (outcome.count > 0) {
            for (const h of active)
              this.options.onBatch?.({ name: h.name, count: outcome.count, checkpoint: outcome.checkpoints.get(h.name)! });
          }
          backoff = 100;
          if (outcome.count > 0) heldBack = 0;
          // A notification during the batch: read again at once (no need to ask what is left).
          if (outcome.count >= batchSize || outcome.failed.length > 0 || this.listener.generation !== seen) continue;
          // Everything below the horizon is read. An event past it waits on a transaction that began
          // before it (often another lane's batch, or an append still open); that commit notifies no
          // one, so look again soon, backing off to the poll interval, instead of sleeping through a
          // whole poll interval with the event committed (the last events of a burst waited ~0.5 s).
          let lowest = START;
          for (const [i, cp] of [...outcome.checkpoints.values()].entries()) if (i === 0 || later(lowest, cp)) lowest = cp;
          if (await eventsAfter(client, lowest)) {
            heldBack = Math.min(heldBack > 0 ? heldBack * 2 : HELD_BACK_FIRST_RETRY_MS, HELD_BACK_LAST_RETRY_MS, poll);
            await this.listener.wait(heldBack, this.abort.signal, seen);
          } else {
            heldBack = 0;
            await this.listener.wait(poll, this.abort.signal, seen);
          }
        }
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5000);
      } finally {
        const held = this.holdsLock;
        this.holdsLock = false;
        if (client) {
          await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
          client.release();
        }
        if (held) await this.options.lease?.changed?.(false);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
  }
}
