import type { RecordedEvent } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { eventTime, parsePeriod } from './ledger-period.ts';

describe('a period of UTC days', () => {
  it('includes both days: from the first midnight to the midnight after the last', () => {
    expect(parsePeriod('2028-02-28', '2028-02-29')).toEqual({
      fromDay: '2028-02-28',
      toDay: '2028-02-29',
      start: new Date('2028-02-28T00:00:00.000Z'),
      end: new Date('2028-03-01T00:00:00.000Z'),
    });
    expect(parsePeriod('2026-03-02', '2026-03-02')).toMatchObject({ end: new Date('2026-03-03T00:00:00.000Z') });
  });

  it('says why it reads no period', () => {
    expect(parsePeriod('2027-02-29', '2027-03-01')).toEqual({ error: '--from "2027-02-29" is not a day: write it as YYYY-MM-DD (UTC).' });
    expect(parsePeriod(undefined, '2027-03-01')).toEqual({ error: '--from needs a UTC day, written YYYY-MM-DD.' });
    expect(parsePeriod('--to', '2027-03-01')).toEqual({ error: '--from needs a UTC day, written YYYY-MM-DD.' });
    expect(parsePeriod('2027-03-01', '2027-03-01T00:00')).toEqual({
      error: '--to "2027-03-01T00:00" is not a day: write it as YYYY-MM-DD (UTC).',
    });
  });

  it('places an event at the time its data records, else when it was stored', () => {
    const stored = new Date('2026-03-09T00:00:00.000Z');
    const event = (type: string, data: Record<string, unknown>) => ({ type, data, createdAt: stored }) as unknown as RecordedEvent;
    expect(eventTime(event('GiftSent', { sentAt: '2026-03-02T10:00:00.000Z' }))).toEqual(new Date('2026-03-02T10:00:00.000Z'));
    expect(eventTime(event('CharmWithdrawn', { withdrawnAt: 'not a time' }))).toEqual(stored);
    expect(eventTime(event('ReferralWeekSettled', {}))).toEqual(stored);
  });
});
