// The social graph on `social-{uid}` (docs/decisions/social.md): whom uid follows and blocks. A follow edge
// lives on the follower's stream; the followee's follower list is a projection of these events.
import type { SocialEvent } from '@murmur/contracts';

export type { SocialEvent };

export interface SocialState {
  following: Set<string>;
  blocked: Set<string>;
}

export const initialSocialState = (): SocialState => ({ following: new Set(), blocked: new Set() });

function without(set: Set<string>, uid: string): Set<string> {
  const next = new Set(set);
  next.delete(uid);
  return next;
}

export function evolveSocial(state: SocialState, event: SocialEvent): SocialState {
  switch (event.type) {
    case 'Followed':
      return { ...state, following: new Set(state.following).add(event.data.followeeUid) };
    case 'Unfollowed':
    case 'FollowerRemoved':
      return { ...state, following: without(state.following, event.data.followeeUid) };
    case 'UserBlocked':
      return { ...state, blocked: new Set(state.blocked).add(event.data.blockedUid) };
    case 'UserUnblocked':
      return { ...state, blocked: without(state.blocked, event.data.blockedUid) };
    case 'UserReported':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
