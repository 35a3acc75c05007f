// Words of the global boards: their names, units and an event's dates and state.
import type { GlobalLeaderboardDto } from '@murmur/contracts/global-leaderboards';

export type BoardKind = GlobalLeaderboardDto['kind'];

export const boardTabs: Array<{ kind: BoardKind; label: string }> = [
  { kind: 'users', label: 'Top Users' },
  { kind: 'hosts', label: 'Top Hosts' },
  { kind: 'valentines', label: "Valentine's" },
  { kind: 'perfect_pair', label: 'Perfect Pair' },
];

export const scoreUnit = (kind: BoardKind): string => (kind === 'hosts' ? 'Charm' : 'Diamonds');

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Feb 1, 2027 – Feb 14, 2027" (the end is exclusive: the last day shown is the one before it). */
export function eventDates(event: { startsAt: string; endsAt: string }): string {
  const lastDay = new Date(Date.parse(event.endsAt) - 1).toISOString();
  return `${day(event.startsAt)} – ${day(lastDay)}`;
}

export function eventState(event: { startsAt: string; endsAt: string }, now = new Date()): 'upcoming' | 'running' | 'ended' {
  if (now.getTime() < Date.parse(event.startsAt)) return 'upcoming';
  return now.getTime() < Date.parse(event.endsAt) ? 'running' : 'ended';
}

export const eventStateLabel = { upcoming: 'Starts soon', running: 'Live now', ended: 'Ended' } as const;
