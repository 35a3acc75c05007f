// The facts the access policy decides on, read from the lobbies and rooms read models
// (rm.lobbies, rm.lobby_members, rm.rooms, rm.room_members).
import type pg from 'pg';
import type { AccessLookups, LobbyAccessFacts, RoomAccessFacts } from './access-policy.ts';

function isMissingTable(error: unknown): boolean {
  return (error as { code?: string }).code === '42P01';
}

/** A database whose projections have not created their tables yet knows no lobby. */
async function rowOrNull<T extends pg.QueryResultRow>(pool: pg.Pool, sql: string, params: unknown[]): Promise<T | null> {
  try {
    const { rows } = await pool.query<T>(sql, params);
    return rows[0] ?? null;
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}

export class PostgresAccessLookups implements AccessLookups {
  constructor(private readonly pool: pg.Pool) {}

  async lobby(lobbyId: string, uid: string | null): Promise<LobbyAccessFacts | null> {
    const row = await rowOrNull<{ kind: string; owner_uid: string; host_uid: string | null; admins: string[]; member: boolean }>(
      this.pool,
      `select l.kind, l.owner_uid, l.host_uid, l.admins,
              exists (select 1 from rm.lobby_members m where m.lobby_id = l.lobby_id and m.uid = $2 and m.left_at is null) as member
         from rm.lobbies l where l.lobby_id = $1`,
      [lobbyId, uid],
    );
    return row ? { kind: row.kind, ownerUid: row.owner_uid, hostUid: row.host_uid, admins: row.admins, member: row.member } : null;
  }

  async room(roomId: string, uid: string | null): Promise<RoomAccessFacts | null> {
    const row = await rowOrNull<{ lobby_id: string; host_uid: string; lobby_owner_uid: string | null; member: boolean }>(
      this.pool,
      `select r.lobby_id, r.host_uid, (select l.owner_uid from rm.lobbies l where l.lobby_id = r.lobby_id) as lobby_owner_uid,
              exists (select 1 from rm.room_members m where m.room_id = r.room_id and m.uid = $2 and m.left_at is null) as member
         from rm.rooms r where r.room_id = $1`,
      [roomId, uid],
    );
    return row ? { lobbyId: row.lobby_id, hostUid: row.host_uid, lobbyOwnerUid: row.lobby_owner_uid, member: row.member } : null;
  }
}
