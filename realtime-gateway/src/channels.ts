// Maps an event of the log to the realtime channels it is delivered on (from its stream id and the
// ids in its data), and to the payload clients see: the fields `publicEventFields` (contracts)
// allows for its type, never metadata. A type without public fields is sent nowhere.
import {
  channels,
  eventOf,
  publicFieldsOf,
  publicPayloadOf,
  streamCategoryOf,
  type RealtimeEvent,
  type SpecRealtimeEvent,
  type StreamCategory,
} from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';

/** Streams that belong to one user: their events go to that user's own channel only. */
const personalStreams = new Set<StreamCategory>([
  'user',
  'wallet',
  'earnings',
  'social',
  'referral',
  'notifications',
  'progression',
  'hostApplication',
]);

/** Personal-stream events that are also public news in the lobby or room they happened in. */
const publicPersonalEvents = new Set(['GiftSent']);

/** Room lifecycle that the lobby around the room shows (rooms appearing, starting, ending). */
const roomEventsForLobby = new Set(['RoomCreated', 'RoomStarted', 'RoomEnded']);

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
}

function uids(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : [];
}

/** Every channel an event belongs to, without duplicates; none for an event never pushed. */
export function channelsOf(event: RecordedEvent): string[] {
  if (!publicFieldsOf(event.type)) return [];
  const out = new Set<string>();
  const { category, key } = streamCategoryOf(event.streamId) ?? { category: null, key: '' };
  const data = event.data;
  const lobbyId = text(data.lobbyId);
  const roomId = text(data.roomId);
  const uid = text(data.uid);
  const recipients = uids(data.recipients);

  if (category && personalStreams.has(category)) {
    if (key) out.add(channels.user(key));
    for (const r of recipients) out.add(channels.user(r));
    const recipientUid = text(data.recipientUid);
    if (recipientUid) out.add(channels.user(recipientUid));
    // A follow is news for the followee too (a DM composer opens when the follow becomes mutual).
    const followeeUid = text(eventOf(event, ['Followed'])?.data.followeeUid);
    if (followeeUid) out.add(channels.user(followeeUid));
    // A new subscriber is news for the creator (charm and subscriber count).
    const creatorUid = text(eventOf(event, ['SubscribedToCreator'])?.data.creatorUid);
    if (creatorUid) out.add(channels.user(creatorUid));
    // What a user wears is news in the lobbies they are in (so every seat and chat line shows it live).
    for (const id of uids(eventOf(event, ['AppearanceChanged'])?.data.lobbyIds)) out.add(channels.lobbyAll(id));
    if (!publicPersonalEvents.has(event.type)) return [...out];
  } else if (category === 'payment') {
    // A payment's stream is named by the payment; its payer is in the data.
    return uid ? [channels.user(uid)] : [];
  } else if (category === 'lobby' && key) {
    out.add(channels.lobbyAll(key));
  } else if (category === 'room' && key) {
    out.add(channels.roomAll(key));
    if (lobbyId && roomEventsForLobby.has(event.type)) out.add(channels.lobbyAll(lobbyId));
    if (uid) out.add(channels.user(uid));
    return [...out];
  } else if (category === 'schedule' && key) {
    // A host's services and bookings: news for the host, and a booking for its buyer too.
    out.add(channels.user(key));
    const buyerUid = text(data.buyerUid);
    if (buyerUid) out.add(channels.user(buyerUid));
    return [...out];
  } else if (category === 'leaderboard' && key) {
    return [channels.leaderboard(key)];
  } else if (category === 'presence' && key) {
    out.add(channels.lobbyAll(key));
    if (uid) out.add(channels.lobbyUser(key, uid));
    return [...out];
  } else {
    // Other streams (chat, direct messages): addressed users hear about it on their own channel.
    const senderUid = text(data.senderUid);
    const recipientUid = text(data.recipientUid);
    if (senderUid && recipientUid) {
      out.add(channels.user(senderUid));
      out.add(channels.user(recipientUid));
    }
  }

  // Events in a private timed room stay in that room; others are lobby news.
  if (roomId) out.add(channels.roomAll(roomId));
  else if (lobbyId) out.add(channels.lobbyAll(lobbyId));
  if (lobbyId) {
    for (const r of recipients) out.add(channels.lobbyUid(lobbyId, r));
    if (uid && category === 'lobby') out.add(channels.lobbyUid(lobbyId, uid));
  }
  return [...out];
}

/** The spec's realtime shape for the two events it names. */
export function specEventOf(event: RecordedEvent): SpecRealtimeEvent | undefined {
  const timestamp = event.createdAt.getTime();
  const gift = eventOf(event, ['GiftSent']);
  if (gift) return { timestamp, recipients: gift.data.recipients, uid: gift.data.senderUid, type: 'gift_sent' };
  const joined = eventOf(event, ['LobbyJoined', 'RoomJoined']);
  if (joined) return { timestamp, recipients: [], uid: joined.data.uid, type: 'user_joined' };
  return undefined;
}

/** The message body of an event that `channelsOf` routes somewhere. */
export function toRealtimeEvent(event: RecordedEvent): RealtimeEvent {
  const realtime = specEventOf(event);
  return {
    type: event.type,
    streamId: event.streamId,
    data: publicPayloadOf(event.type, event.data) ?? {},
    createdAt: event.createdAt.toISOString(),
    ...(realtime ? { realtime } : {}),
  };
}

/** The lobby a channel's listeners are present in, for presence (only the lobby's main channel counts). */
export function presenceLobbyOf(channel: string): string | null {
  const m = /^lobbies\/([^/]+)\/events\/all$/.exec(channel);
  return m ? m[1]! : null;
}
