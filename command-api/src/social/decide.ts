// The social decider: follow, unfollow, removal by the followee, block, unblock, report. Pure;
// whether the other user blocks this one is read from their stream and passed in.
import { socialTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveSocial, initialSocialState, type SocialEvent, type SocialState } from './social.ts';

export type SocialCommand =
  | { type: 'Follow'; uid: string; target: string; blockedByTarget: boolean; now: Date }
  | { type: 'Unfollow'; uid: string; target: string; now: Date }
  /** Decided on the follower's stream (uid); `by` is the followee removing them. */
  | { type: 'RemoveFollower'; uid: string; by: string; now: Date }
  | { type: 'Block'; uid: string; target: string; now: Date }
  | { type: 'Unblock'; uid: string; target: string; now: Date }
  | { type: 'Report'; uid: string; target: string; reason: string; now: Date };

function decide(command: SocialCommand, state: SocialState): SocialEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Follow':
      if (command.target === command.uid) throw new ApiError('RULE_VIOLATED', socialTexts.cannotFollowSelf);
      if (command.blockedByTarget || state.blocked.has(command.target)) throw new ApiError('FORBIDDEN', socialTexts.blocked);
      if (state.following.has(command.target)) return [];
      return [{ type: 'Followed', data: { followerUid: command.uid, followeeUid: command.target, followedAt: at } }];
    case 'Unfollow':
      if (!state.following.has(command.target)) return [];
      return [{ type: 'Unfollowed', data: { followerUid: command.uid, followeeUid: command.target, unfollowedAt: at } }];
    case 'RemoveFollower':
      if (!state.following.has(command.by)) throw new ApiError('NOT_FOUND', socialTexts.notAFollower);
      return [
        { type: 'FollowerRemoved', data: { followerUid: command.uid, followeeUid: command.by, removedBy: command.by, removedAt: at } },
      ];
    case 'Block': {
      if (command.target === command.uid) throw new ApiError('RULE_VIOLATED', socialTexts.blocked);
      if (state.blocked.has(command.target)) return [];
      const events: SocialEvent[] = [{ type: 'UserBlocked', data: { blockerUid: command.uid, blockedUid: command.target, blockedAt: at } }];
      // Blocking someone also stops following them.
      if (state.following.has(command.target)) {
        events.unshift({ type: 'Unfollowed', data: { followerUid: command.uid, followeeUid: command.target, unfollowedAt: at } });
      }
      return events;
    }
    case 'Unblock':
      if (!state.blocked.has(command.target)) return [];
      return [{ type: 'UserUnblocked', data: { blockerUid: command.uid, blockedUid: command.target, unblockedAt: at } }];
    case 'Report':
      if (command.target === command.uid) throw new ApiError('RULE_VIOLATED', socialTexts.blocked);
      return [
        { type: 'UserReported', data: { reporterUid: command.uid, reportedUid: command.target, reason: command.reason, reportedAt: at } },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const socialDecider: Decider<SocialState, SocialCommand, SocialEvent> = {
  evolvesOn: { Followed: true, Unfollowed: true, FollowerRemoved: true, UserBlocked: true, UserUnblocked: true, UserReported: true },
  initialState: initialSocialState,
  evolve: evolveSocial,
  decide,
};
