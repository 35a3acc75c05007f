// Named reads of the rooms projector's tables (rm.rooms, rm.room_members): other workspaces ask
// these, never SQL.
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
