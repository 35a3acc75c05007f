// Follows the global log from its head when the gateway starts: woken by the process's LogListener,
// polling as a fallback, handing each batch over in (transaction id, position) order.
import { readableHead, readAllFrom, START, type Checkpoint, type LogListener, type RecordedEvent } from '@murmur/eventstore';
import type { Logger } from '@murmur/platform';
import type pg from 'pg';

export interface LogTailerOptions {
  batchSize: number;
  pollIntervalMs: number;
  /** Hands over one event; returns how much work it caused (messages sent). */
  onEvent(event: RecordedEvent): number;
  /** After this much work the tailer yields to the event loop, so sockets drain between events. */
  yieldAfter: number;
  /** Reads a replica while the notifications come from the primary: a wake-up may come before the
   * replica has replayed the commit it announces. */
  onReplica?: boolean;
}

/** After a notification that found nothing on a replica: looks again this often, this many times. */
const REPLICA_RETRY_MS = 10;
const REPLICA_RETRIES = 50;

export class LogTailer {
  private current: Checkpoint = START;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly abort = new AbortController();
  /** Quick looks left after a notification the replica has not replayed yet. */
  private replicaRetries = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: LogListener,
    private readonly logger: Logger,
    private readonly options: LogTailerOptions,
  ) {}

  /** Everything up to here has been handed to onBatch. */
  get checkpoint(): Checkpoint {
    return this.current;
  }

  async start(): Promise<Checkpoint> {
    this.current = await readableHead(this.pool);
    this.running = true;
    this.loop = this.run();
    return this.current;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const events = await readAllFrom(this.pool, this.current, this.options.batchSize);
        if (!this.running) return;
        if (events.length === 0) {
          if (this.replicaRetries > 0) {
            this.replicaRetries--;
            await this.listener.wait(REPLICA_RETRY_MS, this.abort.signal);
            continue;
          }
          const seen = this.listener.generation;
          await this.listener.wait(this.options.pollIntervalMs, this.abort.signal);
          if (this.options.onReplica && this.listener.generation !== seen) this.replicaRetries = REPLICA_RETRIES;
          continue;
        }
        this.replicaRetries = 0;
        let work = 0;
        for (const event of events) {
          // The checkpoint moves with each event, in the same synchronous step as its hand-over.
          this.current = { transactionId: event.transactionId, globalPosition: event.globalPosition };
          work += this.options.onEvent(event);
          if (work >= this.options.yieldAfter) {
            work = 0;
            await new Promise((r) => setImmediate(r));
            if (!this.running) return;
          }
        }
      } catch (error) {
        if (!this.running) return;
        this.logger.error({ err: error }, 'reading the log failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.loop;
  }
}
