// The user aggregate on `user-{uid}`: identity events, the state sign-in decisions need, and evolve.
import type { RoleCode, UserEvent } from '@murmur/contracts';

export type { UserEvent } from '@murmur/contracts';

export interface UserState {
  exists: boolean;
  uid: string;
  anonymous: boolean;
  banned: boolean;
  roles: RoleCode[];
  hasFinishedOnboarding: boolean;
  referralCode: string;
  email: string | null;
  walletAddresses: string[];
  telegramId: string | null;
  claimCount: number;
  lastClaimAt: string | null;
}

export const initialUserState = (): UserState => ({
  exists: false,
  uid: '',
  anonymous: false,
  banned: false,
  roles: [],
  hasFinishedOnboarding: false,
  referralCode: '',
  email: null,
  walletAddresses: [],
  telegramId: null,
  claimCount: 0,
  lastClaimAt: null,
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        uid: d.uid,
        anonymous: d.anonymous,
        roles: d.roles,
        referralCode: d.referralCode,
        email: d.email,
        walletAddresses: d.walletAddress ? [d.walletAddress] : [],
        telegramId: d.telegramId,
      };
    }
    case 'UserSignedIn':
      return state;
    case 'GuestUpgraded': {
      const d = event.data;
      return {
        ...state,
        anonymous: false,
        email: d.email ?? state.email,
        walletAddresses: d.walletAddress ? [...state.walletAddresses, d.walletAddress] : state.walletAddresses,
        telegramId: d.telegramId ?? state.telegramId,
      };
    }
    case 'WalletLinked':
      return { ...state, walletAddresses: [...state.walletAddresses, event.data.address] };
    case 'OnboardingCompleted':
      return { ...state, hasFinishedOnboarding: true };
    case 'RoleGranted':
      return { ...state, roles: [...state.roles, event.data.role] };
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
    case 'UserBanned':
      return { ...state, banned: true };
    case 'UserUnbanned':
      return { ...state, banned: false };
    case 'TelegramDailyClaimed':
      return { ...state, claimCount: event.data.claimNumber, lastClaimAt: event.data.claimedAt };
    default: {
      // Other modules (profiles) append their own events to this stream; they change nothing here.
      const _foreign: never = event;
      return state;
    }
  }
}
