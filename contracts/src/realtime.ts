// The realtime wire format (docs/decisions/realtime.md): channel names, the messages a client sends to the
// gateway on /ws and the messages it receives, and the spec's realtime event shape.
import { z } from 'zod';
import { MediaClientMessages, MediaServerMessages } from './media.ts';

/** The WebSocket path of the gateway (behind the edge on the same origin). */
export const REALTIME_PATH = '/ws';

/** Close codes the gateway uses besides the standard ones. */
export const realtimeCloseCodes = {
  /** No subscription and no message for too long. */
  idle: 4000,
  /** The client fell too far behind; it was sent a resync and must refetch what it shows. */
  slowConsumer: 4008,
  /** The token expired while connected, or was expired, forged or revoked at connect (reason 'Your session has expired. Please sign in again.'). Refresh the token once and reconnect; sign out if the refresh is refused. */
  unauthenticated: 4401,
  /** The account was banned, while connected or before this connection (a still-signed token); the reason is the spec's 'Your account is banned.'. Do not reconnect signed in. */
  banned: 4403,
  /** The account signed in on another device, while connected or before this connection; the reason is 'Your account is logged in another device.'. Do not reconnect signed in. */
  sessionReplaced: 4409,
  /** The client kept sending far faster than allowed (GATEWAY_MESSAGES_PER_10S); reconnect slower. */
  rateLimited: 4429,
  /** The gateway is shutting down; reconnect elsewhere. */
  goingAway: 1001,
} as const;

const id = '[A-Za-z0-9_.:@-]{1,200}';
const channelPatterns = {
  lobbyAll: new RegExp(`^lobbies/(${id})/events/all$`),
  lobbyUid: new RegExp(`^lobbies/(${id})/events/uid/(${id})$`),
  lobbyUser: new RegExp(`^lobbies/(${id})/users/(${id})$`),
  roomAll: new RegExp(`^rooms/(${id})/events/all$`),
  user: new RegExp(`^users/(${id})$`),
  leaderboard: new RegExp(`^leaderboards/(${id})$`),
} as const;

/** A parsed channel name: which realtime path it is and the ids in it. */
export type Channel =
  | { kind: 'lobbyAll'; lobbyId: string }
  | { kind: 'lobbyUid'; lobbyId: string; uid: string }
  | { kind: 'lobbyUser'; lobbyId: string; uid: string }
  | { kind: 'roomAll'; roomId: string }
  | { kind: 'user'; uid: string }
  /** Public rank changes of a global board (`LeaderboardChanged` on stream `leaderboard-{board}`). */
  | { kind: 'leaderboard'; board: string };

export const channels = {
  lobbyAll: (lobbyId: string) => `lobbies/${lobbyId}/events/all`,
  lobbyUid: (lobbyId: string, uid: string) => `lobbies/${lobbyId}/events/uid/${uid}`,
  lobbyUser: (lobbyId: string, uid: string) => `lobbies/${lobbyId}/users/${uid}`,
  roomAll: (roomId: string) => `rooms/${roomId}/events/all`,
  user: (uid: string) => `users/${uid}`,
  leaderboard: (board: string) => `leaderboards/${board}`,
} as const;

/** Returns the channel a name denotes, or null for a name that is no realtime path. */
export function parseChannel(name: string): Channel | null {
  let m = channelPatterns.lobbyAll.exec(name);
  if (m) return { kind: 'lobbyAll', lobbyId: m[1]! };
  m = channelPatterns.lobbyUid.exec(name);
  if (m) return { kind: 'lobbyUid', lobbyId: m[1]!, uid: m[2]! };
  m = channelPatterns.lobbyUser.exec(name);
  if (m) return { kind: 'lobbyUser', lobbyId: m[1]!, uid: m[2]! };
  m = channelPatterns.roomAll.exec(name);
  if (m) return { kind: 'roomAll', roomId: m[1]! };
  m = channelPatterns.user.exec(name);
  if (m) return { kind: 'user', uid: m[1]! };
  m = channelPatterns.leaderboard.exec(name);
  if (m) return { kind: 'leaderboard', board: m[1]! };
  return null;
}

/** A global position of the log, as a decimal string (bigints do not survive JSON). */
export const Position = z.string().regex(/^\d{1,19}$/, 'A position is a non-negative integer string.');
export type Position = z.infer<typeof Position>;

export const ChannelName = z
  .string()
  .min(1)
  .max(300)
  .refine((c) => parseChannel(c) !== null, 'Unknown channel.');

/** At most this many channels in one subscribe, resume or unsubscribe message, and per connection. */
export const MAX_CHANNELS_PER_MESSAGE = 50;
export const MAX_CHANNELS_PER_CONNECTION = 200;

const Ref = z.string().max(64).optional();

// ---- client -> gateway ----

/** Start receiving a channel's events from now on. */
export const SubscribeMessage = z.object({
  type: z.literal('subscribe'),
  ref: Ref,
  channels: z.array(ChannelName).min(1).max(MAX_CHANNELS_PER_MESSAGE),
});

/** Subscribe and first receive every event after the given position, per channel, in log order. */
export const ResumeMessage = z.object({
  type: z.literal('resume'),
  ref: Ref,
  positions: z
    .record(ChannelName, Position)
    .refine(
      (p) => Object.keys(p).length >= 1 && Object.keys(p).length <= MAX_CHANNELS_PER_MESSAGE,
      `Resume 1 to ${MAX_CHANNELS_PER_MESSAGE} channels at a time.`,
    ),
});

export const UnsubscribeMessage = z.object({
  type: z.literal('unsubscribe'),
  ref: Ref,
  channels: z.array(ChannelName).min(1).max(MAX_CHANNELS_PER_MESSAGE),
});

/** Application-level liveness check (browsers cannot see protocol pings). */
export const PingMessage = z.object({ type: z.literal('ping'), ref: Ref });

export const ClientMessage = z.discriminatedUnion('type', [
  SubscribeMessage,
  ResumeMessage,
  UnsubscribeMessage,
  PingMessage,
  ...MediaClientMessages,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- gateway -> client ----

/** The spec's realtime event (section 3): who did what to whom, for gift animations and join toasts. */
export const SpecRealtimeEvent = z.object({
  timestamp: z.number().int(),
  recipients: z.array(z.string()),
  uid: z.string(),
  type: z.enum(['gift_sent', 'user_joined']),
});
export type SpecRealtimeEvent = z.infer<typeof SpecRealtimeEvent>;

/** One event of the log as a channel delivers it. */
export const RealtimeEvent = z.object({
  type: z.string(),
  streamId: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** Present for the events the spec names (gift_sent, user_joined). */
  realtime: SpecRealtimeEvent.optional(),
});
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;

/** Sent once after the connection opens. */
export const WelcomeMessage = z.object({
  type: z.literal('welcome'),
  /** null for a guest (no token). */
  uid: z.string().nullable(),
  /** The gateway's position in the log now: events after it will be delivered live. */
  position: Position,
  heartbeatMs: z.number().int(),
});

export const EventMessage = z.object({
  type: z.literal('event'),
  channel: z.string(),
  position: Position,
  event: RealtimeEvent,
});

export const SubscribedMessage = z.object({
  type: z.literal('subscribed'),
  ref: Ref,
  channels: z.array(z.string()),
  /** Everything up to this position was delivered (replayed or not needed); live from here on. */
  position: Position,
});

export const UnsubscribedMessage = z.object({ type: z.literal('unsubscribed'), ref: Ref, channels: z.array(z.string()) });

export const ResyncReason = z.enum(['gap_too_old', 'unknown_position', 'slow_consumer']);
export type ResyncReason = z.infer<typeof ResyncReason>;

/** The gateway cannot deliver exactly what was missed: refetch the channels' state over HTTP; events
 * after `position` follow live (or, for slow_consumer, after reconnecting with `position`). */
export const ResyncMessage = z.object({
  type: z.literal('resync'),
  reason: ResyncReason,
  channels: z.array(z.string()),
  position: Position,
});

export const RealtimeErrorCode = z.enum(['BAD_MESSAGE', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED', 'TOO_MANY_CHANNELS', 'RATE_LIMITED']);
export type RealtimeErrorCode = z.infer<typeof RealtimeErrorCode>;

export const ErrorMessage = z.object({
  type: z.literal('error'),
  ref: Ref,
  code: RealtimeErrorCode,
  message: z.string(),
  channel: z.string().optional(),
});

/** `position`, when present: every event of the client's live channels up to it has been sent
 * before this pong, so the client may move those channels' positions there. */
export const PongMessage = z.object({ type: z.literal('pong'), ref: Ref, position: Position.optional() });

export const ServerMessage = z.discriminatedUnion('type', [
  WelcomeMessage,
  EventMessage,
  SubscribedMessage,
  UnsubscribedMessage,
  ResyncMessage,
  ErrorMessage,
  PongMessage,
  ...MediaServerMessages,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type EventMessage = z.infer<typeof EventMessage>;
export type ResyncMessage = z.infer<typeof ResyncMessage>;
export type SubscribedMessage = z.infer<typeof SubscribedMessage>;
export type ErrorMessage = z.infer<typeof ErrorMessage>;
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;

/** The error texts the gateway sends. */
export const realtimeTexts = {
  forbidden: 'You cannot listen to this channel.',
  notFound: 'This lobby or room does not exist.',
  badMessage: 'The message is not valid.',
  tooManyChannels: `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection.`,
  signIn: 'Please sign in to continue.',
  tooFast: 'You are sending too quickly; some messages were not handled.',
  tooManyConnections: 'Too many open connections. Close another tab or device and try again.',
} as const;
