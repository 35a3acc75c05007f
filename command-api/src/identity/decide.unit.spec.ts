// The user decider, given events / when a command / then events (or a refusal).
import { describe, expect, it } from 'vitest';
import { ageOn, userDecider, type UserCommand } from './decide.ts';
import type { UserEvent } from './user.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const session = { sessionId: 's1', method: 'email' as const, visitorId: 'v1', deviceInfo: { fingerprint: 'f', os: 'web' } };
const identity = { email: null, walletAddress: null, walletEnvironment: null, provider: null, providerSubject: null, telegramId: null };

const given = DeciderSpecification.for(userDecider);

const registered = (over: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {}): UserEvent => ({
  type: 'UserRegistered',
  data: {
    uid: 'u1',
    method: 'email',
    anonymous: false,
    username: 'ann1234',
    profilePicUrl: null,
    roles: ['co'],
    referralCode: 'ABCDEFGH',
    referredByCode: null,
    ...identity,
    email: 'ann@example.com',
    visitorId: 'v1',
    deviceInfo: null,
    registeredAt: now.toISOString(),
    ...over,
  },
});

describe('user decider', () => {
  it('registers a new account and signs it in', () => {
    given()
      .when({
        type: 'Register',
        uid: 'u1',
        anonymous: false,
        username: 'ann1234',
        profilePicUrl: null,
        referralCode: 'ABCDEFGH',
        referredByCode: 'ZZZZZZZZ',
        ...identity,
        email: 'ann@example.com',
        ...session,
        now,
      })
      .then([
        {
          type: 'UserRegistered',
          data: {
            uid: 'u1',
            method: 'email',
            anonymous: false,
            username: 'ann1234',
            profilePicUrl: null,
            roles: ['co'],
            referralCode: 'ABCDEFGH',
            referredByCode: 'ZZZZZZZZ',
            ...identity,
            email: 'ann@example.com',
            visitorId: 'v1',
            deviceInfo: { fingerprint: 'f', os: 'web' },
            registeredAt: now.toISOString(),
          },
        },
        {
          type: 'UserSignedIn',
          data: {
            uid: 'u1',
            sessionId: 's1',
            method: 'email',
            visitorId: 'v1',
            deviceInfo: { fingerprint: 'f', os: 'web' },
            signedInAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses to register twice', () => {
    given(registered())
      .when({
        type: 'Register',
        uid: 'u1',
        anonymous: false,
        username: 'x',
        profilePicUrl: null,
        referralCode: 'B',
        referredByCode: null,
        ...identity,
        ...session,
        now,
      })
      .thenThrows('CONFLICT', 'This account already exists.');
  });

  it('refuses a banned account with the spec text', () => {
    given(registered(), { type: 'UserBanned', data: { uid: 'u1', reason: null, bannedBy: 'admin', at: now.toISOString() } })
      .when({ type: 'SignIn', ...session, now })
      .thenThrows('UID_BANNED', 'Your account is banned.');
  });

  it('signs in again after an unban', () => {
    given(
      registered(),
      { type: 'UserBanned', data: { uid: 'u1', reason: null, bannedBy: 'admin', at: now.toISOString() } },
      { type: 'UserUnbanned', data: { uid: 'u1', unbannedBy: 'admin', at: now.toISOString() } },
    )
      .when({ type: 'SignIn', ...session, now })
      .then([
        {
          type: 'UserSignedIn',
          data: {
            uid: 'u1',
            sessionId: 's1',
            method: 'email',
            visitorId: 'v1',
            deviceInfo: { fingerprint: 'f', os: 'web' },
            signedInAt: now.toISOString(),
          },
        },
      ]);
  });

  it('starts every account on the waitlist; an operator lets it in or puts it back, once each, with the note', () => {
    expect(given(registered()).state.isWaitlist).toBe(true);
    given(registered())
      .when({ type: 'SetWaitlist', isWaitlist: false, note: 'beta tester', by: 'admin', now })
      .then([{ type: 'WaitlistChanged', data: { uid: 'u1', isWaitlist: false, by: 'admin', note: 'beta tester', at: now.toISOString() } }]);
    // Already on the waitlist, already let in: nothing to record.
    given(registered()).when({ type: 'SetWaitlist', isWaitlist: true, note: 'again', by: 'admin', now }).thenNothing();
    const letIn: UserEvent = {
      type: 'WaitlistChanged',
      data: { uid: 'u1', isWaitlist: false, by: 'admin', note: 'beta tester', at: now.toISOString() },
    };
    given(registered(), letIn).when({ type: 'SetWaitlist', isWaitlist: false, note: 'again', by: 'admin', now }).thenNothing();
    given(registered(), letIn)
      .when({ type: 'SetWaitlist', isWaitlist: true, note: 'paused', by: 'admin2', now })
      .then([{ type: 'WaitlistChanged', data: { uid: 'u1', isWaitlist: true, by: 'admin2', note: 'paused', at: now.toISOString() } }]);
    given().when({ type: 'SetWaitlist', isWaitlist: false, note: 'x', by: 'admin', now }).thenThrows('NOT_FOUND', 'User not found.');
  });

  it('upgrades a guest keeping the uid, and only a guest', () => {
    const guest = registered({ anonymous: true, method: 'guest', email: null });
    const upgrade = given(guest).when({ type: 'UpgradeGuest', ...identity, email: 'g@example.com', ...session, now });
    expect(upgrade.decided()[0]).toMatchObject({ type: 'GuestUpgraded', data: { uid: 'u1', email: 'g@example.com' } });
    expect(upgrade.stateAfter()).toMatchObject({ uid: 'u1', anonymous: false, email: 'g@example.com' });
    given(registered())
      .when({ type: 'UpgradeGuest', ...identity, ...session, now })
      .thenThrows('CONFLICT', 'This account is not a guest account.');
  });

  it('links a wallet once', () => {
    const linked: UserEvent = {
      type: 'WalletLinked',
      data: { uid: 'u1', address: '0xabc', environment: 'evm', linkedAt: now.toISOString() },
    };
    given(registered()).when({ type: 'LinkWallet', address: '0xabc', environment: 'evm', now }).then([linked]);
    given(registered(), linked).when({ type: 'LinkWallet', address: '0xabc', environment: 'evm', now }).thenNothing();
  });

  it('completes onboarding at 18, refuses under 18 with the spec text', () => {
    given(registered())
      .when({ type: 'CompleteOnboarding', birthday: '2008-11-22', showNSFW: true, now })
      .then([
        { type: 'OnboardingCompleted', data: { uid: 'u1', birthday: '2008-11-22', showNSFW: true, acceptedTermsAt: now.toISOString() } },
      ]);
    given(registered())
      .when({ type: 'CompleteOnboarding', birthday: '2008-11-23', showNSFW: false, now })
      .thenThrows('VALIDATION_FAILED', 'You must be at least 18 years old.');
    expect(ageOn('2008-11-23', now)).toBe(17);
    expect(ageOn('2008-11-22', now)).toBe(18);
  });

  it('grants and revokes roles without duplicates', () => {
    const granted: UserEvent = { type: 'RoleGranted', data: { uid: 'u1', role: 'h', grantedBy: 'admin', at: now.toISOString() } };
    given(registered()).when({ type: 'GrantRole', role: 'h', by: 'admin', now }).then([granted]);
    given(registered(), granted).when({ type: 'GrantRole', role: 'h', by: 'admin', now }).thenNothing();
    given(registered(), granted)
      .when({ type: 'RevokeRole', role: 'h', by: 'admin', now })
      .then([{ type: 'RoleRevoked', data: { uid: 'u1', role: 'h', revokedBy: 'admin', at: now.toISOString() } }]);
    given().when({ type: 'GrantRole', role: 'h', by: 'admin', now }).thenThrows('NOT_FOUND', 'User not found.');
  });

  it('allows one Telegram claim per interval; a repeated claim number appends nothing', () => {
    const tg = registered({ method: 'telegram', telegramId: '42', email: null });
    const claim = (claimNumber: number, at: Date): UserCommand => ({
      type: 'ClaimTelegramDaily',
      claimNumber,
      amount: 10,
      intervalSeconds: 86_400,
      now: at,
    });
    const first: UserEvent = {
      type: 'TelegramDailyClaimed',
      data: { uid: 'u1', claimNumber: 1, amount: 10, claimedAt: now.toISOString() },
    };
    given(tg).when(claim(1, now)).then([first]);
    given(tg, first).when(claim(1, now)).thenNothing();
    given(tg, first)
      .when(claim(2, new Date(now.getTime() + 3_600_000)))
      .thenThrows('RULE_VIOLATED', 'You have already claimed today. Come back later.');
    expect(
      given(tg, first)
        .when(claim(2, new Date(now.getTime() + 86_400_000)))
        .decided(),
    ).toHaveLength(1);
    given(registered()).when(claim(1, now)).thenThrows('FORBIDDEN', 'The daily claim is for mini-app accounts.');
  });

  it('ignores other modules\u2019 events on the same stream', () => {
    const foreign = { type: 'UsernameChanged', data: { uid: 'u1', username: 'x' } } as unknown as UserEvent;
    expect(given(registered(), foreign).state.exists).toBe(true);
  });

  const walletLinked: UserEvent = {
    type: 'WalletLinked',
    data: { uid: 'u1', address: '0xAbC0000000000000000000000000000000000001', environment: 'evm', linkedAt: now.toISOString() },
  };
  const onboarded = (birthday: string): UserEvent => ({
    type: 'OnboardingCompleted',
    data: { uid: 'u1', birthday, showNSFW: false, acceptedTermsAt: now.toISOString() },
  });

  it('unlinks a credential while another way in remains, never the last one', () => {
    given(registered(), walletLinked)
      .when({ type: 'UnlinkCredential', kind: 'wallet-evm', key: '0xABC0000000000000000000000000000000000001', now })
      .then([
        {
          type: 'CredentialUnlinked',
          data: { uid: 'u1', kind: 'wallet-evm', key: '0xabc0000000000000000000000000000000000001', unlinkedAt: now.toISOString() },
        },
      ]);
    given(registered(), walletLinked)
      .when({ type: 'UnlinkCredential', kind: 'email', key: 'ann@example.com', now })
      .then([{ type: 'CredentialUnlinked', data: { uid: 'u1', kind: 'email', key: 'ann@example.com', unlinkedAt: now.toISOString() } }]);
    const unlinked: UserEvent = {
      type: 'CredentialUnlinked',
      data: { uid: 'u1', kind: 'wallet-evm', key: '0xabc0000000000000000000000000000000000001', unlinkedAt: now.toISOString() },
    };
    given(registered(), walletLinked, unlinked)
      .when({ type: 'UnlinkCredential', kind: 'email', key: 'ann@example.com', now })
      .thenThrows('RULE_VIOLATED', 'This is your only way to sign in. Link another one before you remove it.');
    given(registered())
      .when({ type: 'UnlinkCredential', kind: 'telegram', key: '42', now })
      .thenThrows('NOT_FOUND', 'This sign-in method is not linked to your account.');
  });

  it('turns mature content on only at 18 or older, and records audio preferences as a snapshot', () => {
    given(registered(), onboarded('1990-01-01'))
      .when({ type: 'ChangeSettings', showNSFW: true, now })
      .then([{ type: 'MatureContentChanged', data: { uid: 'u1', showNSFW: true, changedAt: now.toISOString() } }]);
    given(registered(), onboarded('2010-01-01'))
      .when({ type: 'ChangeSettings', showNSFW: true, now })
      .thenThrows('FORBIDDEN', 'You must be at least 18 years old.');
    given(registered()).when({ type: 'ChangeSettings', showNSFW: true, now }).thenThrows('FORBIDDEN', 'You must be at least 18 years old.');
    given(registered(), onboarded('1990-01-01')).when({ type: 'ChangeSettings', showNSFW: false, defaultVolume: 100, now }).thenNothing();
    given(registered())
      .when({ type: 'ChangeSettings', defaultVolume: 40, mutes: ['b', 'b'], now })
      .then([
        {
          type: 'AudioPreferencesChanged',
          data: { uid: 'u1', defaultVolume: 40, volumes: {}, mutes: ['b'], changedAt: now.toISOString() },
        },
      ]);
  });
});
