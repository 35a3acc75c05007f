// Records the day's signed ledger digest (docs/decisions/ledger-proof.md, "Signed digests"): the
// projections worker looks every few minutes whether today's (UTC) digest exists and records it once;
// the idempotency key `ledger-digest:{date}` keeps two workers to one digest a day.
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';
import { recordLedgerDigest } from './ledger-digest.ts';

export const dailyDigestKey = (at: Date): string => `ledger-digest:${at.toISOString().slice(0, 10)}`;

export class DailyDigestWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: PostgresEventStore,
    private readonly signingKey: string,
    private readonly options: { everyMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.recordToday()
        .then(() => undefined)
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.options.everyMs ?? 5 * 60_000);
  }

  /** Records today's digest unless it is recorded; true when this call recorded it. */
  async recordToday(now = new Date()): Promise<boolean> {
    const key = dailyDigestKey(now);
    const { rows } = await this.pool.query('select 1 from idempotency_keys where key = $1', [key]);
    if (rows.length > 0) return false;
    await recordLedgerDigest(this.pool, this.store, this.signingKey, { by: 'daily', idempotencyKey: key, at: now });
    return true;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
