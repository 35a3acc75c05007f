import { describe, expect, it } from 'vitest';
import { recordedEvent } from '../../../test-support/recorded-event.ts';
import { boardIncrements } from './global-leaderboards.ts';

let position = 0;
const gift = (sender: string, recipients: string[], quantity: number, unitPrice: number, charm: number, sentAt: string) =>
  recordedEvent(
    ++position,
    {
      type: 'GiftSent',
      data: {
        senderUid: sender,
        giftId: 'rose',
        giftName: 'Rose',
        quantity,
        unitPrice,
        diamondsTotal: quantity * unitPrice * recipients.length,
        recipients,
        charmPerRecipient: charm,
        sentAt,
      },
    },
    sentAt,
  );

describe('global leaderboard increments', () => {
  it('scores senders by diamonds and hosts by charm per UTC week (from Monday) and month', () => {
    const rows = boardIncrements([
      gift('ann', ['h1', 'h2'], 2, 10, 10, '2026-11-22T23:59:59.000Z'), // Sunday: week of Monday 16th
      gift('ann', ['h1'], 1, 10, 5, '2026-11-23T00:00:00.000Z'), // Monday: a new week
    ]);
    const get = (board: string, period: string, uid: string) =>
      rows.find((r) => r.board === board && r.period === period && r.uid === uid)?.score;
    expect(get('users', 'weekly:2026-11-16', 'ann')).toBe(40);
    expect(get('users', 'weekly:2026-11-23', 'ann')).toBe(10);
    expect(get('users', 'monthly:2026-11', 'ann')).toBe(50);
    expect(get('hosts', 'weekly:2026-11-16', 'h1')).toBe(10);
    expect(get('hosts', 'monthly:2026-11', 'h1')).toBe(15);
    expect(get('hosts', 'monthly:2026-11', 'h2')).toBe(10);
  });

  it('scores pairs either way round within an event window only', () => {
    const rows = boardIncrements([
      gift('zed', ['amy'], 3, 10, 15, '2027-02-10T10:00:00.000Z'),
      gift('amy', ['zed', 'zed'], 1, 5, 2, '2027-02-14T23:59:59.000Z'),
      gift('amy', ['zed'], 1, 100, 50, '2027-02-15T00:00:00.000Z'), // the event has ended
    ]);
    const pairs = rows.filter((r) => r.board === 'pairs');
    expect(pairs.map((r) => [r.period, r.uid, r.partnerUid, r.score])).toEqual([['event:valentines-2027', 'amy', 'zed', 40]]);
  });
});
