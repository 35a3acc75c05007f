// The operators' console: reports on what users see and their one decision, operator
// actions on accounts and lobbies, and the audit trail that lists every operator action by subject
// and by operator. Texts shown to users and operators live here once.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { LobbyChatMessageType } from './chat-message-type.ts';
import { paged } from './paging.ts';
import { RoleCode } from './access-token.ts';

export const moderationTexts = {
  reportReasonRequired: 'Please tell us what is wrong.',
  reportNotFound: 'This report does not exist.',
  reportAlreadyDecided: 'This report has already been decided.',
  contentNotFound: 'This content does not exist.',
  cannotReportSelf: 'You cannot report your own content.',
  cannotActOnSelf: 'You cannot ban or silence yourself.',
  durationRequired: 'Choose how long it lasts.',
  reasonRequired: 'Give a reason: the people affected see it.',
  removeNotPossible: 'This kind of report has no content to remove.',
  silenceNeedsLobby: 'Only a report from a lobby can silence someone there.',
  silenced: 'You are silenced in this lobby.',
  reportSent: 'Thanks, your report was sent to our moderators.',
  lobbyTerminatedByPlatform: 'This lobby was ended by the platform.',
  removedByPlatform: 'You were removed from the lobby by the platform.',
  signedOutByOperator: 'Your session was ended. Please sign in again.',
} as const;

/** What is reported: a user, a lobby, a wall post, a lobby chat message, a direct message. */
export const ReportTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), uid: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('lobby'), lobbyId: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('post'), postId: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('message'), lobbyId: z.string().min(1).max(128), messageId: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('dm'), messageId: z.string().min(1).max(128) }),
]);
export type ReportTarget = z.infer<typeof ReportTarget>;
export type ReportKind = ReportTarget['kind'];

export const ReportBody = z.object({
  target: ReportTarget,
  reason: z.string().trim().min(1, moderationTexts.reportReasonRequired).max(500),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const ReportAction = z.enum(['warn', 'silence', 'remove', 'ban', 'dismiss']);
export type ReportAction = z.infer<typeof ReportAction>;

/** Hours a silence or ban lasts; null bans for good. */
export const DurationHours = z
  .number()
  .int()
  .min(1)
  .max(24 * 365);

export const DecideReportBody = z
  .object({
    action: ReportAction,
    /** Shown to the people affected (the reported user, the lobby) and kept in the audit trail. */
    reason: z.string().trim().max(500).default(''),
    durationHours: DurationHours.nullable().default(null),
  })
  .refine((b) => b.action === 'dismiss' || b.reason.length > 0, { message: moderationTexts.reasonRequired, path: ['reason'] })
  .refine((b) => b.action !== 'silence' || b.durationHours !== null, {
    message: moderationTexts.durationRequired,
    path: ['durationHours'],
  });
export type DecideReportBody = z.infer<typeof DecideReportBody>;

export const OperatorLobbyBody = z.object({ reason: z.string().trim().min(1, moderationTexts.reasonRequired).max(500) });
export type OperatorLobbyBody = z.infer<typeof OperatorLobbyBody>;
export const OperatorRemoveBody = OperatorLobbyBody.extend({ uid: z.string().min(1).max(128) });
export type OperatorRemoveBody = z.infer<typeof OperatorRemoveBody>;
export const SignOutEverywhereBody = z.object({ reason: z.string().trim().max(500).default('') });

export const ReportQuery = z.object({
  status: z.enum(['open', 'decided', 'all']).default('open'),
  lobbyId: z.string().max(128).optional(),
  subjectUid: z.string().max(128).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const UserSearchConsoleQuery = z.object({
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AuditQuery = z.object({
  subject: z.string().max(200).optional(),
  operator: z.string().max(128).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

// ---- report-{reportId} -------------------------------------------------------------------------

export const ContentReportedData = z.object({
  reportId: z.string(),
  reporterUid: z.string(),
  target: ReportTarget,
  /** Whose content it is (the user, the lobby's owner, the author); null when unknown. */
  subjectUid: z.string().nullable(),
  lobbyId: z.string().nullable(),
  /** What the reporter saw, kept as it was: the content may change or go later. */
  content: z.string().nullable(),
  /** A chat message's type, so the content shows as the chat showed it (a sticker's picture, not its
   * address); null for other kinds, absent on reports filed before it was kept. */
  contentType: LobbyChatMessageType.nullable().optional(),
  /** The stored key of a picture that came with what was reported (a direct message's image), so the
   * moderator sees the picture itself (a chat picture's key is its content); null when none, absent on
   * older reports. */
  mediaKey: z.string().nullable().optional(),
  /** A few lines around it (the chat before the message), oldest first. */
  context: z.array(z.object({ uid: z.string(), text: z.string(), at: z.string() })),
  reason: z.string(),
  reportedAt: z.string(),
});
export const ReportDecidedData = z.object({
  reportId: z.string(),
  reporterUid: z.string(),
  subjectUid: z.string().nullable(),
  lobbyId: z.string().nullable(),
  kind: z.enum(['user', 'lobby', 'post', 'message', 'dm']),
  action: ReportAction,
  reason: z.string(),
  until: z.string().nullable(),
  decidedBy: z.string(),
  decidedAt: z.string(),
});
export const reportEventSchemas = { ContentReported: ContentReportedData, ReportDecided: ReportDecidedData } as const;

// ---- on chat-{lobbyId}-{uid}: an operator's silence and removal ----------------------------------

export const ChatSilencedData = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  until: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export const ChatMessageRemovedData = z.object({
  lobbyId: z.string(),
  roomId: z.string().nullable(),
  messageId: z.string(),
  uid: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export const operatorChatEventSchemas = { ChatSilenced: ChatSilencedData, ChatMessageRemoved: ChatMessageRemovedData } as const;

// ---- DTOs ---------------------------------------------------------------------------------------

const Who = z.object({ uid: z.string(), username: z.string().nullable() });

export const ReportDto = z.object({
  reportId: z.string(),
  kind: z.enum(['user', 'lobby', 'post', 'message', 'dm']),
  target: ReportTarget,
  reporter: Who,
  subject: Who.nullable(),
  lobbyId: z.string().nullable(),
  content: z.string().nullable(),
  /** A chat message's type (text, sticker, emoji, gif, image); null for other kinds and older reports. */
  contentType: LobbyChatMessageType.nullable(),
  /** The address of a reported picture (a chat picture, a direct message's image), signed for the
   * moderator reading the queue; null when there is none. */
  mediaUrl: z.string().nullable(),
  /** The lines before it, each with its sender's name: a moderator reads names, not ids. */
  context: z.array(z.object({ uid: z.string(), username: z.string().nullable(), text: z.string(), at: z.string() })),
  reason: z.string(),
  reportedAt: z.string(),
  /** How many open reports name the same subject (a pattern shows). */
  subjectOpenReports: z.number().int(),
  decision: z
    .object({ action: ReportAction, reason: z.string(), until: z.string().nullable(), decidedBy: Who, decidedAt: z.string() })
    .nullable(),
});
export type ReportDto = z.infer<typeof ReportDto>;
export const ReportPage = paged(ReportDto);
export type ReportPage = z.infer<typeof ReportPage>;

export const ReportFiled = commandAnswer({ reportId: z.string() });
export const ReportDecisionAnswer = commandAnswer({ reportId: z.string(), action: ReportAction });
export const OperatorDone = commandAnswer({});

export const ConsoleUserRow = z.object({
  uid: z.string(),
  username: z.string(),
  profilePicUrl: z.string().nullable(),
  roles: z.array(RoleCode),
  banned: z.boolean(),
  anonymous: z.boolean(),
});
export const ConsoleUserPage = paged(ConsoleUserRow);
export type ConsoleUserRow = z.infer<typeof ConsoleUserRow>;

export const ConsoleUserDetail = ConsoleUserRow.extend({
  email: z.string().nullable(),
  registeredAt: z.string().nullable(),
  sessions: z.array(z.object({ sessionId: z.string(), status: z.string(), createdAt: z.string(), endedAt: z.string().nullable() })),
  /** On the mobile early-access waitlist (changed only through POST console/users/{uid}/waitlist). */
  isWaitlist: z.boolean(),
  wallet: z.object({ diamonds: z.number(), charm: z.number() }),
  recentMoney: z.array(z.object({ type: z.string(), amount: z.number(), at: z.string(), position: z.string() })),
  bans: z.array(
    z.object({
      action: z.enum(['banned', 'unbanned']),
      reason: z.string().nullable(),
      until: z.string().nullable(),
      by: z.string(),
      at: z.string(),
    }),
  ),
  openReports: z.number().int(),
});
export type ConsoleUserDetail = z.infer<typeof ConsoleUserDetail>;

export const ConsoleLobbyRow = z.object({
  lobbyId: z.string(),
  title: z.string(),
  kind: z.string(),
  status: z.string(),
  owner: Who,
  members: z.array(z.object({ uid: z.string(), username: z.string().nullable(), role: z.string(), presence: z.string() })),
  openReports: z.number().int(),
});
export const ConsoleLobbyPage = paged(ConsoleLobbyRow);
export type ConsoleLobbyRow = z.infer<typeof ConsoleLobbyRow>;

export const AuditEntry = z.object({
  position: z.string(),
  operator: Who,
  action: z.string(),
  /** `user:{uid}`, `lobby:{id}`, `report:{id}`... */
  subject: z.string(),
  subjectLabel: z.string().nullable(),
  reason: z.string().nullable(),
  streamId: z.string(),
  eventType: z.string(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = paged(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
