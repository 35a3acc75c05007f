// Social decider: follows, removals and blocks.
import { describe, it } from 'vitest';
import { socialDecider } from './decide.ts';
import type { SocialEvent } from './social.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const given = DeciderSpecification.for(socialDecider);
const followed: SocialEvent = { type: 'Followed', data: { followerUid: 'a', followeeUid: 'b', followedAt: at } };

describe('social decider', () => {
  it('follows once, and not oneself or someone who blocked you', () => {
    given().when({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: false, now }).then([followed]);
    given(followed).when({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: false, now }).thenNothing();
    given()
      .when({ type: 'Follow', uid: 'a', target: 'a', blockedByTarget: false, now })
      .thenThrows('RULE_VIOLATED', 'You cannot follow yourself.');
    given()
      .when({ type: 'Follow', uid: 'a', target: 'b', blockedByTarget: true, now })
      .thenThrows('FORBIDDEN', 'You cannot interact with this user.');
  });
  it('lets the followee remove a follower, on the follower stream', () => {
    given(followed)
      .when({ type: 'RemoveFollower', uid: 'a', by: 'b', now })
      .then([{ type: 'FollowerRemoved', data: { followerUid: 'a', followeeUid: 'b', removedBy: 'b', removedAt: at } }]);
    given(followed).when({ type: 'RemoveFollower', uid: 'a', by: 'c', now }).thenThrows('NOT_FOUND', 'This user is not following you.');
  });
  it('unfollows when blocking someone it follows', () => {
    given(followed)
      .when({ type: 'Block', uid: 'a', target: 'b', now })
      .then([
        { type: 'Unfollowed', data: { followerUid: 'a', followeeUid: 'b', unfollowedAt: at } },
        { type: 'UserBlocked', data: { blockerUid: 'a', blockedUid: 'b', blockedAt: at } },
      ]);
  });
});
