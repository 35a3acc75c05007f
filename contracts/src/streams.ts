// Every stream of the log: one function per kind builds its id, and `streamCategoryOf` parses an
// id back to its kind. Ids are `{prefix}-{key}`; the prefixes below are the only place they are
// written, so a writer and a reader (the gateway's routing) can never disagree on a stream's name.
import { normalizeReferralCode } from './referral.ts';

/** Each kind of stream and its id prefix. A kind's prefix may start with another kind's
 * (`referral-code` after `referral`): parsing takes the longest prefix that matches. */
export const streamPrefixes = {
  user: 'user',
  username: 'username',
  otpAddress: 'otp-address',
  social: 'social',
  media: 'media',
  post: 'post',
  dm: 'dm',
  notifications: 'notifications',
  wallet: 'wallet',
  earnings: 'earnings',
  blockchainWallets: 'blockchain-wallets',
  payment: 'payment',
  grant: 'grant',
  ledgerAudit: 'ledger-audit',
  ledgerDigest: 'ledger-digest',
  lobby: 'lobby',
  room: 'room',
  chat: 'chat',
  presence: 'presence',
  referral: 'referral',
  referralCode: 'referral-code',
  referralPair: 'referral-pair',
  referralSettlement: 'referral-settlement',
  referralWeek: 'referral-week',
  agency: 'agency',
  agencyHost: 'agency-host',
  leaderboard: 'leaderboard',
  creatorPlan: 'creator-plan',
  schedule: 'schedule',
  progression: 'progression',
  frensOwner: 'frens-owner',
  hostApplication: 'hostapplication',
  report: 'report',
  projectionRebuild: 'projection-rebuild',
} as const;

export type StreamCategory = keyof typeof streamPrefixes;

const id = (category: StreamCategory, ...keys: string[]): string => [streamPrefixes[category], ...keys].join('-');

/** `username-{name lowercased}`. Letters of other scripts are welcome in names but not in stream ids:
 * each character outside a-z, 0-9 and _ becomes `.{code point in base 36}.` ('.' is in no name, so
 * the encoding is unambiguous, and ASCII names keep the streams they always had). */
const encodedUsername = (username: string): string =>
  [...username.toLowerCase()].map((c) => (/[a-z0-9_]/.test(c) ? c : `.${c.codePointAt(0)!.toString(36)}.`)).join('');

/** The id of each stream, by kind. */
export const streamIds = {
  /** Registration, roles, profile edits, sign-ins, ban. */
  user: (uid: string) => id('user', uid),
  /** One name's claim: the first claim wins. */
  username: (username: string) => id('username', encodedUsername(username)),
  /** Sign-in codes sent to one address (hashed). */
  otpAddress: (hashedAddress: string) => id('otpAddress', hashedAddress),
  social: (uid: string) => id('social', uid),
  media: (uid: string) => id('media', uid),
  post: (postId: string) => id('post', postId),
  dm: (threadId: string) => id('dm', threadId),
  notifications: (uid: string) => id('notifications', uid),
  /** Every diamond credit and debit of one user. */
  wallet: (uid: string) => id('wallet', uid),
  /** Withdrawals of one user's charm. */
  earnings: (uid: string) => id('earnings', uid),
  blockchainWallets: (uid: string) => id('blockchainWallets', uid),
  payment: (paymentId: string) => id('payment', paymentId),
  grant: (grantId: string) => id('grant', grantId),
  /** The one stream of ledger audit requests and results. */
  ledgerAudit: () => streamPrefixes.ledgerAudit,
  /** The one stream of the money log's signed daily digests. */
  ledgerDigest: () => streamPrefixes.ledgerDigest,
  lobby: (lobbyId: string) => id('lobby', lobbyId),
  room: (roomId: string) => id('room', roomId),
  /** One member's chat in one lobby (the chat limit is decided there). */
  chat: (lobbyId: string, uid: string) => id('chat', lobbyId, uid),
  /** Who is present in a lobby, as the gateways see sockets come and go. */
  presence: (lobbyId: string) => id('presence', lobbyId),
  referral: (uid: string) => id('referral', uid),
  referralCode: (code: string) => id('referralCode', normalizeReferralCode(code)),
  /** Two users' pair, the same stream whichever of them is the invitee. */
  referralPair: (a: string, b: string) => id('referralPair', ...[a, b].sort()),
  referralSettlement: (weekId: string, uid: string) => id('referralSettlement', weekId, uid),
  referralWeek: (weekId: string) => id('referralWeek', weekId),
  agency: (agencyId: string) => id('agency', agencyId),
  /** The agency a host belongs to (at most one). */
  agencyHost: (hostUid: string) => id('agencyHost', hostUid),
  leaderboard: (board: string) => id('leaderboard', board),
  creatorPlan: (uid: string) => id('creatorPlan', uid),
  /** A host's services and bookings. */
  schedule: (hostUid: string) => id('schedule', hostUid),
  progression: (uid: string) => id('progression', uid),
  /** The owner's EXP-for-friends token, issued once. */
  frensOwner: (uid: string) => id('frensOwner', uid),
  hostApplication: (uid: string) => id('hostApplication', uid),
  report: (reportId: string) => id('report', reportId),
  projectionRebuild: (projection: string) => id('projectionRebuild', projection),
} as const satisfies Record<StreamCategory, (...keys: string[]) => string>;

/** The global leaderboards' stream. */
export const LEADERBOARD_STREAM = streamIds.leaderboard('global');

// The prefixes by the text before their first '-', longest first within each: an id can only be of a
// prefix whose first segment is the id's own, so a lookup tries one to three prefixes, not every one
// (every append asks whether its stream is a money stream).
const prefixesByHead = new Map<string, Array<[StreamCategory, string]>>();
for (const entry of (Object.entries(streamPrefixes) as Array<[StreamCategory, string]>).sort((a, b) => b[1].length - a[1].length)) {
  const head = entry[1].split('-')[0]!;
  prefixesByHead.set(head, [...(prefixesByHead.get(head) ?? []), entry]);
}

/** A stream id's kind and the rest of the id after `{prefix}-` (empty for a stream with no key),
 * or null for an id of no known kind. */
export function streamCategoryOf(streamId: string): { category: StreamCategory; key: string } | null {
  const dash = streamId.indexOf('-');
  for (const [category, prefix] of prefixesByHead.get(dash < 0 ? streamId : streamId.slice(0, dash)) ?? []) {
    if (streamId === prefix) return { category, key: '' };
    if (streamId.charCodeAt(prefix.length) === 45 /* '-' */ && streamId.startsWith(prefix))
      return { category, key: streamId.slice(prefix.length + 1) };
  }
  return null;
}
