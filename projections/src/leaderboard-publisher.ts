// Pushes live rank changes of the global leaderboards: a few times a second it reads the top of the
// current weekly and monthly boards and of running events from the read model and, when a top has
// changed, appends one compact LeaderboardChanged event on `leaderboard-global`, which the realtime
// gateway tails like any other event. Reading the read model (not each gift) bounds the rate
// whatever the gift rate. One publisher at a time (advisory lock).
import { leaderboardEvents, leaderboardPeriodKey, LEADERBOARD_STREAM, type LeaderboardChanged } from '@murmur/contracts';
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';

const LOCK = 'murmur-leaderboard-publisher';

type Board = LeaderboardChanged['boards'][number];

export class LeaderboardPublisher {
  private readonly last = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private lockClient: pg.PoolClient | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: PostgresEventStore,
    private readonly options: { intervalMs?: number; topN?: number; now?: () => Date; onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.tick()
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 250);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    // Taken first: the connection's error handler may let go of it while the unlock is in flight.
    const client = this.lockClient;
    this.lockClient = null;
    if (client) {
      await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK]).catch(() => undefined);
      client.release();
    }
  }

  /** The boards whose top is pushed now: this week's and month's users and hosts, running events. */
  boards(now: Date): Array<{ board: string; period: string }> {
    const out = [
      { board: 'users', period: leaderboardPeriodKey.weekly(now) },
      { board: 'hosts', period: leaderboardPeriodKey.weekly(now) },
      { board: 'users', period: leaderboardPeriodKey.monthly(now) },
      { board: 'hosts', period: leaderboardPeriodKey.monthly(now) },
    ];
    for (const e of leaderboardEvents) {
      if (Date.parse(e.startsAt) <= now.getTime() && now.getTime() < Date.parse(e.endsAt))
        out.push({ board: 'pairs', period: leaderboardPeriodKey.event(e.id) });
    }
    return out;
  }

  /** One look; returns the position of the LeaderboardChanged it appended, or null. */
  async tick(): Promise<bigint | null> {
    if (!this.lockClient) {
      const client = await this.pool.connect();
      // The lock's connection stays checked out: if the server drops it, let go of it (the lock
      // went with it) instead of crashing on an unhandled error; the next tick takes the lock again.
      const onError = (error: Error) => {
        if (this.lockClient !== client) return;
        this.lockClient = null;
        client.release(error);
      };
      client.on('error', onError);
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [LOCK]);
      if (!rows[0]?.ok) {
        // Another process publishes: the pooled client goes back without this tick's listener, or
        // a standby would add one per tick to the same client.
        client.off('error', onError);
        client.release();
        return null;
      }
      this.lockClient = client;
    }
    const now = (this.options.now ?? (() => new Date()))();
    const changed: Board[] = [];
    for (const { board, period } of this.boards(now)) {
      const { rows } = await this.pool.query<{ uid: string; partner_uid: string; score: number }>(
        `select uid, partner_uid, score::float8 as score from rm.global_leaderboards
          where board = $1 and period = $2 order by score desc, uid, partner_uid limit $3`,
        [board, period, this.options.topN ?? 10],
      );
      const top = rows.map((r) => ({ uid: r.uid, partnerUid: r.partner_uid || null, score: r.score }));
      const key = `${board}|${period}`;
      const snapshot = JSON.stringify(top);
      if (this.last.get(key) === snapshot) continue;
      this.last.set(key, snapshot);
      if (top.length > 0) changed.push({ board, period, top });
    }
    if (changed.length === 0) return null;
    const data: LeaderboardChanged = { boards: changed, changedAt: now.toISOString() };
    const r = await this.store.append(LEADERBOARD_STREAM, [{ type: 'LeaderboardChanged', data }]);
    return r.lastPosition;
  }
}
