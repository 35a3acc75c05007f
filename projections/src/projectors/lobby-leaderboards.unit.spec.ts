import type { GiftSentData } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { leaderboardIncrements, valentinesPeriodOf } from './lobby-leaderboards.ts';

const gift = (over: Partial<GiftSentData>): GiftSentData => ({
  senderUid: 's',
  giftId: 'rose',
  giftName: 'rose',
  quantity: 1,
  unitPrice: 10,
  diamondsTotal: 20,
  recipients: ['h1', 'h2'],
  charmPerRecipient: 5,
  lobbyId: 'L',
  sentAt: '2026-11-18T10:00:00.000Z',
  ...over,
});

describe('lobby leaderboard increments', () => {
  it('credits the sender with diamonds and each recipient with charm, weekly and monthly', () => {
    const rows = leaderboardIncrements([gift({}), gift({ sentAt: '2026-11-19T10:00:00.000Z' })]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { lobbyId: 'L', board: 'users', period: 'weekly', periodId: '2026-11-16', uid: 's', amount: 40 },
        { lobbyId: 'L', board: 'users', period: 'monthly', periodId: '2026-11', uid: 's', amount: 40 },
        { lobbyId: 'L', board: 'hosts', period: 'weekly', periodId: '2026-11-16', uid: 'h1', amount: 10 },
        { lobbyId: 'L', board: 'hosts', period: 'monthly', periodId: '2026-11', uid: 'h2', amount: 10 },
      ]),
    );
    expect(rows).toHaveLength(6);
  });

  it('ignores gifts outside a lobby', () => {
    expect(leaderboardIncrements([gift({ lobbyId: undefined })])).toEqual([]);
  });

  it("adds Valentine's gifts to the lobby's and the all-lobbies board", () => {
    expect(valentinesPeriodOf(new Date('2026-02-14T23:59:59Z'))).toBe('2026');
    expect(valentinesPeriodOf(new Date('2026-02-15T00:00:00Z'))).toBeNull();
    const rows = leaderboardIncrements([gift({ sentAt: '2026-02-10T10:00:00.000Z' })]).filter((r) => r.period === 'valentines');
    expect(rows.map((r) => `${r.lobbyId}|${r.board}|${r.uid}|${r.amount}`).sort()).toEqual(
      ['L|hosts|h1|5', 'L|hosts|h2|5', 'L|users|s|20', '|hosts|h1|5', '|hosts|h2|5', '|users|s|20'].sort(),
    );
  });
});
