// One LISTEN connection per process; every reader of the log waits on it, with polling as the
// fallback, so a lost notification only delays a reader by one poll interval.
import pg from 'pg';
import { EVENTS_CHANNEL } from './postgres-event-store.ts';

export class LogListener {
  private client: pg.Client | null = null;
  private waiters = new Set<() => void>();
  private closed = false;
  /** Counts notifications, so a reader that was busy when one arrived does not then sleep through it. */
  generation = 0;

  constructor(
    private readonly connectionString: string,
    private readonly applicationName = 'murmur-listener',
  ) {}

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: this.applicationName });
    client.on('notification', () => this.wakeAll());
    client.on('error', () => this.reconnectSoon());
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  private reconnectSoon(): void {
    const old = this.client;
    this.client = null;
    old?.end().catch(() => undefined);
    this.wakeAll();
    if (!this.closed) setTimeout(() => void this.start().catch(() => this.reconnectSoon()), 1000).unref();
  }

  private wakeAll(): void {
    this.generation++;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notification or after `timeoutMs`, whichever comes first; at once if a
   * notification came after `seenGeneration` (read `generation` before reading the log). */
  wait(timeoutMs: number, signal?: AbortSignal, seenGeneration?: number): Promise<void> {
    if (seenGeneration !== undefined && seenGeneration !== this.generation) return Promise.resolve();
    // Aborted before the wait began (a reader stopped while its batch's query ran): an abort event
    // will not fire again, and the reader would sleep out its whole poll interval before stopping.
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

/** A listener's application_name after its process's pool ('projections-listener'): pg_stat_activity
 * then says whose LISTEN connection it is (the stack bench splits PostgreSQL's CPU by it). */
export function listenerNameFor(pool: pg.Pool): string {
  return `${pool.options.application_name ?? 'murmur'}-listener`;
}
