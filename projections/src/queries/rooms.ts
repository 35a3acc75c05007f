// Named reads of the rooms projector's tables (rm.rooms, rm.room_members): other workspaces ask
// these, never SQL.
import type { RoomDetail, RoomItem } from '@murmur/contracts';
import type { Runner } from './runner.ts';

const openRoom = `('waiting', 'started')`;

export interface DueRoomRow {
  room_id: string;
  /** True: its time ran out; false: its lobby ended. */
  expire: boolean;
}

/** The rooms of a lobby that are still open (waiting or started). */
export async function openRoomsOfLobby(runner: Runner, lobbyId: string): Promise<string[]> {
  const { rows } = await runner.query<{ room_id: string }>(
    `select room_id from rm.rooms where lobby_id = $1 and status in ('waiting', 'started')`,
    [lobbyId],
  );
  return rows.map((r) => r.room_id);
}

/** Rooms to end at `now` (an ISO time): started ones past their end, open ones whose lobby ended; at most 500. */
export async function dueRooms(runner: Runner, now: string): Promise<DueRoomRow[]> {
  const { rows } = await runner.query<DueRoomRow>(
    `select r.room_id, true as expire from rm.rooms r where r.status = 'started' and r.ends_at <= $1
     union all
     select r.room_id, false from rm.rooms r join rm.lobbies l on l.lobby_id = r.lobby_id
      where r.status in ('waiting', 'started') and l.status in ('ended', 'terminated')
     limit 500`,
    [now],
  );
  return rows;
}

/** True when `uid` hosts an open room or is in it (joined, not left). */
export async function inOpenRoom(runner: Runner, roomId: string, uid: string): Promise<boolean> {
  const { rows } = await runner.query<{ member: boolean }>(
    `select exists (select 1 from rm.room_members m where m.room_id = r.room_id and m.uid = $2 and m.left_at is null)
            or r.host_uid = $2 as member
       from rm.rooms r where r.room_id = $1 and r.status in ${openRoom}`,
    [roomId, uid],
  );
  return rows[0]?.member === true;
}

/** The room columns the API shows, named as in the DTOs. */
const roomColumns = `room_id as "roomId", lobby_id as "lobbyId", title, mins, room_banner_photo as "roomBannerPhoto", required_balance as "requiredBalance",
  status, member_count as "userCount", host_uid as "hostUid", started_at as "startedAt", ends_at as "endsAt", ended_at as "endedAt"`;

/** A room as the API shows it, its times still Dates (its banner still a media key). */
export type RoomRow = Omit<RoomItem, 'startedAt' | 'endsAt' | 'endedAt'> & {
  startedAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
};

/** A room with what only its people see (its silences) and how it ended. */
export type RoomDetailRow = RoomRow & { silenced: string[]; createdAt: Date; endReason: RoomDetail['endReason'] };

/** The open (waiting or started) rooms of a lobby, newest first. */
export async function openRoomRowsOfLobby(runner: Runner, lobbyId: string): Promise<RoomRow[]> {
  const { rows } = await runner.query<RoomRow>(
    `select ${roomColumns} from rm.rooms where lobby_id = $1 and status in ('waiting', 'started') order by created_at desc`,
    [lobbyId],
  );
  return rows;
}

/** A page of every room of a lobby, newest first. */
export async function roomPage(
  runner: Runner,
  p: { lobbyId: string; limit: number; offset: number },
): Promise<{ rows: RoomRow[]; total: number }> {
  const { rows } = await runner.query<RoomRow>(
    `select ${roomColumns} from rm.rooms where lobby_id = $1 order by created_at desc limit $2 offset $3`,
    [p.lobbyId, p.limit, p.offset],
  );
  const { rows: count } = await runner.query<{ n: number }>('select count(*)::int as n from rm.rooms where lobby_id = $1', [p.lobbyId]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A room, or undefined when there is none with that id. */
export async function roomById(runner: Runner, roomId: string): Promise<RoomDetailRow | undefined> {
  const { rows } = await runner.query<RoomDetailRow>(
    `select ${roomColumns}, silenced, created_at as "createdAt", end_reason as "endReason" from rm.rooms where room_id = $1`,
    [roomId],
  );
  return rows[0];
}

/** True when the room belongs to the lobby. */
export async function roomIsInLobby(runner: Runner, roomId: string, lobbyId: string): Promise<boolean> {
  const { rows } = await runner.query('select 1 from rm.rooms where room_id = $1 and lobby_id = $2', [roomId, lobbyId]);
  return rows.length > 0;
}

/** The people in a room now (joined, not left), in order of joining. */
export async function roomMemberUids(runner: Runner, roomId: string): Promise<string[]> {
  const { rows } = await runner.query<{ uid: string }>(
    'select uid from rm.room_members where room_id = $1 and left_at is null order by joined_at',
    [roomId],
  );
  return rows.map((r) => r.uid);
}
