// Profile events on `user-{uid}` (docs/decisions/social.md), their state and evolve. Identity owns the
// stream's registration events; this module's decider only folds what it needs from them.
import { eventOf, type ProfileChanges, type ProfileEvent } from '@murmur/contracts';

export type { ProfileChanges, ProfileEvent };

export interface ProfileState {
  username: string | null;
  /** When each username change happened (ISO), for the 3-a-month rule. */
  usernameChanges: string[];
  details: ProfileChanges;
}

export const initialProfileState = (): ProfileState => ({ username: null, usernameChanges: [], details: {} });

/** Folds the `user-{uid}` stream: this module's events, and the first username from identity's
 * registration (not a change); identity's other events change nothing here. */
export function evolveProfile(state: ProfileState, recorded: { type: string; data: unknown }): ProfileState {
  const event = eventOf(recorded, ['ProfileDetailsUpdated', 'UsernameChanged', 'UserRegistered']);
  if (!event) return state;
  switch (event.type) {
    case 'ProfileDetailsUpdated':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'UsernameChanged':
      return { ...state, username: event.data.username, usernameChanges: [...state.usernameChanges, event.data.changedAt] };
    case 'UserRegistered':
      return state.usernameChanges.length === 0 ? { ...state, username: event.data.username } : state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
