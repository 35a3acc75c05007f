// Progression decider: claims once per mission and period, quest steps in order, fragments
// combined only when there are enough, levels announced once with the friend bonus.
import { findFragment, findMission, type ProgressionEvent, type RewardClaimedData } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { progressionDecider, type ProgressionCommand } from './decide.ts';

const now = new Date('2026-11-24T10:00:00Z');
const given = (events: ProgressionEvent[]) => events.reduce(progressionDecider.evolve, progressionDecider.initialState());
const sendGift = findMission('daily-send-gift')!;
const claimCommand = (over: Partial<Extract<ProgressionCommand, { type: 'ClaimReward' }>> = {}): ProgressionCommand => ({
  type: 'ClaimReward',
  uid: 'u',
  source: 'mission',
  sourceId: sendGift.id,
  title: sendGift.title,
  periodId: '2026-11-24',
  currentPeriodId: '2026-11-24',
  progress: 1,
  target: 1,
  requiresClaim: null,
  reward: sendGift.reward,
  now,
  ...over,
});
const claimed = (claimId: string, fragments: RewardClaimedData['reward']['fragments'] = []): ProgressionEvent => ({
  type: 'RewardClaimed',
  data: {
    uid: 'u',
    claimId,
    source: 'quest',
    sourceId: claimId,
    periodId: 'all',
    title: 't',
    reward: { exp: 0, diamonds: 0, fragments },
    claimedAt: now.toISOString(),
  },
});

describe('claims', () => {
  it('claims a complete mission of the current period', () => {
    expect(progressionDecider.decide(claimCommand(), given([]))).toEqual([
      {
        type: 'RewardClaimed',
        data: {
          uid: 'u',
          claimId: 'mission:daily-send-gift:2026-11-24',
          source: 'mission',
          sourceId: 'daily-send-gift',
          periodId: '2026-11-24',
          title: 'Send a gift',
          reward: sendGift.reward,
          claimedAt: now.toISOString(),
        },
      },
    ]);
  });
  it('refuses the same mission twice in a period, but not in the next one', () => {
    const once = given(progressionDecider.decide(claimCommand(), given([])));
    expect(() => progressionDecider.decide(claimCommand(), once)).toThrow('You already claimed this reward.');
    expect(progressionDecider.decide(claimCommand({ periodId: '2026-11-25', currentPeriodId: '2026-11-25' }), once)).toHaveLength(1);
  });
  it('refuses a period that has ended', () => {
    expect(() => progressionDecider.decide(claimCommand({ periodId: '2026-11-23' }), given([]))).toThrow('This mission period has ended.');
  });
  it('refuses a mission that is not complete yet', () => {
    expect(() => progressionDecider.decide(claimCommand({ progress: 4, target: 5 }), given([]))).toThrow(
      'This mission is not complete yet.',
    );
  });
  it('claims quest steps in order', () => {
    const step2 = claimCommand({
      source: 'quest',
      sourceId: 'generous-2',
      periodId: 'all',
      currentPeriodId: 'all',
      progress: 10,
      target: 10,
      requiresClaim: 'quest:generous-1:all',
    });
    expect(() => progressionDecider.decide(step2, given([]))).toThrow('Finish the step before this one first.');
    expect(progressionDecider.decide(step2, given([claimed('quest:generous-1:all')]))).toHaveLength(1);
  });
});

describe('fragments', () => {
  const star = findFragment('star')!;
  const combine: ProgressionCommand = { type: 'CombineFragments', uid: 'u', fragment: star, now };
  it('refuses with fewer than 10 of a kind', () => {
    const nine = given([claimed('a', [{ kind: 'star', count: 9 }]), claimed('b', [{ kind: 'heart', count: 5 }])]);
    expect(() => progressionDecider.decide(combine, nine)).toThrow('You need 10 fragments to combine.');
  });
  it('combines exactly 10 into the item, and then there are none left', () => {
    const ten = given([claimed('a', [{ kind: 'star', count: 9 }]), claimed('b', [{ kind: 'star', count: 1 }])]);
    const events = progressionDecider.decide(combine, ten);
    expect(events).toEqual([
      {
        type: 'FragmentsCombined',
        data: {
          uid: 'u',
          combineId: 'u:star:1',
          kind: 'star',
          used: 10,
          item: { skuId: 'frame-starlight', skuKind: 'frame', name: 'Starlight frame' },
          combinedAt: now.toISOString(),
          expiresAt: '2026-12-01T10:00:00.000Z',
        },
      },
    ]);
    const after = given([claimed('a', [{ kind: 'star', count: 10 }]), ...events]);
    expect(after.fragments.star).toBe(0);
    expect(() => progressionDecider.decide(combine, after)).toThrow('You need 10 fragments to combine.');
  });
});

describe('levels and EXP for friends', () => {
  const joined: ProgressionEvent = {
    type: 'FriendTokenUsed',
    data: { uid: 'u', inviterUid: 'i', token: 'T', joinedAt: now.toISOString() },
  };
  it('announces a level once', () => {
    const events = progressionDecider.decide({ type: 'AnnounceLevel', uid: 'u', level: 3, exp: 600, now }, given([]));
    expect(events.map((e) => e.type)).toEqual(['LevelReached']);
    expect(progressionDecider.decide({ type: 'AnnounceLevel', uid: 'u', level: 3, exp: 610, now }, given(events))).toEqual([]);
  });
  it('grants the friend bonus once, at level 5', () => {
    const s = given([joined]);
    expect(progressionDecider.decide({ type: 'AnnounceLevel', uid: 'u', level: 4, exp: 600, now }, s).map((e) => e.type)).toEqual([
      'LevelReached',
    ]);
    const at5 = progressionDecider.decide({ type: 'AnnounceLevel', uid: 'u', level: 5, exp: 1000, now }, s);
    expect(at5[1]).toEqual({
      type: 'FriendBonusGranted',
      data: { uid: 'u', inviterUid: 'i', exp: 200, level: 5, grantedAt: now.toISOString() },
    });
    expect(
      progressionDecider.decide({ type: 'AnnounceLevel', uid: 'u', level: 6, exp: 1500, now }, given([joined, ...at5])).map((e) => e.type),
    ).toEqual(['LevelReached']);
  });
  it("joins with one token only, not one's own, and only below level 5", () => {
    const join = (over: Partial<Extract<ProgressionCommand, { type: 'UseFriendToken' }>> = {}): ProgressionCommand => ({
      type: 'UseFriendToken',
      uid: 'u',
      inviterUid: 'i',
      token: 'T',
      currentLevel: 1,
      now,
      ...over,
    });
    expect(progressionDecider.decide(join(), given([]))).toEqual([joined]);
    expect(() => progressionDecider.decide(join(), given([joined]))).toThrow("You already joined with a friend's token.");
    expect(() => progressionDecider.decide(join({ inviterUid: 'u' }), given([]))).toThrow('You cannot join with your own token.');
    expect(() => progressionDecider.decide(join({ currentLevel: 5 }), given([]))).toThrow(
      'Only friends below level 5 can join with a token.',
    );
  });
  it('imports platform EXP only for the linked account', () => {
    const linked = given([
      { type: 'QuestAccountLinked', data: { uid: 'u', platformUserId: 'p1', handle: 'h', linkedAt: now.toISOString() } },
    ]);
    const importExp = (platformUserId: string): ProgressionCommand => ({
      type: 'ImportQuestExp',
      uid: 'u',
      platformUserId,
      platformEventId: 'e1',
      questTitle: 'Q',
      exp: 30,
      now,
    });
    expect(progressionDecider.decide(importExp('p1'), linked).map((e) => e.type)).toEqual(['QuestExpImported']);
    expect(() => progressionDecider.decide(importExp('p2'), linked)).toThrow('No quest account is linked.');
    expect(() => progressionDecider.decide(importExp('p1'), given([]))).toThrow('No quest account is linked.');
  });
});
