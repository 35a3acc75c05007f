// Profile events on `user-{uid}` (DESIGN section 4), their state and evolve. Identity owns the
// stream's registration events; this module's decider only folds what it needs from them.
import type { Address, Gender } from '@murmur/contracts';
import type { DomainEvent } from '../decider/decider.ts';

export interface ProfileChanges {
  [key: string]: unknown;
  bio?: string;
  pinnedMessage?: string;
  birthday?: string;
  gender?: Gender;
  address?: Address;
  profilePicUrl?: string;
  profileBannerUrl?: string;
}

export type ProfileEvent =
  | DomainEvent<'ProfileDetailsUpdated', { uid: string; changes: ProfileChanges; updatedAt: string }>
  | DomainEvent<'UsernameChanged', { uid: string; username: string; previous: string | null; changedAt: string }>;

export interface ProfileState {
  username: string | null;
  /** When each username change happened (ISO), for the 3-a-month rule. */
  usernameChanges: string[];
  details: ProfileChanges;
}

export const userStreamId = (uid: string): string => `user-${uid}`;

export const initialProfileState = (): ProfileState => ({ username: null, usernameChanges: [], details: {} });

export function evolveProfile(state: ProfileState, event: { type: string; data: Record<string, unknown> }): ProfileState {
  switch (event.type) {
    case 'ProfileDetailsUpdated':
      return { ...state, details: { ...state.details, ...(event.data.changes as ProfileChanges) } };
    case 'UsernameChanged':
      return {
        ...state,
        username: event.data.username as string,
        usernameChanges: [...state.usernameChanges, event.data.changedAt as string],
      };
    default:
      // Identity's registration events on the same stream carry the first username; it is not a change.
      if (typeof event.data.username === 'string' && state.usernameChanges.length === 0) return { ...state, username: event.data.username };
      return state;
  }
}
