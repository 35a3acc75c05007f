// Calendar periods in UTC shared by settlements and leaderboards: weeks start on Monday 00:00 UTC
// and are named by that Monday's date ('2026-11-16'); months are named 'YYYY-MM'.
const DAY_MS = 86_400_000;

/** The Monday 00:00 UTC that starts the week containing `at`. */
export function utcWeekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** A week's id: the ISO date of its Monday. */
export function weekIdOf(at: Date): string {
  return utcWeekStart(at).toISOString().slice(0, 10);
}

export function weekBounds(weekId: string): { start: Date; end: Date } {
  const start = new Date(`${weekId}T00:00:00.000Z`);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

export function previousWeekId(weekId: string): string {
  return weekIdOf(new Date(weekBounds(weekId).start.getTime() - DAY_MS));
}

export function nextWeekId(weekId: string): string {
  return weekIdOf(weekBounds(weekId).end);
}

export function monthIdOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function monthBounds(monthId: string): { start: Date; end: Date } {
  const start = new Date(`${monthId}-01T00:00:00.000Z`);
  return { start, end: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) };
}

export const WEEK_ID = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_ID = /^\d{4}-\d{2}$/;
