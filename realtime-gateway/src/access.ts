// Who may listen to which channel: the platform's access policy (the same one the query API's reads
// follow), fed by the read models through two gateway concerns: a lobby created a moment ago may not
// be projected yet (look again briefly before saying no), and a crowd joining an open lobby costs one
// query, not thousands (a lobby's kind never changes, so the cache never goes stale).
import { AccessPolicy, PostgresAccessLookups, type AccessLookups, type LobbyAccessFacts, type RoomAccessFacts } from '@murmur/platform';
import type pg from 'pg';

export type { AccessVerdict } from '@murmur/platform';

const NOT_FOUND_RETRIES = 4;
const NOT_FOUND_RETRY_MS = 150;
/** How many open lobbies to remember. */
const OPEN_LOBBY_CACHE = 50_000;

class GatewayLookups implements AccessLookups {
  private readonly openLobbies = new Map<string, LobbyAccessFacts>();

  constructor(private readonly inner: AccessLookups) {}

  async lobby(lobbyId: string, uid: string | null): Promise<LobbyAccessFacts | null> {
    const open = this.openLobbies.get(lobbyId);
    if (open) return open;
    const facts = await withRetry(() => this.inner.lobby(lobbyId, uid));
    if (facts && facts.kind !== 'private') {
      if (this.openLobbies.size >= OPEN_LOBBY_CACHE) this.openLobbies.clear();
      this.openLobbies.set(lobbyId, { ...facts, member: false });
    }
    return facts;
  }

  room(roomId: string, uid: string | null): Promise<RoomAccessFacts | null> {
    return withRetry(() => this.inner.room(roomId, uid));
  }
}

async function withRetry<T>(load: () => Promise<T | null>): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const row = await load();
    if (row || attempt >= NOT_FOUND_RETRIES) return row;
    await new Promise((r) => setTimeout(r, NOT_FOUND_RETRY_MS));
  }
}

export function channelAccess(pool: pg.Pool): AccessPolicy {
  return new AccessPolicy(new GatewayLookups(new PostgresAccessLookups(pool)));
}
