// Account settings (issue 16): the ways a user signs in (linked credentials) and how they are
// unlinked, mature content, and the audio preferences of the spec's auth state (volumes, mutes,
// default volume 100). Events are appended to `user-{uid}`, where identity decides.
import { z } from 'zod';

/** One way into an account; the same kinds as identity's `identity_links`. */
export const CredentialKind = z.enum(['email', 'wallet-evm', 'wallet-solana', 'provider', 'telegram']);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const credentialKindNames: Record<CredentialKind, string> = {
  email: 'E-mail',
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
  CredentialUnlinked: CredentialUnlinkedData,
  MatureContentChanged: MatureContentChangedData,
  AudioPreferencesChanged: AudioPreferencesChangedData,
} as const;

// ---- commands and reads ---------------------------------------------------------------------

/** PUT user/settings: any of mature content and the audio preferences. */
export const SettingsBody = z.object({
  showNSFW: z.boolean().optional(),
  defaultVolume: volume.optional(),
  volumes: z.record(z.string().max(128), volume).refine((v) => Object.keys(v).length <= 500, 'Too many volumes.').optional(),
  mutes: z.array(z.string().min(1).max(128)).max(500).optional(),
});
export type SettingsBody = z.infer<typeof SettingsBody>;

/** POST auth/unlink. */
export const UnlinkCredentialBody = z.object({ kind: CredentialKind, key: z.string().min(1).max(300) });
export type UnlinkCredentialBody = z.infer<typeof UnlinkCredentialBody>;

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
  /** 18 or older by the birthday given at the terms step (spec section 5: mature content only then). */
  adult: z.boolean(),
  defaultVolume: volume,
  volumes: z.record(z.string(), volume),
  mutes: z.array(z.string()),
  credentials: z.array(LinkedCredentialDto),
});
export type AccountSettingsDto = z.infer<typeof AccountSettingsDto>;

/** Texts of the settings page; the spec words none of them except the 18+ rule. */
export const accountTexts = {
  lastSignInMethod: 'This is your only way to sign in. Link another one before you remove it.',
  notLinked: 'This sign-in method is not linked to your account.',
  /** The mature-content warning and consent (spec sections 2 and 5: 18+ warning, shown only to adults after consent). */
  matureWarning: 'Mature content may include strong language and adult themes. It is only for people aged 18 or older.',
  matureConsent: 'I am at least 18 years old and I want to see mature content.',
  signedOutOthers: 'You are signed out on every other device.',
} as const;

/** Browser-wallet texts of spec section 8 (and ours where it gives none). */
export const browserWalletTexts = {
  /** The wallet's selected account is not the address being linked (spec: asks to switch to the expected address). */
  accountMismatch: 'Please switch your wallet to the account {address} and try again.',
  /** Spec section 8's fallback for a wallet error. */
  otherNetwork: 'Something went wrong. Please try other blockchain network or try again later.',
  noEvmWallet: 'No browser wallet was found. Install one and try again.',
  noSolanaWallet: 'No Solana wallet was found. Install one and try again.',
  linked: 'Wallet linked.',
} as const;
