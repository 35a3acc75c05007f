// What the operators' console asks of the projections process (run the ledger audit, rebuild a
// projection) is an event projected into a read model of open requests; a worker polls them and
// answers one at a time. An advisory lock per request keeps two workers from answering the same
// one; the request is looked at again under the lock, since another worker may have answered it
// before its answer was projected.
import type pg from 'pg';

export interface OpenRequestWorkerOptions {
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export abstract class OpenRequestWorker<Request> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    protected readonly pool: pg.Pool,
    private readonly workerOptions: OpenRequestWorkerOptions,
  ) {}

  /** The requests not answered yet, oldest first, from their read model. */
  protected abstract openRequests(): Promise<Request[]>;
  /** The advisory lock's key of one request. */
  protected abstract lockKey(request: Request): string;
  /** Under the lock: still unanswered? */
  protected abstract stillOpen(request: Request): Promise<boolean>;
  protected abstract answer(request: Request): Promise<void>;

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(
          () => undefined,
          (error: unknown) => this.workerOptions.onError?.(error),
        )
        .finally(() => {
          this.running = null;
        });
    }, this.workerOptions.intervalMs ?? 2000);
    this.timer.unref();
  }

  /** Answers every open request; returns how many it answered. */
  async tick(): Promise<number> {
    const requests = await this.openRequests().catch((error: { code?: string }) => {
      if (error.code === '42P01') return []; // read models not created yet
      throw error;
    });
    let answered = 0;
    for (const request of requests) {
      const lock = await this.pool.connect();
      const key = this.lockKey(request);
      try {
        const { rows: got } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
        if (!got[0]?.ok) continue;
        try {
          if (!(await this.stillOpen(request))) continue;
          await this.answer(request);
          answered++;
        } finally {
          await lock.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        lock.release();
      }
    }
    return answered;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
