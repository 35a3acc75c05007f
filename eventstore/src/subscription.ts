// A named subscription to the global log: one runner at a time (advisory lock), each batch
// applied and checkpointed in ONE transaction, woken by NOTIFY, catching up by polling.
import pg from 'pg';
import type { LogListener } from './log-listener.ts';
import { readAllFrom } from './postgres-event-store.ts';
import { START, type Checkpoint, type RecordedEvent } from './types.ts';

export interface SubscriptionHandler {
  name: string;
  /** Applies a batch inside the subscription's open transaction on `client`. */
  handle(events: RecordedEvent[], client: pg.PoolClient): Promise<void>;
}

export interface SubscriptionOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  lockRetryMs?: number;
  onBatch?: (info: { name: string; count: number; checkpoint: Checkpoint }) => void;
  onError?: (error: unknown) => void;
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

/** Reads one batch after the stored checkpoint, hands it to the handler and moves the checkpoint,
 * all in one transaction on `client`. Returns how many events it applied. */
export async function applyOneBatch(client: pg.PoolClient, handler: SubscriptionHandler, batchSize: number): Promise<{ count: number; checkpoint: Checkpoint }> {
  await client.query('begin');
  try {
    // The row lock also lets a rebuild's swap pause this runner between batches.
    const from = await loadCheckpoint(client, handler.name, true);
    const events = await readAllFrom(client, from, batchSize);
    const last = events.at(-1);
    if (!last) {
      await client.query('commit');
      return { count: 0, checkpoint: from };
    }
    await handler.handle(events, client);
    const checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    await saveCheckpoint(client, handler.name, checkpoint);
    await client.query('commit');
    return { count: events.length, checkpoint };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

export class Subscription {
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  checkpoint: Checkpoint = START;
  holdsLock = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: LogListener,
    private readonly handler: SubscriptionHandler,
    private readonly options: SubscriptionOptions = {},
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    const poll = this.options.pollIntervalMs ?? 500;
    let backoff = 100;
    while (!this.stopped) {
      let client: pg.PoolClient | null = null;
      try {
        client = await this.pool.connect();
        // Session-level lock: held while this connection lives, released if the process dies.
        while (!this.stopped) {
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [lockKey(this.handler.name)]);
          if (rows[0]?.ok) break;
          await this.listener.wait(this.options.lockRetryMs ?? 2000, this.abort.signal);
        }
        if (this.stopped) break;
        this.holdsLock = true;
        while (!this.stopped) {
          const { count, checkpoint } = await applyOneBatch(client, this.handler, batchSize);
          this.checkpoint = checkpoint;
          backoff = 100;
          if (count > 0) this.options.onBatch?.({ name: this.handler.name, count, checkpoint });
          if (count < batchSize) await this.listener.wait(poll, this.abort.signal);
        }
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5000);
      } finally {
        this.holdsLock = false;
        if (client) {
          await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
          client.release();
        }
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
  }
}
