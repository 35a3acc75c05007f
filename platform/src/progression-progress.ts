// A user's mission and quest progress as the command side (claims) and the query side (pages) both
// read it: the progression read model's counts for a period, plus the minutes of a mic seat still
// open (counted per UTC day as the projection will count them when the seat closes).
import { LIFETIME, minutesPerDay, type ProgressMetric } from '@murmur/contracts';
import type pg from 'pg';

/** `d:2026-11-24`, `w:2026-11-23` or `all`; `start` is when the period began (null for all). */
export interface ProgressPeriod {
  key: string;
  start: Date | null;
}

export const dailyPeriod = (periodId: string): ProgressPeriod => ({ key: `d:${periodId}`, start: new Date(`${periodId}T00:00:00.000Z`) });
export const weeklyPeriod = (weekId: string): ProgressPeriod => ({ key: `w:${weekId}`, start: new Date(`${weekId}T00:00:00.000Z`) });
export const lifetime: ProgressPeriod = { key: LIFETIME, start: null };

export type Progress = Record<ProgressMetric, number>;

const empty = (): Progress => ({
  gifts_sent: 0,
  gifts_received: 0,
  mic_minutes: 0,
  host_minutes: 0,
  chat_messages: 0,
  follows: 0,
  topups: 0,
  lobbies_hosted: 0,
  followers: 0,
  level: 1,
});

export async function readProgress(pool: pg.Pool, uid: string, period: ProgressPeriod, now: Date): Promise<Progress> {
  const progress = empty();
  try {
    const [metrics, user, seats] = await Promise.all([
      pool.query<{ metric: ProgressMetric; value: string }>(
        'select metric, value::text from rm.progression_metrics where uid = $1 and period_id = $2',
        [uid, period.key],
      ),
      pool.query<{ level: number }>('select level from rm.progression_users where uid = $1', [uid]),
      pool.query<{ seat: number; since: Date }>('select seat, since from rm.progression_seats where uid = $1', [uid]),
    ]);
    for (const r of metrics.rows) progress[r.metric] = Number(r.value);
    progress.level = user.rows[0]?.level ?? 1;
    for (const seat of seats.rows) {
      const from = period.start && period.start > seat.since ? period.start : seat.since;
      const minutes = minutesPerDay(from, now).reduce((sum, d) => sum + d.minutes, 0);
      progress.mic_minutes += minutes;
      if (seat.seat === 0) progress.host_minutes += minutes;
    }
  } catch (error) {
    // Before the projections have created their tables, nobody has progress.
    if ((error as { code?: string }).code !== '42P01') throw error;
  }
  return progress;
}
