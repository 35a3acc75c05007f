// Progression decider: claims once per mission and period, quest steps in order, fragments
// combined only when there are enough, levels announced once with the friend bonus.
import { findFragment, findMission, type ProgressionEvent, type RewardClaimedData } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { progressionDecider, type ProgressionCommand } from './decide.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-24T10:00:00Z');
const given = DeciderSpecification.for(progressionDecider);
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
  const missionClaimed = (periodId: string): ProgressionEvent => ({
    type: 'RewardClaimed',
    data: {
      uid: 'u',
      claimId: `mission:daily-send-gift:${periodId}`,
      source: 'mission',
      sourceId: 'daily-send-gift',
      periodId,
      title: 'Send a gift',
      reward: sendGift.reward,
      claimedAt: now.toISOString(),
    },
  });
  it('claims a complete mission of the current period', () => {
    given()
      .when(claimCommand())
      .then([missionClaimed('2026-11-24')]);
  });
  it('refuses the same mission twice in a period, but not in the next one', () => {
    given(missionClaimed('2026-11-24')).when(claimCommand()).thenThrows('CONFLICT', 'You already claimed this reward.');
    given(missionClaimed('2026-11-24'))
      .when(claimCommand({ periodId: '2026-11-25', currentPeriodId: '2026-11-25' }))
      .then([missionClaimed('2026-11-25')]);
  });
  it('refuses a period that has ended', () => {
    given()
      .when(claimCommand({ periodId: '2026-11-23' }))
      .thenThrows('RULE_VIOLATED', 'This mission period has ended.');
  });
  it('refuses a mission that is not complete yet', () => {
    given()
      .when(claimCommand({ progress: 4, target: 5 }))
      .thenThrows('RULE_VIOLATED', 'This mission is not complete yet.');
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
    given().when(step2).thenThrows('RULE_VIOLATED', 'Finish the step before this one first.');
    expect(given(claimed('quest:generous-1:all')).when(step2).decided()).toMatchObject([
      { type: 'RewardClaimed', data: { claimId: 'quest:generous-2:all', source: 'quest' } },
    ]);
  });
});

describe('fragments', () => {
  const star = findFragment('star')!;
  const combine: ProgressionCommand = { type: 'CombineFragments', uid: 'u', fragment: star, now };
  const combined: ProgressionEvent = {
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
  };
  it('refuses with fewer than 10 of a kind', () => {
    given(claimed('a', [{ kind: 'star', count: 9 }]), claimed('b', [{ kind: 'heart', count: 5 }]))
      .when(combine)
      .thenThrows('RULE_VIOLATED', 'You need 10 fragments to combine.');
  });
  it('combines exactly 10 into the item, and then there are none left', () => {
    given(claimed('a', [{ kind: 'star', count: 9 }]), claimed('b', [{ kind: 'star', count: 1 }]))
      .when(combine)
      .then([combined]);
    const after = given(claimed('a', [{ kind: 'star', count: 10 }]), combined);
    expect(after.state.fragments.star).toBe(0);
    after.when(combine).thenThrows('RULE_VIOLATED', 'You need 10 fragments to combine.');
  });
});

describe('levels and EXP for friends', () => {
  const joined: ProgressionEvent = {
    type: 'FriendTokenUsed',
    data: { uid: 'u', inviterUid: 'i', token: 'T', joinedAt: now.toISOString() },
  };
  const announce = (level: number, exp: number): ProgressionCommand => ({ type: 'AnnounceLevel', uid: 'u', level, exp, now });
  it('announces a level once', () => {
    const events = given().when(announce(3, 600)).decided();
    expect(events.map((e) => e.type)).toEqual(['LevelReached']);
    given(...events)
      .when(announce(3, 610))
      .thenNothing();
  });
  it('grants the friend bonus once, at level 5', () => {
    expect(
      given(joined)
        .when(announce(4, 600))
        .decided()
        .map((e) => e.type),
    ).toEqual(['LevelReached']);
    const at5 = given(joined).when(announce(5, 1000)).decided();
    expect(at5[1]).toEqual({
      type: 'FriendBonusGranted',
      data: { uid: 'u', inviterUid: 'i', exp: 200, level: 5, grantedAt: now.toISOString() },
    });
    expect(
      given(joined, ...at5)
        .when(announce(6, 1500))
        .decided()
        .map((e) => e.type),
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
    given().when(join()).then([joined]);
    given(joined).when(join()).thenThrows('CONFLICT', "You already joined with a friend's token.");
    given()
      .when(join({ inviterUid: 'u' }))
      .thenThrows('RULE_VIOLATED', 'You cannot join with your own token.');
    given()
      .when(join({ currentLevel: 5 }))
      .thenThrows('RULE_VIOLATED', 'Only friends below level 5 can join with a token.');
  });
  it('imports platform EXP only for the linked account', () => {
    const linked: ProgressionEvent = {
      type: 'QuestAccountLinked',
      data: { uid: 'u', platformUserId: 'p1', handle: 'h', linkedAt: now.toISOString() },
    };
    const importExp = (platformUserId: string): ProgressionCommand => ({
      type: 'ImportQuestExp',
      uid: 'u',
      platformUserId,
      platformEventId: 'e1',
      questTitle: 'Q',
      exp: 30,
      now,
    });
    expect(
      given(linked)
        .when(importExp('p1'))
        .decided()
        .map((e) => e.type),
    ).toEqual(['QuestExpImported']);
    given(linked).when(importExp('p2')).thenThrows('NOT_FOUND', 'No quest account is linked.');
    given().when(importExp('p1')).thenThrows('NOT_FOUND', 'No quest account is linked.');
  });
});
