// The notifications centre: what concerns a user, gathered by a projection from the
// events that already happen (gifts, follows, DMs, payments, withdrawals, referral rewards, lobby
// invites), read up to a position with one event on `notifications-{uid}`.
import { z } from 'zod';
import { UserCard } from './answers.ts';
import { paged } from './paging.ts';

export const NotificationKind = z.enum([
  'gift_received',
  'new_follower',
  'direct_message',
  'lobby_invite',
  'payment_confirmed',
  'payment_failed',
  'withdrawal_completed',
  'withdrawal_failed',
  'referral_reward',
  'level_reached',
  'mission_completed',
  /** The outcome of the user's report. */
  'report_decided',
  /** An operator's warning about the user's content. */
  'operator_warning',
  'host_approved',
  'host_rejected',
  /** An agency invited the user to its roster (they answer on /guild). */
  'agency_invitation',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The facts a notification's sentence and link are made of (all optional: each kind uses some). */
export const NotificationFacts = z.object({
  giftName: z.string().optional(),
  quantity: z.number().optional(),
  lobbyId: z.string().optional(),
  roomId: z.string().optional(),
  inviteId: z.string().optional(),
  threadId: z.string().optional(),
  /** DM preview (first characters) and how many messages it gathers. */
  preview: z.string().optional(),
  count: z.number().optional(),
  diamonds: z.number().optional(),
  usdCents: z.number().optional(),
  charm: z.number().optional(),
  microUsdt: z.number().optional(),
  weekId: z.string().optional(),
  reason: z.string().optional(),
  level: z.number().optional(),
  mission: z.string().optional(),
  /** A report's decision and what was reported. */
  action: z.string().optional(),
  reportKind: z.string().optional(),
  until: z.string().optional(),
  agencyId: z.string().optional(),
  agencyName: z.string().optional(),
});
export type NotificationFacts = z.infer<typeof NotificationFacts>;

export const NotificationDto = z.object({
  /** Stable id of the row (a DM thread's notification keeps its id as messages arrive). */
  id: z.string(),
  kind: NotificationKind,
  /** Order and read mark: a per-user sequence in log order. */
  seq: z.number().int(),
  /** Who caused it, as lists show users (with what they wear). */
  actor: UserCard.nullable(),
  facts: NotificationFacts,
  /** Where the notification leads in the app. */
  link: z.string(),
  unread: z.boolean(),
  at: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationsPage = paged(NotificationDto).extend({ unreadCount: z.number().int(), latestSeq: z.number().int() });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationsUnread = z.object({ unreadCount: z.number().int(), latestSeq: z.number().int() });
export type NotificationsUnread = z.infer<typeof NotificationsUnread>;

/** POST notifications/read: everything up to this sequence number (the newest the user saw). */
export const MarkNotificationsReadBody = z.object({ upToSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

// ---- notifications-{uid} ----------------------------------------------------------------------

export const NotificationsReadData = z.object({ uid: z.string(), upToSeq: z.number().int(), readAt: z.string() });
export type NotificationsReadData = z.infer<typeof NotificationsReadData>;

/** A creator opened an agency payment of `payment-notifications` (its unread state). */
export const PaymentNotificationReadData = z.object({ uid: z.string(), withdrawalId: z.string(), readAt: z.string() });
export type PaymentNotificationReadData = z.infer<typeof PaymentNotificationReadData>;

/** POST payment-notifications/read. */
export const MarkPaymentNotificationReadBody = z.object({ withdrawalId: z.string().min(1).max(128) });
export type MarkPaymentNotificationReadBody = z.infer<typeof MarkPaymentNotificationReadBody>;

export const notificationEventSchemas = {
  NotificationsRead: NotificationsReadData,
  PaymentNotificationRead: PaymentNotificationReadData,
} as const;

/** Where each notification leads: the lobby or room of a gift, the follower's profile, the thread... */
export function notificationLink(kind: NotificationKind, actorUid: string | null, facts: NotificationFacts): string {
  const enc = encodeURIComponent;
  switch (kind) {
    case 'gift_received':
      if (facts.roomId) return `/room/${enc(facts.roomId)}`;
      if (facts.lobbyId) return `/lobby/${enc(facts.lobbyId)}`;
      return '/wallet';
    case 'new_follower':
      return actorUid ? `/profile?uid=${enc(actorUid)}` : '/profile';
    case 'direct_message':
      return actorUid ? `/messages?with=${enc(actorUid)}` : '/messages';
    case 'lobby_invite':
      return facts.lobbyId ? `/lobby/${enc(facts.lobbyId)}${facts.inviteId ? `?invite=${enc(facts.inviteId)}` : ''}` : '/';
    case 'payment_confirmed':
    case 'payment_failed':
    case 'withdrawal_completed':
    case 'withdrawal_failed':
      return '/wallet';
    case 'referral_reward':
      return '/referral/records';
    case 'level_reached':
      return '/level';
    case 'mission_completed':
      return '/mission-center';
    case 'report_decided':
    case 'operator_warning':
      return '/notifications';
    case 'host_approved':
    case 'host_rejected':
      return '/tier';
    case 'agency_invitation':
      return '/guild';
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

/** A lobby invite link (`/lobby/{id}?invite={inviteId}`, as `lobbies/{id}/invites` makes it) inside a text. */
export function lobbyInviteIn(text: string): { lobbyId: string; inviteId: string } | null {
  const m = /\/lobby\/([\w-]{1,100})\?invite=([\w-]{1,100})/.exec(text);
  return m ? { lobbyId: m[1]!, inviteId: m[2]! } : null;
}
