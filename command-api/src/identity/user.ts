// The user aggregate on `user-{uid}`: identity events, the state sign-in decisions need, and evolve.
import type { CredentialKind, RoleCode, UserEvent, WalletEnvironment } from '@murmur/contracts';

export type { UserEvent } from '@murmur/contracts';

/** A way into the account, keyed as in `identity_links`. */
export interface Credential {
  kind: CredentialKind;
  key: string;
}

export interface AudioPreferences {
  defaultVolume: number;
  volumes: Record<string, number>;
  mutes: string[];
}

export interface UserState {
  exists: boolean;
  uid: string;
  anonymous: boolean;
  banned: boolean;
  /** A ban with a duration lifts by itself then (ISO); null: until unbanned. */
  bannedUntil: string | null;
  /** On the mobile app's early-access waitlist until an operator lets the account in. */
  isWaitlist: boolean;
  roles: RoleCode[];
  hasFinishedOnboarding: boolean;
  referralCode: string;
  email: string | null;
  walletAddresses: string[];
  telegramId: string | null;
  claimCount: number;
  lastClaimAt: string | null;
  /** Every way in that is still linked (unlinking the last one is refused). */
  credentials: Credential[];
  birthday: string | null;
  showNSFW: boolean;
  audio: AudioPreferences;
  /** Deleted by its owner: nothing more is decided on it. */
  deleted: boolean;
}

/** The `identity_links` key of a wallet: EVM addresses are case-insensitive, Solana's are not. */
export function walletCredential(address: string, environment: WalletEnvironment): Credential {
  return environment === 'solana-runtime' ? { kind: 'wallet-solana', key: address } : { kind: 'wallet-evm', key: address.toLowerCase() };
}

/** The credentials a registration or guest upgrade links (a provider's e-mail included). */
function credentialsOf(d: {
  email: string | null;
  mobile?: string | null;
  walletAddress: string | null;
  walletEnvironment: WalletEnvironment | null;
  providerSubject: string | null;
  telegramId: string | null;
}): Credential[] {
  return [
    ...(d.email ? [{ kind: 'email' as const, key: d.email }] : []),
    ...(d.mobile ? [{ kind: 'mobile' as const, key: d.mobile }] : []),
    ...(d.walletAddress ? [walletCredential(d.walletAddress, d.walletEnvironment ?? 'evm')] : []),
    ...(d.providerSubject ? [{ kind: 'provider' as const, key: d.providerSubject }] : []),
    ...(d.telegramId ? [{ kind: 'telegram' as const, key: d.telegramId }] : []),
  ];
}

const addCredentials = (list: Credential[], more: Credential[]) => [
  ...list,
  ...more.filter((c) => !list.some((l) => l.kind === c.kind && l.key === c.key)),
];

export const initialUserState = (): UserState => ({
  exists: false,
  uid: '',
  anonymous: false,
  banned: false,
  bannedUntil: null,
  isWaitlist: true,
  roles: [],
  hasFinishedOnboarding: false,
  referralCode: '',
  email: null,
  walletAddresses: [],
  telegramId: null,
  claimCount: 0,
  lastClaimAt: null,
  credentials: [],
  birthday: null,
  showNSFW: false,
  audio: { defaultVolume: 100, volumes: {}, mutes: [] },
  deleted: false,
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
        credentials: credentialsOf(d),
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
        credentials: addCredentials(state.credentials, credentialsOf(d)),
      };
    }
    case 'WalletLinked':
      return {
        ...state,
        walletAddresses: [...state.walletAddresses, event.data.address],
        credentials: addCredentials(state.credentials, [walletCredential(event.data.address, event.data.environment)]),
      };
    case 'OnboardingCompleted':
      return { ...state, hasFinishedOnboarding: true, birthday: event.data.birthday, showNSFW: event.data.showNSFW };
    case 'CredentialUnlinked': {
      const { kind, key } = event.data;
      const credentials = state.credentials.filter((c) => !(c.kind === kind && c.key === key));
      const unlinkedWallet = kind === 'wallet-evm' || kind === 'wallet-solana';
      return {
        ...state,
        credentials,
        email: kind === 'email' && state.email === key ? null : state.email,
        telegramId: kind === 'telegram' && state.telegramId === key ? null : state.telegramId,
        walletAddresses: unlinkedWallet
          ? state.walletAddresses.filter((a) => (kind === 'wallet-evm' ? a.toLowerCase() : a) !== key)
          : state.walletAddresses,
      };
    }
    case 'CredentialLinked': {
      const { kind, key } = event.data;
      return {
        ...state,
        credentials: addCredentials(state.credentials, [{ kind, key }]),
        email: kind === 'email' ? (state.email ?? key) : state.email,
      };
    }
    case 'AccountDeleted':
      return { ...state, deleted: true, credentials: [], email: null, walletAddresses: [], telegramId: null };
    case 'MatureContentChanged':
      return { ...state, showNSFW: event.data.showNSFW };
    case 'AudioPreferencesChanged':
      return { ...state, audio: { defaultVolume: event.data.defaultVolume, volumes: event.data.volumes, mutes: event.data.mutes } };
    case 'RoleGranted':
      return { ...state, roles: [...state.roles, event.data.role] };
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
    case 'UserBanned':
      return { ...state, banned: true, bannedUntil: event.data.until ?? null };
    case 'UserUnbanned':
      return { ...state, banned: false, bannedUntil: null };
    case 'SessionsEndedByOperator':
      return state;
    case 'WaitlistChanged':
      return { ...state, isWaitlist: event.data.isWaitlist };
    case 'TelegramDailyClaimed':
      return { ...state, claimCount: event.data.claimNumber, lastClaimAt: event.data.claimedAt };
    default: {
      // Other modules (profiles) append their own events to this stream; they change nothing here.
      const _foreign: never = event;
      return state;
    }
  }
}
