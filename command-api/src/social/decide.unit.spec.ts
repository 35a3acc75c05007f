// Social decider: follows, removals and blocks.
import { describe, expect, it } from 'vitest';
import { socialDecider } from './decide.ts';
import type { SocialEvent } from './social.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const given = (events: SocialEvent[]) => events.reduce(socialDecider.evolve, socialDecider.initialState());
const followed: SocialEvent = { type: 'Followed', data: { followerUid: 'a', followeeUid: 'b', followedAt: at } };

describe('social decider', () => {
  it('follows once, and not oneself or someone who blocked you', () => {
    expect(socialDecider.decide({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: false, now }, given([]))).toEqual([followed]);
    expect(socialDecider.decide({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: false, now }, given([followed]))).toEqual([]);
    expect(() => socialDecider.decide({ type: 'Follow', uid: 'a', target: 'a', blockedByTarget: false, now }, given([]))).toThrow();
    expect(() => socialDecider.decide({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: true, now }, given([]))).toThrow();
  });
  it('lets the followee remove a follower, on the follower stream', () => {
    expect(socialDecider.decide({ type: 'RemoveFollower', uid: 'a', by: 'b', now }, given([followed]))).toEqual([
      { type: 'FollowerRemoved', data: { followerUid: 'a', followeeUid: 'b', removedBy: 'b', removedAt: at } },
    ]);
    expect(() => socialDecider.decide({ type: 'RemoveFollower', uid: 'a', by: 'c', now }, given([followed]))).toThrow();
  });
  it('unfollows when blocking someone it follows', () => {
    expect(socialDecider.decide({ type: 'Block', uid: 'a', target: 'b', now }, given([followed])).map((e) => e.type)).toEqual([
      'Unfollowed',
      'UserBlocked',
    ]);
  });
});
