// Who may read a lobby, a room and a realtime channel: ONE policy for the query API's reads and the
// gateway's channels, so a read never shows what a channel would refuse. The rules are here; the
// facts (kind, owner, membership) come from lookups each service injects (the read models in
// PostgreSQL, wrapped by the gateway with its own caching and retry).
import { isLobbyStaff, type Channel } from '@murmur/contracts';
import type { AuthContext } from './authenticate.ts';

/** 'member': allowed only while a member of the private lobby or the room (leaving revokes it). */
export type AccessVerdict = 'ok' | 'member' | 'forbidden' | 'not_found' | 'unauthenticated';

export interface LobbyAccessFacts {
  kind: string;
  ownerUid: string;
  hostUid: string | null;
  admins: string[];
  /** The caller is a member now (joined, not left). */
  member: boolean;
}

export interface RoomAccessFacts {
  lobbyId: string;
  hostUid: string;
  lobbyOwnerUid: string | null;
  /** The caller is in the room now (joined, not left). */
  member: boolean;
}

export interface AccessLookups {
  lobby(lobbyId: string, uid: string | null): Promise<LobbyAccessFacts | null>;
  room(roomId: string, uid: string | null): Promise<RoomAccessFacts | null>;
}

const isOperator = (auth: AuthContext) => auth.roles.includes('ad');

/** Owner, main host or lobby admin: they run the lobby, so they see its invites and settings. */
export { isLobbyStaff };

/** Public and streaming lobbies are open to anyone, visitors too; a private one to its staff and members. */
export function lobbyVerdict(auth: AuthContext | null, facts: LobbyAccessFacts | null): AccessVerdict {
  if (!facts) return 'not_found';
  if (facts.kind !== 'private') return 'ok';
  if (!auth) return 'unauthenticated';
  if (isOperator(auth) || isLobbyStaff(facts, auth.uid)) return 'ok';
  return facts.member ? 'member' : 'forbidden';
}

/** A private timed room is heard by the people in it (its host, its guest), the lobby owner and operators. */
export function roomVerdict(auth: AuthContext | null, facts: RoomAccessFacts | null): AccessVerdict {
  if (!facts) return 'not_found';
  if (!auth) return 'unauthenticated';
  if (isOperator(auth)) return 'ok';
  return facts.member || facts.hostUid === auth.uid || facts.lobbyOwnerUid === auth.uid ? 'member' : 'forbidden';
}

export const granted = (verdict: AccessVerdict): boolean => verdict === 'ok' || verdict === 'member';

export class AccessPolicy {
  constructor(private readonly lookups: AccessLookups) {}

  async lobby(auth: AuthContext | null, lobbyId: string): Promise<AccessVerdict> {
    return lobbyVerdict(auth, await this.lookups.lobby(lobbyId, auth?.uid ?? null));
  }

  async room(auth: AuthContext | null, roomId: string): Promise<AccessVerdict> {
    if (!auth) return 'unauthenticated';
    return roomVerdict(auth, await this.lookups.room(roomId, auth.uid));
  }

  /** A realtime channel: the lobby's or room's verdict, and a user's own channels for that user only. */
  async channel(auth: AuthContext | null, channel: Channel): Promise<AccessVerdict> {
    switch (channel.kind) {
      case 'user':
        if (!auth) return 'unauthenticated';
        return auth.uid === channel.uid ? 'ok' : 'forbidden';
      case 'lobbyUid':
        if (!auth) return 'unauthenticated';
        if (auth.uid !== channel.uid) return 'forbidden';
        return this.lobby(auth, channel.lobbyId);
      case 'lobbyAll':
      case 'lobbyUser':
        return this.lobby(auth, channel.lobbyId);
      case 'roomAll':
        return this.room(auth, channel.roomId);
      case 'leaderboard':
        return 'ok'; // global boards are public, like `user/leaderboards`
      default: {
        const exhaustive: never = channel;
        return exhaustive;
      }
    }
  }
}
