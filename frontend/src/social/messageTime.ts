// Times in a conversation: the clock time under each message, a day heading between days, and the
// short time of the thread list ("14:05", "Yesterday", "Mon", "12 Nov").
const DAY_MS = 86_400_000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function clockTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/** "Today", "Yesterday", a weekday within the week, else the date. */
export function dayLabel(iso: string, now = new Date(), locale?: string): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY_MS);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return d.toLocaleDateString(locale, { weekday: 'long' });
  return d.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

/** The thread list's time: the clock today, else the day. */
export function listTime(iso: string, now = new Date(), locale?: string): string {
  const d = new Date(iso);
  if (startOfDay(d) === startOfDay(now)) return clockTime(iso, locale);
  return dayLabel(iso, now, locale);
}

/** True when a day heading goes before message `i` (the first, or a new day). */
export function startsDay(times: string[], i: number): boolean {
  if (i === 0) return true;
  return startOfDay(new Date(times[i]!)) !== startOfDay(new Date(times[i - 1]!));
}
