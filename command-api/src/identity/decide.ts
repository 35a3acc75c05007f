// The user decider: pure decisions on `user-{uid}` (uids, codes, time and session ids come in on the command).
import {
  accountTexts,
  identityTexts,
  limits,
  moderationTexts,
  texts,
  type CredentialKind,
  type DeviceInfo,
  type RoleCode,
  type SignInMethod,
  type WalletEnvironment,
  identityEventSchemas,
  accountSettingsEventSchemas,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './user.ts';

/** What a new account is linked by; all but the method's own field are null. */
export interface LinkedIdentity {
  email: string | null;
  /** Absent or null unless the account signs in by mobile number. */
  mobile?: string | null;
  walletAddress: string | null;
  walletEnvironment: WalletEnvironment | null;
  provider: string | null;
  providerSubject: string | null;
  telegramId: string | null;
}

export interface SessionStart {
  sessionId: string;
  method: SignInMethod;
  visitorId: string | null;
  deviceInfo: DeviceInfo | null;
}

export type UserCommand =
  | ({
      type: 'Register';
      uid: string;
      anonymous: boolean;
      username: string;
      profilePicUrl: string | null;
      referralCode: string;
      referredByCode: string | null;
      now: Date;
    } & LinkedIdentity &
      SessionStart)
  | ({ type: 'SignIn'; now: Date } & SessionStart)
  | ({ type: 'UpgradeGuest'; now: Date } & LinkedIdentity & SessionStart)
  | { type: 'LinkWallet'; address: string; environment: WalletEnvironment; now: Date }
  | { type: 'CompleteOnboarding'; birthday: string; showNSFW: boolean; now: Date }
  | { type: 'GrantRole'; role: RoleCode; by: string; now: Date }
  | { type: 'RevokeRole'; role: RoleCode; by: string; now: Date }
  | { type: 'Ban'; reason: string | null; by: string; until?: string | null; now: Date }
  | { type: 'EndAllSessions'; reason: string; by: string; now: Date }
  | { type: 'Unban'; by: string; now: Date }
  | { type: 'SetWaitlist'; isWaitlist: boolean; note: string; by: string; now: Date }
  | { type: 'ClaimTelegramDaily'; claimNumber: number; amount: number; intervalSeconds: number; now: Date }
  | { type: 'UnlinkCredential'; kind: CredentialKind; key: string; now: Date }
  | { type: 'LinkCredential'; kind: 'email' | 'provider'; key: string; provider: string | null; now: Date }
  | { type: 'DeleteAccount'; now: Date }
  | { type: 'ChangeSettings'; showNSFW?: boolean; defaultVolume?: number; volumes?: Record<string, number>; mutes?: string[]; now: Date };

/** Whole years between a YYYY-MM-DD birthday and `now` (UTC). */
export function ageOn(birthday: string, now: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** When a claim made at `lastClaimAt` allows the next one. */
export function nextClaimAt(lastClaimAt: string | null, intervalSeconds: number): Date | null {
  return lastClaimAt ? new Date(Date.parse(lastClaimAt) + intervalSeconds * 1000) : null;
}

function mustExist(state: UserState): void {
  if (!state.exists || state.deleted) throw new ApiError('NOT_FOUND', texts.userNotFound);
}

/** Banned now: a ban with a duration has lifted once its time is past. */
export function bannedAt(state: Pick<UserState, 'banned' | 'bannedUntil'>, now: Date): boolean {
  return state.banned && (state.bannedUntil === null || Date.parse(state.bannedUntil) > now.getTime());
}

function mustNotBeBanned(state: UserState, now: Date): void {
  if (bannedAt(state, now)) throw new ApiError('UID_BANNED', texts.banned);
}

function signedIn(uid: string, c: SessionStart & { now: Date }): UserEvent {
  return {
    type: 'UserSignedIn',
    data: {
      uid,
      sessionId: c.sessionId,
      method: c.method,
      visitorId: c.visitorId,
      deviceInfo: c.deviceInfo,
      signedInAt: c.now.toISOString(),
    },
  };
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Register': {
      if (state.exists) throw new ApiError('CONFLICT', 'This account already exists.');
      const c = command;
      return [
        {
          type: 'UserRegistered',
          data: {
            uid: c.uid,
            method: c.method,
            anonymous: c.anonymous,
            username: c.username,
            profilePicUrl: c.profilePicUrl,
            roles: ['co'],
            referralCode: c.referralCode,
            referredByCode: c.referredByCode,
            email: c.email,
            ...(c.mobile ? { mobile: c.mobile } : {}),
            walletAddress: c.walletAddress,
            walletEnvironment: c.walletEnvironment,
            provider: c.provider,
            providerSubject: c.providerSubject,
            telegramId: c.telegramId,
            visitorId: c.visitorId,
            deviceInfo: c.deviceInfo,
            registeredAt: at,
          },
        },
        signedIn(c.uid, c),
      ];
    }
    case 'SignIn':
      mustExist(state);
      mustNotBeBanned(state, command.now);
      return [signedIn(state.uid, command)];
    case 'UpgradeGuest': {
      mustExist(state);
      mustNotBeBanned(state, command.now);
      if (!state.anonymous) throw new ApiError('CONFLICT', 'This account is not a guest account.');
      const c = command;
      return [
        {
          type: 'GuestUpgraded',
          data: {
            uid: state.uid,
            method: c.method,
            email: c.email,
            ...(c.mobile ? { mobile: c.mobile } : {}),
            walletAddress: c.walletAddress,
            walletEnvironment: c.walletEnvironment,
            provider: c.provider,
            providerSubject: c.providerSubject,
            telegramId: c.telegramId,
            upgradedAt: at,
          },
        },
        signedIn(state.uid, c),
      ];
    }
    case 'LinkWallet':
      mustExist(state);
      mustNotBeBanned(state, command.now);
      if (state.walletAddresses.includes(command.address)) return [];
      return [{ type: 'WalletLinked', data: { uid: state.uid, address: command.address, environment: command.environment, linkedAt: at } }];
    case 'CompleteOnboarding':
      mustExist(state);
      mustNotBeBanned(state, command.now);
      if (ageOn(command.birthday, command.now) < limits.minimumAge)
        throw new ApiError('VALIDATION_FAILED', texts.minAge, { issues: [{ path: 'birthday', message: texts.minAge }] });
      return [
        {
          type: 'OnboardingCompleted',
          data: { uid: state.uid, birthday: command.birthday, showNSFW: command.showNSFW, acceptedTermsAt: at },
        },
      ];
    case 'GrantRole':
      mustExist(state);
      if (state.roles.includes(command.role)) return [];
      return [{ type: 'RoleGranted', data: { uid: state.uid, role: command.role, grantedBy: command.by, at } }];
    case 'RevokeRole':
      mustExist(state);
      if (!state.roles.includes(command.role)) return [];
      return [{ type: 'RoleRevoked', data: { uid: state.uid, role: command.role, revokedBy: command.by, at } }];
    case 'Ban':
      mustExist(state);
      if (command.by === state.uid) throw new ApiError('RULE_VIOLATED', moderationTexts.cannotActOnSelf);
      // A ban in force is not banned again (an expired one is).
      if (bannedAt(state, command.now)) return [];
      return [
        { type: 'UserBanned', data: { uid: state.uid, reason: command.reason, bannedBy: command.by, at, until: command.until ?? null } },
      ];
    case 'EndAllSessions':
      mustExist(state);
      return [{ type: 'SessionsEndedByOperator', data: { uid: state.uid, reason: command.reason, by: command.by, at } }];
    case 'Unban':
      mustExist(state);
      if (!state.banned) return [];
      return [{ type: 'UserUnbanned', data: { uid: state.uid, unbannedBy: command.by, at } }];
    case 'SetWaitlist':
      mustExist(state);
      // Already where the operator wants it: nothing to record.
      if (state.isWaitlist === command.isWaitlist) return [];
      return [
        { type: 'WaitlistChanged', data: { uid: state.uid, isWaitlist: command.isWaitlist, by: command.by, note: command.note, at } },
      ];
    case 'ClaimTelegramDaily': {
      mustExist(state);
      mustNotBeBanned(state, command.now);
      if (!state.telegramId) throw new ApiError('FORBIDDEN', identityTexts.claimNeedsTelegram);
      // A repeated claim whose diamonds were already credited (same claim number) appends nothing.
      if (state.claimCount >= command.claimNumber) return [];
      const next = nextClaimAt(state.lastClaimAt, command.intervalSeconds);
      if (next && next > command.now)
        throw new ApiError('RULE_VIOLATED', identityTexts.alreadyClaimed, { nextClaimAt: next.toISOString() });
      return [
        { type: 'TelegramDailyClaimed', data: { uid: state.uid, claimNumber: command.claimNumber, amount: command.amount, claimedAt: at } },
      ];
    }
    case 'UnlinkCredential': {
      mustExist(state);
      mustNotBeBanned(state, command.now);
      const key = command.kind === 'wallet-evm' ? command.key.toLowerCase() : command.key;
      if (!state.credentials.some((c) => c.kind === command.kind && c.key === key)) throw new ApiError('NOT_FOUND', accountTexts.notLinked);
      // Decided here, on the user's stream with its version: two unlinks racing cannot both pass.
      if (state.credentials.length <= 1) throw new ApiError('RULE_VIOLATED', accountTexts.lastSignInMethod);
      return [{ type: 'CredentialUnlinked', data: { uid: state.uid, kind: command.kind, key, unlinkedAt: at } }];
    }
    case 'LinkCredential': {
      mustExist(state);
      mustNotBeBanned(state, command.now);
      if (state.credentials.some((c) => c.kind === command.kind && c.key === command.key)) return [];
      return [
        {
          type: 'CredentialLinked',
          data: { uid: state.uid, kind: command.kind, key: command.key, provider: command.provider, linkedAt: at },
        },
      ];
    }
    case 'DeleteAccount':
      // A banned account may be deleted too: the person leaves; the ban's record stays in the log.
      mustExist(state);
      return [{ type: 'AccountDeleted', data: { uid: state.uid, deletedAt: at } }];
    case 'ChangeSettings': {
      mustExist(state);
      mustNotBeBanned(state, command.now);
      const events: UserEvent[] = [];
      if (command.showNSFW !== undefined && command.showNSFW !== state.showNSFW) {
        // Spec section 5: mature content only for people of 18 or older (by the terms step's birthday).
        if (command.showNSFW && (!state.birthday || ageOn(state.birthday, command.now) < limits.minimumAge)) {
          throw new ApiError('FORBIDDEN', texts.minAge);
        }
        events.push({ type: 'MatureContentChanged', data: { uid: state.uid, showNSFW: command.showNSFW, changedAt: at } });
      }
      const audio = {
        defaultVolume: command.defaultVolume ?? state.audio.defaultVolume,
        volumes: command.volumes ?? state.audio.volumes,
        mutes: command.mutes ? [...new Set(command.mutes)] : state.audio.mutes,
      };
      if (JSON.stringify(audio) !== JSON.stringify(state.audio)) {
        events.push({ type: 'AudioPreferencesChanged', data: { uid: state.uid, ...audio, changedAt: at } });
      }
      return events;
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  evolvesOn: { ...identityEventSchemas, ...accountSettingsEventSchemas },
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
