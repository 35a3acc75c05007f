// Identity: sign-in bodies, the user events on `user-{uid}`, and the auth/user DTOs (docs/decisions/identity.md).
import { z } from 'zod';
import { RoleCode } from './access-token.ts';
import { commandAnswer } from './answers.ts';
import { formatText, texts } from './errors.ts';
import { limits } from './constants.ts';
import { vipPerks } from './wallet.ts';
import { eventTypesOf, type EventUnionOf } from './event-map.ts';
import type { accountSettingsEventSchemas } from './account-settings.ts';

/** How an account signs in; an identity link (email, wallet, provider subject, telegram id) per method. */
export const SignInMethod = z.enum(['email', 'mobile', 'guest', 'wallet', 'provider', 'telegram']);
export type SignInMethod = z.infer<typeof SignInMethod>;

export const WalletEnvironment = z.enum(['evm', 'solana-runtime', 'abstract']);
export type WalletEnvironment = z.infer<typeof WalletEnvironment>;

export const WalletSignType = z.enum(['login', 'connect']);
export type WalletSignType = z.infer<typeof WalletSignType>;

const short = (n: number) => z.string().max(n, formatText(texts.maxChars, { n }));

/** Spec section 3 "Device info": fingerprint, os (web). */
export const DeviceInfo = z.object({
  fingerprint: short(200).optional(),
  os: short(40).optional(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** Sent with every sign-in (visitorId or uniqueReferralCode, deviceInfo; docs/decisions/identity.md). */
export const SignInContext = z.object({
  visitorId: short(200).optional(),
  uniqueReferralCode: short(64).optional(),
  deviceInfo: DeviceInfo.optional(),
});

/** E-mail as the sign-in flow validates it (docs/decisions/identity.md). */
export const SignInEmail = z
  .string({ error: texts.enterEmail })
  .trim()
  .min(1, texts.enterEmail)
  .max(254, texts.emailInvalidSignIn)
  .pipe(z.email({ error: texts.emailInvalidSignIn }))
  .transform((e) => e.toLowerCase());

/** A mobile number as the sign-in flow takes it: spaces, dashes, dots and brackets are dropped; the
 * rest must be an international (E.164) number, + and country code first. */
export const SignInMobile = z
  .string({ error: 'Please enter your mobile number.' })
  .transform((m) => m.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Please enter your mobile number.')
      .regex(/^\+[1-9]\d{7,14}$/, 'This mobile number is invalid. Start with + and the country code, e.g. +63 917 123 4567.'),
  );

/** POST auth/otp: a code to an e-mail address or, by SMS, to a mobile number (one of the two). */
export const RequestOtpBody = z
  .object({ email: SignInEmail.optional(), mobile: SignInMobile.optional() })
  .refine((b) => (b.email === undefined) !== (b.mobile === undefined), { message: 'Please enter your email.', path: ['email'] });
export type RequestOtpBody = z.infer<typeof RequestOtpBody>;

export const OtpCode = z.string({ error: 'Enter the 6-digit code.' }).regex(/^\d{6}$/, 'Enter the 6-digit code.');

export const EmailCredentials = z.object({ type: z.literal('email'), email: SignInEmail, code: OtpCode });
export const MobileCredentials = z.object({ type: z.literal('mobile'), mobile: SignInMobile, code: OtpCode });
export const GuestCredentials = z.object({ type: z.literal('guest') });

/** POST auth/login: an e-mail or SMS code, or a guest sign-in. */
export const LoginBody = SignInContext.extend({
  credentials: z.discriminatedUnion('type', [EmailCredentials, MobileCredentials, GuestCredentials], {
    error: formatText(texts.required, { field: 'Credentials' }),
  }),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** POST wallet/create-sign-message. */
export const CreateSignMessageBody = z.object({
  address: z
    .string({ error: formatText(texts.required, { field: 'Address' }) })
    .trim()
    .min(1, formatText(texts.required, { field: 'Address' }))
    .max(100, formatText(texts.maxChars, { n: 100 })),
  type: WalletSignType,
  environment: WalletEnvironment.default('evm'),
});
export type CreateSignMessageBody = z.infer<typeof CreateSignMessageBody>;

export const SignMessageDto = z.object({ message: z.string(), token: z.string(), expiresAt: z.string() });
export type SignMessageDto = z.infer<typeof SignMessageDto>;

/** The header that carries the token from create-sign-message (spec: "signature session sent in a header"). */
export const SIGNATURE_SESSION_HEADER = 'x-signature-session';

/** POST auth/login-wallet (type login) and POST wallet/sign-message (type connect). */
export const WalletSignatureBody = SignInContext.extend({
  signature: z
    .string({ error: formatText(texts.required, { field: 'Signature' }) })
    .min(1, formatText(texts.required, { field: 'Signature' }))
    .max(1000, formatText(texts.maxChars, { n: 1000 })),
  address: z
    .string({ error: formatText(texts.required, { field: 'Address' }) })
    .trim()
    .min(1, formatText(texts.required, { field: 'Address' }))
    .max(100, formatText(texts.maxChars, { n: 100 })),
  type: WalletSignType,
  environment: WalletEnvironment.default('evm'),
});
export type WalletSignatureBody = z.infer<typeof WalletSignatureBody>;

/** POST auth/login-via-firebase-provider: the provider's ID token is `accessToken`. */
export const ProviderLoginBody = SignInContext.extend({
  accessToken: z
    .string({ error: formatText(texts.required, { field: 'Access token' }) })
    .min(1, formatText(texts.required, { field: 'Access token' }))
    .max(8192, formatText(texts.maxChars, { n: 8192 })),
  userName: short(64).optional(),
  email: short(254).optional(),
  mobnum: short(32).optional(),
});
export type ProviderLoginBody = z.infer<typeof ProviderLoginBody>;

/** POST auth/login-via-telegram: the mini-app's raw initData string. */
export const TelegramLoginBody = SignInContext.extend({
  initData: z
    .string({ error: formatText(texts.required, { field: 'initData' }) })
    .min(1, formatText(texts.required, { field: 'initData' }))
    .max(4096, formatText(texts.maxChars, { n: 4096 })),
});
export type TelegramLoginBody = z.infer<typeof TelegramLoginBody>;

/** POST user/onboarding: the terms step (I Agree, at least 18 years). */
export const OnboardingBody = z.object({
  acceptTerms: z.literal(true, { error: 'Please accept the terms and conditions.' }),
  birthday: z.iso.date({ error: formatText(texts.required, { field: 'Birthday' }) }),
  showNSFW: z.boolean().default(false),
});
export type OnboardingBody = z.infer<typeof OnboardingBody>;

/** POST admin/users/{uid}/roles. */
export const RoleChangeBody = z.object({ role: RoleCode, action: z.enum(['grant', 'revoke']).default('grant') });
export type RoleChangeBody = z.infer<typeof RoleChangeBody>;

/** POST admin/users/{uid}/ban. */
/** `durationHours` bans for that long (the ban lifts by itself); without it, until unbanned. */
export const BanBody = z.object({
  banned: z.boolean(),
  reason: short(limits.text).optional(),
  durationHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
});
export type BanBody = z.infer<typeof BanBody>;

export const UidParam = z.object({
  uid: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, texts.userNotFound),
});

/** Spec section 3 "Auth state": what every sign-in answers (the refresh token goes in a cookie). */
/** The identity providers offered on the sign-in screen (`GET auth/providers`): the identity
 * service's public web configuration (no secret in it) and the providers turned on there. An empty
 * list hides the buttons. `sdkUrl` is where the provider's web SDK modules load from (its CDN). */
export const IdentityProviderId = z.enum(['google.com', 'twitter.com']);
export type IdentityProviderId = z.infer<typeof IdentityProviderId>;
export const IdentityProvidersDto = z.object({
  providers: z.array(z.object({ id: IdentityProviderId, name: z.string() })),
  /** Sign-in by mobile number is offered (an SMS provider is configured). */
  mobile: z.boolean(),
  web: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), sdkUrl: z.string() }).nullable(),
  /** The wallet-connection service (WalletConnect): its public project id; null when none is
   * configured, and then no WalletConnect sign-in is offered. */
  walletConnect: z.object({ projectId: z.string() }).nullable(),
});
export type IdentityProvidersDto = z.infer<typeof IdentityProvidersDto>;

export const AuthStateDto = z.object({
  token: z.string(),
  uid: z.string(),
  roles: z.array(RoleCode),
  isConsumer: z.boolean(),
  anonymous: z.boolean(),
  referralCode: z.string(),
  walletAddress: z.string().nullable(),
  hasFinishedOnboarding: z.boolean(),
  isNewUser: z.boolean(),
  position: z.string(),
});
export type AuthStateDto = z.infer<typeof AuthStateDto>;

/** Spec section 3 "User (me)". */
export const MeDto = z.object({
  uid: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
  roles: z.array(RoleCode),
  hasFinishedOnboarding: z.boolean(),
  showNSFW: z.boolean(),
  anonymous: z.boolean(),
  referralCode: z.string(),
  /** On the waitlist for the mobile app's early access (docs/decisions/identity.md); true until an operator lets the account in. */
  isWaitlist: z.boolean(),
});
export type MeDto = z.infer<typeof MeDto>;

export const NextClaimDto = z.object({
  canClaim: z.boolean(),
  nextClaimAt: z.string().nullable(),
  amount: z.number().int(),
  streak: z.number().int(),
});
export type NextClaimDto = z.infer<typeof NextClaimDto>;

// ---- answers of the identity commands (response DTOs) ----
export const OtpSent = z.object({ sent: z.literal(true), expiresAt: z.string(), resendAfter: z.string() });
export const LoggedOut = z.object({ loggedOut: z.literal(true) });
export const WalletLinked = commandAnswer({ walletAddress: z.string(), environment: WalletEnvironment });
/** Onboarding done: a fresh access token that says so. */
export const OnboardingAnswer = commandAnswer({ hasFinishedOnboarding: z.literal(true), token: z.string() });
export const RolesChanged = commandAnswer({ uid: z.string(), roles: z.array(RoleCode) });
export const BanChanged = commandAnswer({ uid: z.string(), banned: z.boolean() });
/** POST console/users/{uid}/waitlist: let the account in (`isWaitlist` false) or put it back, with the operator's note for the audit. */
export const WaitlistBody = z.object({
  isWaitlist: z.boolean(),
  note: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Note' }))
    .max(limits.text, formatText(texts.maxChars, { n: limits.text })),
});
export type WaitlistBody = z.infer<typeof WaitlistBody>;
export const WaitlistAnswer = commandAnswer({ uid: z.string(), isWaitlist: z.boolean() });
export const DailyClaimAnswer = commandAnswer({ amount: z.number().int(), balance: z.number().int(), nextClaimAt: z.string().nullable() });
/** The demo's dev mailbox (sign-in codes sent). */
export const DevMailbox = z.object({
  items: z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), receivedAt: z.string() })),
});
/** GET dev/mailbox(.html): the mail to one address (any case), or all, newest first. */
export const DevMailboxQuery = z.object({
  email: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** GET dev/sms(.html): the texts to one number (matched by its digits), or all, newest first. */
export const DevSmsQuery = z.object({ to: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });
/** The demo's dev SMS inbox (texts the local SMS provider would have sent). */
export const DevSmsInbox = z.object({
  items: z.array(z.object({ id: z.string(), to: z.string(), text: z.string(), receivedAt: z.string() })),
});

/** The daily Telegram claim: diamonds credited and the wait between claims. */
export const telegramClaim = { diamonds: 10, intervalSeconds: 86_400 } as const;

/** What one daily claim pays: a VIP's is worth `vipPerks.dailyClaimMultiplier` times as much (docs/decisions/identity.md). */
export const dailyClaimAmount = (vip: boolean): number => telegramClaim.diamonds * (vip ? vipPerks.dailyClaimMultiplier : 1);

/** A user's identity and session events on `user-{uid}` (profile edits are the profiles module's). */
export const UserRegistered = z.object({
  uid: z.string(),
  method: SignInMethod,
  anonymous: z.boolean(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
  roles: z.array(RoleCode),
  referralCode: z.string(),
  referredByCode: z.string().nullable(),
  email: z.string().nullable(),
  /** The mobile number signed in with (E.164); absent on accounts registered before mobile sign-in. */
  mobile: z.string().nullable().optional(),
  walletAddress: z.string().nullable(),
  walletEnvironment: WalletEnvironment.nullable(),
  providerSubject: z.string().nullable(),
  provider: z.string().nullable(),
  telegramId: z.string().nullable(),
  visitorId: z.string().nullable(),
  deviceInfo: DeviceInfo.nullable(),
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof UserRegistered>;

export const UserSignedInData = z.object({
  uid: z.string(),
  sessionId: z.string(),
  method: SignInMethod,
  visitorId: z.string().nullable(),
  deviceInfo: DeviceInfo.nullable(),
  signedInAt: z.string(),
});
export const GuestUpgradedData = z.object({
  uid: z.string(),
  method: SignInMethod,
  email: z.string().nullable(),
  mobile: z.string().nullable().optional(),
  walletAddress: z.string().nullable(),
  walletEnvironment: WalletEnvironment.nullable(),
  provider: z.string().nullable(),
  providerSubject: z.string().nullable(),
  telegramId: z.string().nullable(),
  upgradedAt: z.string(),
});
export const WalletLinkedData = z.object({ uid: z.string(), address: z.string(), environment: WalletEnvironment, linkedAt: z.string() });
export const OnboardingCompletedData = z.object({
  uid: z.string(),
  birthday: z.string(),
  showNSFW: z.boolean(),
  acceptedTermsAt: z.string(),
});
export const RoleGrantedData = z.object({ uid: z.string(), role: RoleCode, grantedBy: z.string(), at: z.string() });
export const RoleRevokedData = z.object({ uid: z.string(), role: RoleCode, revokedBy: z.string(), at: z.string() });
/** `until`: the ban lifts by itself then (absent or null: until unbanned). */
export const UserBannedData = z.object({
  uid: z.string(),
  reason: z.string().nullable(),
  bannedBy: z.string(),
  at: z.string(),
  until: z.string().nullable().optional(),
});
export const UserUnbannedData = z.object({ uid: z.string(), unbannedBy: z.string(), at: z.string() });
/** An operator let the account in from the waitlist (`isWaitlist` false) or put it back (true), with a note. */
export const WaitlistChangedData = z.object({ uid: z.string(), isWaitlist: z.boolean(), by: z.string(), note: z.string(), at: z.string() });
/** An operator signed the account out everywhere: every session ends at once. */
export const SessionsEndedByOperatorData = z.object({ uid: z.string(), reason: z.string(), by: z.string(), at: z.string() });
export const TelegramDailyClaimedData = z.object({
  uid: z.string(),
  claimNumber: z.number().int(),
  amount: z.number().int(),
  claimedAt: z.string(),
});

/** Events of `user-{uid}` that identity writes (the profiles module adds its own to the stream). */
export const identityEventSchemas = {
  UserRegistered,
  UserSignedIn: UserSignedInData,
  GuestUpgraded: GuestUpgradedData,
  WalletLinked: WalletLinkedData,
  OnboardingCompleted: OnboardingCompletedData,
  RoleGranted: RoleGrantedData,
  RoleRevoked: RoleRevokedData,
  UserBanned: UserBannedData,
  UserUnbanned: UserUnbannedData,
  TelegramDailyClaimed: TelegramDailyClaimedData,
  SessionsEndedByOperator: SessionsEndedByOperatorData,
  WaitlistChanged: WaitlistChangedData,
} as const;
/** Everything identity folds on `user-{uid}`: its own events and the account settings'. */
export type UserEvent = EventUnionOf<typeof identityEventSchemas> | EventUnionOf<typeof accountSettingsEventSchemas>;
export const identityEventTypes = eventTypesOf(identityEventSchemas);
export type IdentityEventType = keyof typeof identityEventSchemas;

/** Wrong one-time codes counted per e-mail address across resends (`otp-address-{hash}`). */
export const otpAddressEventSchemas = {
  OneTimeCodeTried: z.object({ at: z.string(), tries: z.number().int(), lockedUntil: z.string().optional() }),
  OneTimeCodeAccepted: z.object({ at: z.string() }),
} as const;
export type OtpAddressEvent = EventUnionOf<typeof otpAddressEventSchemas>;

/** Identity's own messages, where the spec gives none (spec texts stay in `texts`). */
export const identityTexts = {
  codeInvalid: 'The code is invalid or has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many wrong codes. Please request a new code.',
  codeResendWait: 'Please wait before requesting a new code.',
  /** Too many guest accounts or wallet sign-in messages from one network in a short time. */
  tooManyFromAddress: 'Too many requests from your network. Please try again later.',
  /** Too many wrong codes for one address across resends: it is locked for a while. */
  codeAddressLocked: 'Too many wrong codes for this e-mail address or number. Please try again in {minutes} minutes.',
  /** No SMS provider is configured here. */
  mobileUnavailable: 'Sign-in with a mobile number is not available right now. Please use another method.',
  /** The SMS provider refused or failed to send. */
  smsNotSent: 'We could not send a text to this number. Please check it and try again.',
  signMessageExpired: 'The sign-in message has expired or was already used. Please try again.',
  signatureInvalid: 'The signature does not match this wallet.',
  providerTokenInvalid: 'The sign-in with this provider could not be verified. Please try again.',
  telegramInvalid: 'The mini-app sign-in data could not be verified.',
  telegramStale: 'The mini-app sign-in data is too old. Please reopen the app.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Why a signed-out visitor was sent home from a page that needs an account. */
  signInToSeePage: 'Please sign in to see this page.',
  walletLinkedElsewhere: 'This wallet is already linked to another account.',
  alreadyClaimed: 'You have already claimed today. Come back later.',
  claimNeedsTelegram: 'The daily claim is for mini-app accounts.',
  connectNeedsAccount: 'Please sign in to connect a wallet.',
  /** The identity provider's clash code (docs/decisions/identity.md), sent as `details.reason`. */
  differentCredential: 'account-exists-with-different-credential',
} as const;
