// The WebRTC adapter's signalling: offers, answers and ICE candidates relayed between the members of
// a lobby's (room's) media, in memory and never written to the log (they mean nothing a moment later).
// The gateway checks every message against the read models: only members join, only seated members
// offer audio, only the main host offers video, answers only receive, and only to someone who
// is in the same media. Lobby events (leaving, losing the seat, mutes) are passed on to the peers.
import { mediaTexts, realtimeTexts, type MediaClientMessage, type MediaScope, type MediaServerMessage, type Signal } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type { Logger } from '@murmur/platform';
import type { ClientConnection } from '../connection.ts';
import type { MediaRights, MediaRightsReader } from './rights.ts';
import { sdpSends } from './sdp.ts';

type Target = { scope: MediaScope; id: string };
type MediaErrorCode = Extract<MediaServerMessage, { type: 'media.error' }>['code'];

const JOIN_PATIENCE_MS = 4_000;

const keyOf = (t: Target) => `${t.scope}:${t.id}`;

/** Events after which someone is no longer in a lobby's (room's) media. */
const leaving: Record<string, MediaScope> = { LobbyLeft: 'lobby', LobbyUserKicked: 'lobby', LobbyUserBlocked: 'lobby', RoomLeft: 'room' };
const peerEvents: Record<string, 'stopped' | 'muted' | 'unmuted'> = { UserUnseated: 'stopped', MicMuted: 'muted', MicUnmuted: 'unmuted' };

export class Signalling {
  /** scope:id -> the connections in that media, each with its user. */
  private readonly rooms = new Map<string, Map<ClientConnection, string>>();
  /** Per connection, the media it joined (so a closing socket leaves them all). */
  private readonly joined = new Map<ClientConnection, Set<string>>();

  constructor(
    private readonly rights: MediaRightsReader,
    private readonly logger: Logger,
  ) {}

  /** A client's media.* message. */
  handle(c: ClientConnection, message: MediaClientMessage): void {
    this.run(c, message).catch((error: unknown) => {
      this.logger.error({ err: error, type: message.type }, 'signalling failed');
      this.error(c, message, 'NOT_FOUND', realtimeTexts.notFound);
    });
  }

  /** The socket closed: leave every media it was in. */
  drop(c: ClientConnection): void {
    for (const key of this.joined.get(c) ?? []) this.leave(c, key);
    this.joined.delete(c);
  }

  /** Lobby and room events that change who is in the media or who may be heard. */
  onEvent(event: RecordedEvent): void {
    const uid = typeof event.data.uid === 'string' ? event.data.uid : null;
    const lobbyId = typeof event.data.lobbyId === 'string' ? event.data.lobbyId : null;
    const roomId = typeof event.data.roomId === 'string' ? event.data.roomId : null;
    const scope = leaving[event.type];
    if (scope && uid) {
      const target = { scope, id: scope === 'room' ? roomId : lobbyId } as Target;
      if (target.id) this.expel(target as Target, (u) => u === uid);
      return;
    }
    if (event.type === 'LobbyEnded' && lobbyId) return this.expel({ scope: 'lobby', id: lobbyId }, () => true);
    if (event.type === 'RoomEnded' && roomId) return this.expel({ scope: 'room', id: roomId }, () => true);
    const bookingId = typeof event.data.bookingId === 'string' ? event.data.bookingId : null;
    if ((event.type === 'BookedSessionCompleted' || event.type === 'BookingCancelled') && bookingId) return this.expel({ scope: 'booking', id: bookingId }, () => true);
    const peerEvent = peerEvents[event.type];
    if (peerEvent && uid && lobbyId) this.broadcast({ scope: 'lobby', id: lobbyId }, { type: 'media.peer', scope: 'lobby', id: lobbyId, uid, event: peerEvent });
  }

  private async run(c: ClientConnection, message: MediaClientMessage): Promise<void> {
    if (!c.auth) return this.error(c, message, 'UNAUTHENTICATED', realtimeTexts.signIn);
    const uid = c.auth.uid;
    const target: Target = { scope: message.scope, id: message.id };
    const key = keyOf(target);
    switch (message.type) {
      case 'media.join': {
        // Joining follows the lobby join at once: give its projection a few seconds.
        const rights = await this.rights.rightsOf(target.scope, target.id, uid, undefined, JOIN_PATIENCE_MS);
        if (!c.open) return;
        if (!rights) return this.error(c, message, 'FORBIDDEN', mediaTexts.notInLobby);
        let room = this.rooms.get(key);
        if (!room) this.rooms.set(key, (room = new Map()));
        const peers = new Set([...room.values()].filter((u) => u !== uid));
        room.set(c, uid);
        let mine = this.joined.get(c);
        if (!mine) this.joined.set(c, (mine = new Set()));
        mine.add(key);
        c.sendMessage({ type: 'media.joined', ref: message.ref, ...target, uid, peers: [...peers] } satisfies MediaServerMessage);
        // A rejoin (after a network drop) is news too: the peers rebuild their connections with us.
        this.broadcast(target, { type: 'media.peer', ...target, uid, event: 'joined' }, c);
        return;
      }
      case 'media.leave':
        this.leave(c, key);
        this.joined.get(c)?.delete(key);
        return;
      case 'media.signal': {
        const room = this.rooms.get(key);
        if (!room?.has(c)) return this.error(c, message, 'FORBIDDEN', mediaTexts.notInLobby);
        const to = [...room].filter(([, u]) => u === message.to).map(([conn]) => conn);
        if (to.length === 0 || message.to === uid) return this.error(c, message, 'NOT_FOUND', mediaTexts.peerGone);
        const refusal = await this.refusal(target, uid, message.signal);
        if (refusal) return this.error(c, message, 'FORBIDDEN', refusal);
        const relayed = JSON.stringify({ type: 'media.signal', ...target, from: uid, signal: message.signal } satisfies MediaServerMessage);
        for (const conn of to) conn.send(relayed);
        return;
      }
      default: {
        const exhaustive: never = message;
        return exhaustive;
      }
    }
  }

  /** Why a signal may not be relayed, or null. */
  private async refusal(target: Target, uid: string, signal: Signal): Promise<string | null> {
    if (signal.kind === 'answer') {
      const sends = sdpSends(signal.sdp);
      return sends.audio || sends.video ? mediaTexts.answersOnlyReceive : null;
    }
    let need: ((r: MediaRights) => boolean) | null = null;
    let text: string = mediaTexts.listenerCannotPublish;
    if (signal.kind === 'offer') {
      const sends = sdpSends(signal.sdp);
      if (sends.video) text = mediaTexts.hostOnlyVideo;
      need = (r) => (!sends.audio || r.audio) && (!sends.video || r.video);
    } else if (signal.kind === 'state' && signal.video) {
      text = mediaTexts.hostOnlyVideo;
      need = (r) => r.video;
    }
    if (!need) return null;
    const rights = await this.rights.rightsOf(target.scope, target.id, uid, need);
    if (!rights) return mediaTexts.notInLobby;
    return need(rights) ? null : text;
  }

  private leave(c: ClientConnection, key: string): void {
    const room = this.rooms.get(key);
    const uid = room?.get(c);
    if (!room || uid === undefined) return;
    room.delete(c);
    if (room.size === 0) this.rooms.delete(key);
    const [scope, ...rest] = key.split(':');
    const target = { scope: scope as MediaScope, id: rest.join(':') };
    // Only when the user's last connection there is gone: a second tab keeps them present.
    if (![...room.values()].includes(uid)) this.broadcast(target, { type: 'media.peer', ...target, uid, event: 'left' });
  }

  /** Removes the matching users from a media (they left, were removed, or it ended). */
  private expel(target: Target, who: (uid: string) => boolean): void {
    const room = this.rooms.get(keyOf(target));
    if (!room) return;
    for (const [conn, uid] of [...room]) {
      if (!who(uid)) continue;
      this.leave(conn, keyOf(target));
      this.joined.get(conn)?.delete(keyOf(target));
      conn.sendMessage({ type: 'media.error', ...target, code: 'FORBIDDEN', message: mediaTexts.notInLobby } satisfies MediaServerMessage);
    }
  }

  private broadcast(target: Target, message: MediaServerMessage, except?: ClientConnection): void {
    const room = this.rooms.get(keyOf(target));
    if (!room) return;
    const frame = JSON.stringify(message);
    for (const conn of room.keys()) if (conn !== except) conn.send(frame);
  }

  private error(c: ClientConnection, message: MediaClientMessage, code: MediaErrorCode, text: string): void {
    c.sendMessage({ type: 'media.error', ref: message.ref, scope: message.scope, id: message.id, code, message: text } satisfies MediaServerMessage);
  }
}
