// The WebRTC adapter's signalling: offers, answers and ICE candidates relayed between the members of
// a lobby's (room's) media, in memory and never written to the log (they mean nothing a moment later).
// Every message is checked: only members join; an offer sends only what its author may publish (a
// seat for audio, the main host's seat for video); an answer only receives, and only from someone
// who may publish; an ICE candidate belongs to a connection whose sending side may publish; a video
// state comes from the main host. In a lobby these rights come from the lobby's own stream
// (lobby-stage.ts), never from a read model. Someone who loses a right is put out of the media as a
// kick does (their peers close every connection with them) and told to come back as a listener.
import {
  mediaTexts,
  realtimeTexts,
  streamCategoryOf,
  type MediaClientMessage,
  type MediaScope,
  type MediaServerMessage,
  type Signal,
} from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type { Logger } from '@murmur/platform';
import type { ClientConnection } from '../connection.ts';
import type { LobbyStage, MediaRights } from './lobby-stage.ts';
import type { MediaRightsReader } from './rights.ts';
import { sdpSends } from './sdp.ts';

type Target = { scope: MediaScope; id: string };
type MediaErrorCode = Extract<MediaServerMessage, { type: 'media.error' }>['code'];

/** One connection in a media: its user and the rights it was last seen with. */
interface Present {
  uid: string;
  rights: MediaRights;
}

const JOIN_PATIENCE_MS = 4_000;

const keyOf = (t: Target) => `${t.scope}:${t.id}`;
const publishes = (r: MediaRights | null) => !!r && (r.audio || r.video);
const lost = (before: MediaRights, now: MediaRights) => (before.audio && !now.audio) || (before.video && !now.video);

/** Events after which someone is no longer in a lobby's (room's) media. */
const leaving: Record<string, MediaScope> = { LobbyLeft: 'lobby', LobbyUserKicked: 'lobby', LobbyUserBlocked: 'lobby', RoomLeft: 'room' };
const peerEvents: Record<string, 'muted' | 'unmuted'> = { MicMuted: 'muted', MicUnmuted: 'unmuted' };

export class Signalling {
  /** scope:id -> the connections in that media. */
  private readonly rooms = new Map<string, Map<ClientConnection, Present>>();
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
    } else if (event.type === 'LobbyEnded' && lobbyId) {
      this.expel({ scope: 'lobby', id: lobbyId }, () => true);
    } else if (event.type === 'RoomEnded' && roomId) {
      this.expel({ scope: 'room', id: roomId }, () => true);
    }
    const bookingId = typeof event.data.bookingId === 'string' ? event.data.bookingId : null;
    if ((event.type === 'BookedSessionCompleted' || event.type === 'BookingCancelled') && bookingId)
      return this.expel({ scope: 'booking', id: bookingId }, () => true);
    const peerEvent = peerEvents[event.type];
    if (peerEvent && uid && lobbyId)
      this.broadcast({ scope: 'lobby', id: lobbyId }, { type: 'media.peer', scope: 'lobby', id: lobbyId, uid, event: peerEvent });
    const stream = streamCategoryOf(event.streamId);
    if (stream?.category === 'lobby') this.onLobbyEvent(stream.key, event);
  }

  /** A lobby's stage moved: whoever lost a right there is put out of its media. */
  private onLobbyEvent(lobbyId: string, event: RecordedEvent): void {
    const target: Target = { scope: 'lobby', id: lobbyId };
    if (!this.rooms.has(keyOf(target))) return;
    const stage = this.rights.stages.onEvent(event);
    if (stage) return this.enforce(target, stage);
    // Not the next event the gateway holds (or none held): read the stream, then decide.
    this.rights.stages.current(lobbyId).then(
      (s) => this.enforce(target, s),
      (error: unknown) => this.logger.error({ err: error, lobbyId }, 'reading a lobby stage failed'),
    );
  }

  private enforce(target: Target, stage: LobbyStage): void {
    const key = keyOf(target);
    const room = this.rooms.get(key);
    if (!room) return;
    for (const [conn, present] of [...room]) {
      const now = stage.rightsOf(present.uid);
      if (!now) {
        this.expel(target, (u) => u === present.uid);
        continue;
      }
      if (!lost(present.rights, now)) {
        present.rights = now;
        continue;
      }
      // As a kick does: out of the media, so every peer closes its connections with them (a
      // listener's own app no longer has to act on a message it may have missed); their app is told
      // to stop sending and to join again, as a listener.
      this.leave(conn, key);
      this.joined.get(conn)?.delete(key);
      conn.sendMessage({ type: 'media.peer', ...target, uid: present.uid, event: 'stopped' } satisfies MediaServerMessage);
    }
  }

  private async run(c: ClientConnection, message: MediaClientMessage): Promise<void> {
    if (!c.auth) return this.error(c, message, 'UNAUTHENTICATED', realtimeTexts.signIn);
    const uid = c.auth.uid;
    const target: Target = { scope: message.scope, id: message.id };
    const key = keyOf(target);
    switch (message.type) {
      case 'media.join': {
        // Joining follows the lobby join at once: a room's projection gets a few seconds.
        const rights = await this.rights.rightsOf(target.scope, target.id, uid, JOIN_PATIENCE_MS);
        if (!c.open) return;
        if (!rights) {
          if (target.scope === 'lobby' && !this.rooms.has(key)) this.rights.stages.forget(target.id);
          return this.error(c, message, 'FORBIDDEN', mediaTexts.notInLobby);
        }
        let room = this.rooms.get(key);
        if (!room) this.rooms.set(key, (room = new Map()));
        const peers = new Set([...room.values()].map((p) => p.uid).filter((u) => u !== uid));
        room.set(c, { uid, rights });
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
        if (message.to === uid || ![...room.values()].some((p) => p.uid === message.to))
          return this.error(c, message, 'NOT_FOUND', mediaTexts.peerGone);
        const refusal = await this.refusal(target, room, uid, message.to, message.signal);
        if (refusal) return this.error(c, message, 'FORBIDDEN', refusal);
        // Checked against the state of a moment ago: the peer may have gone meanwhile.
        const to = [...(this.rooms.get(key) ?? [])].filter(([, p]) => p.uid === message.to).map(([conn]) => conn);
        if (!this.rooms.get(key)?.has(c) || to.length === 0) return this.error(c, message, 'NOT_FOUND', mediaTexts.peerGone);
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

  /** What a user may send in this media now. In a lobby, the stage as of its stream's head (read
   * before deciding) or, for the many ICE candidates, as the gateway holds it from the log's events. */
  private async rightsNow(target: Target, room: Map<ClientConnection, Present>, uid: string, fresh: boolean): Promise<MediaRights | null> {
    if (target.scope !== 'lobby') return [...room.values()].find((p) => p.uid === uid)?.rights ?? null;
    const stage = (!fresh && this.rights.stages.held(target.id)) || (await this.rights.stages.current(target.id));
    const rights = stage.rightsOf(uid);
    // A right seen here counts as held: losing it later puts them out (enforce).
    for (const p of room.values())
      if (p.uid === uid && rights) p.rights = { audio: p.rights.audio || rights.audio, video: p.rights.video || rights.video };
    return rights;
  }

  /** Why a signal may not be relayed, or null. */
  private async refusal(
    target: Target,
    room: Map<ClientConnection, Present>,
    uid: string,
    to: string,
    signal: Signal,
  ): Promise<string | null> {
    const mine = (fresh: boolean) => this.rightsNow(target, room, uid, fresh);
    const theirs = (fresh: boolean) => this.rightsNow(target, room, to, fresh);
    switch (signal.kind) {
      case 'bye':
        // Stopping is always allowed.
        return null;
      case 'offer': {
        const sends = sdpSends(signal.sdp);
        const rights = await mine(true);
        if (!rights) return mediaTexts.notInLobby;
        if (sends.video && !rights.video) return mediaTexts.hostOnlyVideo;
        return sends.audio && !rights.audio ? mediaTexts.listenerCannotPublish : null;
      }
      case 'answer': {
        const sends = sdpSends(signal.sdp);
        if (sends.audio || sends.video) return mediaTexts.answersOnlyReceive;
        if (!(await mine(true))) return mediaTexts.notInLobby;
        // An answer completes the other side's sending connection: they must still be allowed to send.
        return publishes(await theirs(true)) ? null : mediaTexts.peerNotOnSeat;
      }
      case 'candidate': {
        // A candidate of the author's sending connection ('pub') needs the author's right to send; one
        // of its receiving connection needs the sender's (the peer's).
        const rights = await mine(false);
        if (!rights) return mediaTexts.notInLobby;
        if (signal.dir === 'pub') return publishes(rights) ? null : mediaTexts.listenerCannotPublish;
        return publishes(await theirs(false)) ? null : mediaTexts.peerNotOnSeat;
      }
      case 'state': {
        const rights = await mine(true);
        if (!rights) return mediaTexts.notInLobby;
        return rights.video ? null : mediaTexts.hostOnlyVideo;
      }
      default: {
        const exhaustive: never = signal;
        return exhaustive;
      }
    }
  }

  private leave(c: ClientConnection, key: string): void {
    const room = this.rooms.get(key);
    const present = room?.get(c);
    if (!room || !present) return;
    room.delete(c);
    const [scope, ...rest] = key.split(':');
    const target = { scope: scope as MediaScope, id: rest.join(':') };
    if (room.size === 0) {
      this.rooms.delete(key);
      if (target.scope === 'lobby') this.rights.stages.forget(target.id);
    }
    // Only when the user's last connection there is gone: a second tab keeps them present.
    if (![...room.values()].some((p) => p.uid === present.uid))
      this.broadcast(target, { type: 'media.peer', ...target, uid: present.uid, event: 'left' });
  }

  /** Removes the matching users from a media (they left, were removed, or it ended). */
  private expel(target: Target, who: (uid: string) => boolean): void {
    const room = this.rooms.get(keyOf(target));
    if (!room) return;
    for (const [conn, present] of [...room]) {
      if (!who(present.uid)) continue;
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
    c.sendMessage({
      type: 'media.error',
      ref: message.ref,
      scope: message.scope,
      id: message.id,
      code,
      message: text,
    } satisfies MediaServerMessage);
  }
}
