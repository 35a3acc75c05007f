import { describe, expect, it } from 'vitest';
import { dayLabel, listTime, startsDay } from './messageTime.ts';

const now = new Date(2026, 10, 24, 15, 0);
const at = (d: number, h = 10) => new Date(2026, 10, d, h, 5).toISOString();

describe('message times', () => {
  it('labels days relative to today', () => {
    expect(dayLabel(at(24), now, 'en-GB')).toBe('Today');
    expect(dayLabel(at(23), now, 'en-GB')).toBe('Yesterday');
    expect(dayLabel(at(20), now, 'en-GB')).toBe('Friday');
    expect(dayLabel(at(2), now, 'en-GB')).toBe('2 Nov');
  });

  it('shows the clock for today in the thread list, a day otherwise', () => {
    expect(listTime(at(24), now, 'en-GB')).toBe('10:05');
    expect(listTime(at(23), now, 'en-GB')).toBe('Yesterday');
    expect(listTime(at(20), now, 'en-GB')).toBe('Friday');
  });

  it('puts a day heading before the first message of each day', () => {
    const times = [at(23, 9), at(23, 11), at(24, 8)];
    expect(times.map((_, i) => startsDay(times, i))).toEqual([true, false, true]);
  });
});
