// Account settings: the ways a user signs in (linked credentials) and how they are
// unlinked, mature content, and the audio preferences of the spec's auth state (volumes, mutes,
// default volume 100). Events are appended to `user-{uid}`, where identity decides.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { OtpCode, SignInEmail } from './identity.ts';

/** One way into an account; the same kinds as identity's `identity_links`. */
export const CredentialKind = z.enum(['email', 'mobile', 'wallet-evm', 'wallet-solana', 'provider', 'telegram']);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const credentialKindNames: Record<CredentialKind, string> = {
  email: 'E-mail',
  mobile: 'Mobile number',
  'wallet-evm': 'EVM wallet',
  'wallet-solana': 'Solana wallet',
  provider: 'Identity provider',
  telegram: 'Telegram',
};

/** Spec section 9: default volume 100; volumes are 0-100. */
export const audioDefaults = { defaultVolume: 100 } as const;

const volume = z.number().int().min(0).max(100);
const uid = z.string().min(1).max(128);

// ---- events on user-{uid} -------------------------------------------------------------------

export const CredentialUnlinkedData = z.object({ uid, kind: CredentialKind, key: z.string(), unlinkedAt: z.string() });
export type CredentialUnlinkedData = z.infer<typeof CredentialUnlinkedData>;

/** A way in added from the settings page (an e-mail proven by its code, an identity provider's token). */
export const CredentialLinkedData = z.object({
  uid,
  kind: CredentialKind,
  key: z.string(),
  provider: z.string().nullable(),
  linkedAt: z.string(),
});
export type CredentialLinkedData = z.infer<typeof CredentialLinkedData>;

/** The owner deleted the account: its personal data leaves the read models, its sign-in links are
 * removed and its sessions end; money events stay in the log under the uid for the ledger audit. */
export const AccountDeletedData = z.object({ uid, deletedAt: z.string() });
export type AccountDeletedData = z.infer<typeof AccountDeletedData>;

export const MatureContentChangedData = z.object({ uid, showNSFW: z.boolean(), changedAt: z.string() });
export type MatureContentChangedData = z.infer<typeof MatureContentChangedData>;

/** The whole audio preference after the change (a snapshot, so a projector never merges). */
export const AudioPreferencesChangedData = z.object({
  uid,
  defaultVolume: volume,
  volumes: z.record(z.string(), volume),
  mutes: z.array(z.string()),
  changedAt: z.string(),
});
export type AudioPreferencesChangedData = z.infer<typeof AudioPreferencesChangedData>;

export const accountSettingsEventSchemas = {
  CredentialLinked: CredentialLinkedData,
  AccountDeleted: AccountDeletedData,
  CredentialUnlinked: CredentialUnlinkedData,
  MatureContentChanged: MatureContentChangedData,
  AudioPreferencesChanged: AudioPreferencesChangedData,
} as const;

// ---- commands and reads ---------------------------------------------------------------------

/** PUT user/settings: any of mature content and the audio preferences. */
export const SettingsBody = z.object({
  showNSFW: z.boolean().optional(),
  defaultVolume: volume.optional(),
  volumes: z
    .record(z.string().max(128), volume)
    .refine((v) => Object.keys(v).length <= 500, 'Too many volumes.')
    .optional(),
  mutes: z.array(z.string().min(1).max(128)).max(500).optional(),
});
export type SettingsBody = z.infer<typeof SettingsBody>;

/** POST auth/unlink. */
export const UnlinkCredentialBody = z.object({ kind: CredentialKind, key: z.string().min(1).max(300) });
export type UnlinkCredentialBody = z.infer<typeof UnlinkCredentialBody>;

/** POST user/credentials/link-email: the code sent by auth/otp to that address proves it. */
export const LinkEmailBody = z.object({ email: SignInEmail, code: OtpCode });
export type LinkEmailBody = z.infer<typeof LinkEmailBody>;

/** POST user/credentials/link-provider: the identity provider's ID token. */
export const LinkProviderBody = z.object({ accessToken: z.string().min(20).max(8000) });
export type LinkProviderBody = z.infer<typeof LinkProviderBody>;

/** What `deleteAccount` must be typed to confirm. */
export const DELETE_CONFIRMATION = 'DELETE';

/** POST user/account/delete. */
export const DeleteAccountBody = z.object({
  confirmation: z.string().refine((v) => v === DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm.` }),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const LinkedCredentialDto = z.object({
  kind: CredentialKind,
  /** The e-mail, the wallet address, the provider's subject or the Telegram id. */
  key: z.string(),
  /** Which identity provider, for `provider` links. */
  provider: z.string().nullable(),
  linkedAt: z.string(),
});
export type LinkedCredentialDto = z.infer<typeof LinkedCredentialDto>;

/** GET user/settings. */
export const AccountSettingsDto = z.object({
  showNSFW: z.boolean(),
  /** 18 or older by the birthday given at the terms step (mature content only then; docs/decisions/identity.md). */
  adult: z.boolean(),
  defaultVolume: volume,
  volumes: z.record(z.string(), volume),
  mutes: z.array(z.string()),
  credentials: z.array(LinkedCredentialDto),
});
export type AccountSettingsDto = z.infer<typeof AccountSettingsDto>;

/** PUT user/settings: the preferences as they are after the change. */
export const SettingsChanged = commandAnswer({
  showNSFW: z.boolean(),
  defaultVolume: volume,
  volumes: z.record(z.string(), volume),
  mutes: z.array(z.string()),
});
/** user/credentials/unlink: the ways in that are left. */
export const CredentialsLeft = commandAnswer({ credentials: z.array(z.object({ kind: CredentialKind, key: z.string() })) });
/** user/sessions/end-others: how many other sessions ended, and the spec's confirmation. */
export const OtherSessionsEnded = z.object({ ended: z.number().int(), message: z.string() });
/** POST user/credentials/link-email and link-provider. */
export const CredentialsLinked = commandAnswer({
  credentials: z.array(z.object({ kind: CredentialKind, key: z.string() })),
  message: z.string(),
});
/** POST user/account/delete. */
export const AccountDeletedAnswer = commandAnswer({ deleted: z.literal(true), message: z.string() });

/** Texts of the settings page; the spec words none of them except the 18+ rule. */
export const accountTexts = {
  lastSignInMethod: 'This is your only way to sign in. Link another one before you remove it.',
  notLinked: 'This sign-in method is not linked to your account.',
  /** The mature-content warning and consent (18+ warning, shown only to adults after consent; docs/decisions/identity.md). */
  matureWarning: 'Mature content may include strong language and adult themes. It is only for people aged 18 or older.',
  matureConsent: 'I am at least 18 years old and I want to see mature content.',
  signedOutOthers: 'You are signed out on every other device.',
  emailLinked: 'E-mail linked. You can now sign in with it.',
  providerLinked: 'Account linked. You can now sign in with it.',
  /** An identity-provider account that already signs into another Murmur account. */
  providerLinkedElsewhere: 'This account is already linked to another Murmur account.',
  alreadyLinked: 'This sign-in method is already linked to your account.',
  accountDeleted: 'Your account has been deleted.',
  deleteWarning:
    'Deleting your account removes your profile, posts, gallery, linked sign-in methods and settings, and signs you out everywhere. Diamonds and charm left in the account are lost. Payments and gifts stay in our books, without your name, as the law requires. This cannot be undone.',
} as const;

/** Browser-wallet texts of the product (and ours where it gives none; docs/decisions/payments.md). */
export const browserWalletTexts = {
  /** The wallet's selected account is not the address being linked (spec: asks to switch to the expected address). */
  accountMismatch: 'Please switch your wallet to the account {address} and try again.',
  /** Spec section 8's fallback for a wallet error. */
  otherNetwork: 'Something went wrong. Please try other blockchain network or try again later.',
  noEvmWallet: 'No browser wallet was found. Install one and try again.',
  noSolanaWallet: 'No Solana wallet was found. Install one and try again.',
  linked: 'Wallet linked.',
} as const;

/** The wallet-connection service (WalletConnect): its relay is tried once, then retried this many
 * times this far apart, then the sign-in gives up with `unavailable`. */
export const walletConnectRetry = { retries: 3, intervalMs: 3000 } as const;
export const walletConnectTexts = {
  unavailable: 'Unable to connect to WalletConnect. Please try again later.',
} as const;
