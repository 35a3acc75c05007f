import { describe, expect, it } from 'vitest';
import { eventDates, eventState } from './leaderboardWords.ts';

const valentines = { startsAt: '2027-02-01T00:00:00.000Z', endsAt: '2027-02-15T00:00:00.000Z' };

describe('leaderboard words', () => {
  it('shows an event by its first and last day (the end is exclusive)', () => {
    expect(eventDates(valentines)).toBe('Feb 1, 2027 – Feb 14, 2027');
  });
  it('says whether an event is upcoming, running or over', () => {
    expect(eventState(valentines, new Date('2027-01-31T23:59:59Z'))).toBe('upcoming');
    expect(eventState(valentines, new Date('2027-02-14T23:59:59Z'))).toBe('running');
    expect(eventState(valentines, new Date('2027-02-15T00:00:00Z'))).toBe('ended');
  });
});
