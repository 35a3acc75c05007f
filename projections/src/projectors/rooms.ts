// Private timed rooms (rm.rooms, with ends_at for the scheduler) and who is inside them
// (rm.room_members), from the `room-{id}` streams.
import { eventTypesOf, roomEventSchemas, type RoomEvent } from '@murmur/contracts';
import type pg from 'pg';
import { defineProjector, ident } from '../projector.ts';

export const roomsProjector = defineProjector({
  name: 'rooms',
  tables: ['rooms', 'room_members'],
  handles: eventTypesOf(roomEventSchemas),
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.rooms (
        room_id text primary key,
        lobby_id text not null,
        host_uid text not null,
        title text not null,
        mins int not null,
        room_banner_photo text,
        required_balance int not null,
        status text not null,
        member_count int not null default 1,
        silenced text[] not null default '{}',
        created_at timestamptz not null,
        started_at timestamptz,
        ends_at timestamptz,
        ended_at timestamptz,
        end_reason text
      );
      create index if not exists rooms_lobby on ${s}.rooms (lobby_id, created_at desc);
      create index if not exists rooms_due on ${s}.rooms (ends_at) where status = 'started';
      create index if not exists rooms_open on ${s}.rooms (lobby_id) where status in ('waiting', 'started');
      create table if not exists ${s}.room_members (
        room_id text not null,
        uid text not null,
        joined_at timestamptz not null,
        left_at timestamptz,
        paid_diamonds int not null default 0,
        primary key (room_id, uid)
      );
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const event of events) await applyOne(client, s, event);
  },
});

async function applyOne(client: pg.PoolClient, s: string, event: RoomEvent): Promise<void> {
  switch (event.type) {
    case 'RoomCreated': {
      const d = event.data;
      await client.query(
        `insert into ${s}.rooms (room_id, lobby_id, host_uid, title, mins, room_banner_photo, required_balance, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'waiting', $8) on conflict (room_id) do nothing`,
        [d.roomId, d.lobbyId, d.hostUid, d.title, d.mins, d.roomBannerPhoto, d.requiredBalance, d.createdAt],
      );
      await client.query(`insert into ${s}.room_members (room_id, uid, joined_at) values ($1, $2, $3) on conflict do nothing`, [
        d.roomId,
        d.hostUid,
        d.createdAt,
      ]);
      return;
    }
    case 'RoomJoined': {
      const d = event.data;
      await client.query(
        `insert into ${s}.room_members as m (room_id, uid, joined_at, paid_diamonds) values ($1, $2, $3, $4)
         on conflict (room_id, uid) do update set joined_at = excluded.joined_at, left_at = null, paid_diamonds = m.paid_diamonds + excluded.paid_diamonds`,
        [d.roomId, d.uid, d.joinedAt, d.paidDiamonds],
      );
      await client.query(
        `update ${s}.rooms set member_count = (select count(*) from ${s}.room_members where room_id = $1 and left_at is null) where room_id = $1`,
        [d.roomId],
      );
      return;
    }
    case 'RoomLeft': {
      const d = event.data;
      await client.query(`update ${s}.room_members set left_at = $3 where room_id = $1 and uid = $2 and left_at is null`, [
        d.roomId,
        d.uid,
        d.leftAt,
      ]);
      await client.query(
        `update ${s}.rooms set member_count = (select count(*) from ${s}.room_members where room_id = $1 and left_at is null) where room_id = $1`,
        [d.roomId],
      );
      return;
    }
    case 'RoomStarted':
      await client.query(`update ${s}.rooms set status = 'started', started_at = $2, ends_at = $3 where room_id = $1`, [
        event.data.roomId,
        event.data.startedAt,
        event.data.endsAt,
      ]);
      return;
    case 'RoomEnded': {
      const d = event.data;
      await client.query(`update ${s}.rooms set status = $2, ended_at = $3, end_reason = $4, member_count = 0 where room_id = $1`, [
        d.roomId,
        d.status,
        d.endedAt,
        d.reason,
      ]);
      await client.query(`update ${s}.room_members set left_at = $2 where room_id = $1 and left_at is null`, [d.roomId, d.endedAt]);
      return;
    }
    case 'RoomUserSilenced':
      await client.query(`update ${s}.rooms set silenced = array_append(array_remove(silenced, $2), $2) where room_id = $1`, [
        event.data.roomId,
        event.data.uid,
      ]);
      return;
    case 'RoomUserUnsilenced':
      await client.query(`update ${s}.rooms set silenced = array_remove(silenced, $2) where room_id = $1`, [
        event.data.roomId,
        event.data.uid,
      ]);
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
