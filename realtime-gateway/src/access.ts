// Who may listen to which channel: public lobbies for anyone (guests too), private lobbies for their
// members, rooms for their members, a user's own channels for that user. Read from the lobbies
// module's read models (rm.lobbies, rm.lobby_members, rm.rooms, rm.room_members).
import type { Channel } from '@murmur/contracts';
import type { AuthContext } from '@murmur/platform';
import type pg from 'pg';

/** 'member': allowed only while a member of the private lobby or the room (leaving revokes it). */
export type AccessVerdict = 'ok' | 'member' | 'forbidden' | 'not_found' | 'unauthenticated';

interface LobbyRow {
  kind: string;
  owner_uid: string;
  member: boolean;
}

interface RoomRow {
  lobby_id: string;
  member: boolean;
}

/** A lobby created a moment ago may not be projected yet: look again briefly before saying no. */
const NOT_FOUND_RETRIES = 4;
const NOT_FOUND_RETRY_MS = 150;

function isMissingTable(error: unknown): boolean {
  return (error as { code?: string }).code === '42P01';
}

/** How many open lobbies to remember; a lobby's kind never changes, so no entry goes stale. */
const OPEN_LOBBY_CACHE = 50_000;

export class AccessPolicy {
  /** Lobbies known to be public or streaming: a crowd joining one costs one query, not thousands. */
  private readonly openLobbies = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  async check(auth: AuthContext | null, channel: Channel): Promise<AccessVerdict> {
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
        if (!auth) return 'unauthenticated';
        return this.room(auth, channel.roomId);
      case 'leaderboard':
        return 'ok'; // global boards are public, like `user/leaderboards`
      default: {
        const exhaustive: never = channel;
        return exhaustive;
      }
    }
  }

  private async lobby(auth: AuthContext | null, lobbyId: string): Promise<AccessVerdict> {
    if (this.openLobbies.has(lobbyId)) return 'ok';
    const row = await this.withRetry(() => this.loadLobby(lobbyId, auth?.uid ?? null));
    if (!row) return 'not_found';
    if (row.kind !== 'private') {
      if (this.openLobbies.size >= OPEN_LOBBY_CACHE) this.openLobbies.clear();
      this.openLobbies.add(lobbyId);
      return 'ok';
    }
    if (!auth) return 'unauthenticated';
    if (row.owner_uid === auth.uid || auth.roles.includes('ad')) return 'ok';
    if (row.member) return 'member';
    return 'forbidden';
  }

  private async room(auth: AuthContext, roomId: string): Promise<AccessVerdict> {
    const row = await this.withRetry(() => this.loadRoom(roomId, auth.uid));
    if (!row) return 'not_found';
    if (auth.roles.includes('ad')) return 'ok';
    return row.member ? 'member' : 'forbidden';
  }

  private async withRetry<T>(load: () => Promise<T | null>): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      const row = await load();
      if (row || attempt >= NOT_FOUND_RETRIES) return row;
      await new Promise((r) => setTimeout(r, NOT_FOUND_RETRY_MS));
    }
  }

  private async loadLobby(lobbyId: string, uid: string | null): Promise<LobbyRow | null> {
    try {
      const { rows } = await this.pool.query<LobbyRow>(
        `select l.kind, l.owner_uid,
                exists (select 1 from rm.lobby_members m where m.lobby_id = l.lobby_id and m.uid = $2 and m.left_at is null) as member
           from rm.lobbies l where l.lobby_id = $1`,
        [lobbyId, uid],
      );
      return rows[0] ?? null;
    } catch (error) {
      if (isMissingTable(error)) return null;
      throw error;
    }
  }

  private async loadRoom(roomId: string, uid: string): Promise<RoomRow | null> {
    try {
      const { rows } = await this.pool.query<RoomRow>(
        `select r.lobby_id,
                exists (select 1 from rm.room_members m where m.room_id = r.room_id and m.uid = $2 and m.left_at is null)
                or r.host_uid = $2
                or exists (select 1 from rm.lobbies l where l.lobby_id = r.lobby_id and l.owner_uid = $2) as member
           from rm.rooms r where r.room_id = $1`,
        [roomId, uid],
      );
      return rows[0] ?? null;
    } catch (error) {
      if (isMissingTable(error)) return null;
      throw error;
    }
  }
}
