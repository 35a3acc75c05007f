// The lobby list and lobby state (rm.lobbies), who is inside with which role, seat and presence
// (rm.lobby_members), invites (rm.lobby_invites), and each gateway's connections per lobby and user
// (rm.lobby_presence, read by the presence reaper), from the `lobby-{id}` streams and the
// gateways' PresenceChanged on `presence-{lobbyId}`.
import { eventTypesOf, lobbyEventSchemas } from '@murmur/contracts';
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const handles = [...eventTypesOf(lobbyEventSchemas), 'PresenceChanged' as const];

/** Info fields as the event names them -> column. */
const infoColumns: Record<string, string> = {
  title: 'title',
  tag: 'tag',
  description: 'description',
  languages: 'languages',
  lobbyPhoto: 'lobby_photo',
  mainCategoryId: 'main_category_id',
  backgroundId: 'background_id',
  isLive: 'is_live',
  requiredDiamonds: 'required_diamonds',
};

export const lobbiesProjector = defineProjector({
  name: 'lobbies',
  tables: ['lobbies', 'lobby_members', 'lobby_invites', 'lobby_presence'],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.lobbies (
        lobby_id text primary key,
        kind text not null,
        status text not null,
        owner_uid text not null,
        host_uid text,
        title text not null,
        tag text not null default '',
        description text not null default '',
        languages text[] not null default '{}',
        lobby_photo text,
        main_category_id text not null,
        background_id text not null,
        is_live boolean not null,
        required_diamonds int not null default 0,
        seat_count int not null,
        queue text[] not null default '{}',
        admins text[] not null default '{}',
        silenced text[] not null default '{}',
        muted text[] not null default '{}',
        blacklist jsonb not null default '{}',
        pinned_message text,
        member_count int not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        ended_at timestamptz,
        last_position bigint not null
      );
      create index if not exists lobbies_live_category on ${s}.lobbies (main_category_id, created_at desc) where status in ('waiting', 'started');
      create index if not exists lobbies_owner on ${s}.lobbies (owner_uid);
      create table if not exists ${s}.lobby_members (
        lobby_id text not null,
        uid text not null,
        role text not null,
        seat int,
        presence text not null,
        is_admin boolean not null default false,
        anonymous boolean not null default false,
        joined_at timestamptz not null,
        left_at timestamptz,
        primary key (lobby_id, uid)
      );
      create index if not exists lobby_members_inside on ${s}.lobby_members (lobby_id) where left_at is null;
      create index if not exists lobby_members_uid on ${s}.lobby_members (uid) where left_at is null;
      create table if not exists ${s}.lobby_invites (
        lobby_id text not null,
        invite_id text not null,
        created_by text not null,
        created_at timestamptz not null,
        primary key (lobby_id, invite_id)
      );
      create table if not exists ${s}.lobby_presence (
        lobby_id text not null,
        uid text not null,
        gateway_id text not null,
        online boolean not null,
        changed_at timestamptz not null,
        primary key (lobby_id, uid, gateway_id)
      );
    `);
  },
  async apply(events, { client, schema }) {
    for (const event of events) await applyOne(client, ident(schema), event);
  },
});

async function applyOne(client: pg.PoolClient, s: string, event: ProjectedEvent<(typeof handles)[number]>): Promise<void> {
  const pos = event.globalPosition.toString();
  if (event.type === 'PresenceChanged') {
    const d = event.data;
    await client.query(
      `insert into ${s}.lobby_presence (lobby_id, uid, gateway_id, online, changed_at) values ($1, $2, $3, $4, $5)
       on conflict (lobby_id, uid, gateway_id) do update set online = excluded.online, changed_at = excluded.changed_at`,
      [d.lobbyId, d.uid, d.gatewayId ?? '', d.presence === 'online', event.createdAt],
    );
    // Online while any gateway holds a connection (a user may have tabs on several gateways).
    await client.query(
      `update ${s}.lobby_members set presence = case when exists (
         select 1 from ${s}.lobby_presence p where p.lobby_id = $1 and p.uid = $2 and p.online) then 'online' else 'offline' end
        where lobby_id = $1 and uid = $2 and left_at is null`,
      [d.lobbyId, d.uid],
    );
    return;
  }
  const touch = async (lobbyId: string, set: string, params: unknown[], at: string) =>
    client.query(`update ${s}.lobbies set ${set}, updated_at = $2, last_position = $3 where lobby_id = $1`, [lobbyId, at, pos, ...params]);
  const leave = async (lobbyId: string, uid: string, at: string) => {
    const { rowCount } = await client.query(
      `update ${s}.lobby_members set left_at = $3, seat = null, role = 'audience', presence = 'offline' where lobby_id = $1 and uid = $2 and left_at is null`,
      [lobbyId, uid, at],
    );
    await touch(
      lobbyId,
      `member_count = greatest(0, member_count - $5::int), host_uid = case when host_uid = $4 then null else host_uid end,
       queue = array_remove(queue, $4), muted = array_remove(muted, $4)`,
      [uid, rowCount ?? 0],
      at,
    );
  };
  switch (event.type) {
    case 'LobbyCreated': {
      const d = event.data;
      await client.query(
        `insert into ${s}.lobbies (lobby_id, kind, status, owner_uid, host_uid, title, tag, description, languages, lobby_photo,
           main_category_id, background_id, is_live, required_diamonds, seat_count, member_count, created_at, updated_at, last_position)
         values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15, $15, $16)
         on conflict (lobby_id) do nothing`,
        [
          d.lobbyId,
          d.kind,
          d.info.isLive ? 'started' : 'waiting',
          d.ownerUid,
          d.info.title,
          d.info.tag,
          d.info.description,
          d.info.languages,
          d.info.lobbyPhoto,
          d.info.mainCategoryId,
          d.info.backgroundId,
          d.info.isLive,
          d.requiredDiamonds,
          d.seatCount,
          d.createdAt,
          pos,
        ],
      );
      await client.query(
        `insert into ${s}.lobby_members (lobby_id, uid, role, seat, presence, joined_at) values ($1, $2, 'host', 0, 'active', $3)
         on conflict (lobby_id, uid) do nothing`,
        [d.lobbyId, d.ownerUid, d.createdAt],
      );
      return;
    }
    case 'LobbyJoined': {
      const d = event.data;
      const { rows } = await client.query<{ inserted: boolean }>(
        `insert into ${s}.lobby_members as m (lobby_id, uid, role, seat, presence, anonymous, joined_at)
         values ($1, $2, 'audience', null, 'active', $3, $4)
         on conflict (lobby_id, uid) do update set role = 'audience', seat = null, presence = 'active', anonymous = excluded.anonymous,
           joined_at = excluded.joined_at, left_at = null
           where m.left_at is not null
         returning true as inserted`,
        [d.lobbyId, d.uid, d.anonymous, d.joinedAt],
      );
      await touch(d.lobbyId, 'member_count = member_count + $4::int', [rows.length], d.joinedAt);
      return;
    }
    case 'LobbyLeft':
      return void (await leave(event.data.lobbyId, event.data.uid, event.data.leftAt));
    case 'LobbyUserKicked':
      return void (await leave(event.data.lobbyId, event.data.uid, event.data.at));
    case 'LobbyEnded': {
      const d = event.data;
      await client.query(`delete from ${s}.lobby_presence where lobby_id = $1`, [d.lobbyId]);
      await client.query(
        `update ${s}.lobby_members set left_at = $2, seat = null, role = 'audience', presence = 'offline' where lobby_id = $1 and left_at is null`,
        [d.lobbyId, d.endedAt],
      );
      await touch(
        d.lobbyId,
        `status = $4, is_live = false, host_uid = null, queue = '{}', muted = '{}', member_count = 0, ended_at = $2`,
        [d.reason === 'ended' ? 'ended' : 'terminated'],
        d.endedAt,
      );
      return;
    }
    case 'LobbyInfoUpdated': {
      const d = event.data;
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [key, value] of Object.entries(d.changes)) {
        const column = infoColumns[key];
        if (!column || value === undefined) continue;
        params.push(value);
        sets.push(`${column} = $${params.length + 3}`);
      }
      if (d.changes.isLive !== undefined) {
        params.push(d.changes.isLive ? 'started' : 'waiting');
        sets.push(`status = case when status in ('waiting', 'started') then $${params.length + 3} else status end`);
      }
      if (sets.length > 0) await touch(d.lobbyId, sets.join(', '), params, d.at);
      return;
    }
    case 'LobbyInviteCreated': {
      const d = event.data;
      await client.query(`insert into ${s}.lobby_invites values ($1, $2, $3, $4) on conflict do nothing`, [
        d.lobbyId,
        d.inviteId,
        d.by,
        d.at,
      ]);
      return;
    }
    case 'MicRequested': {
      // The place the lobby decided (a VIP's request goes ahead of the others); older events append.
      const d = event.data;
      if (d.place === undefined) return void (await touch(d.lobbyId, 'queue = array_append(array_remove(queue, $4), $4)', [d.uid], d.at));
      return void (await touch(
        d.lobbyId,
        `queue = coalesce((array_remove(queue, $4))[1:$5::int], '{}') || array[$4::text] || coalesce((array_remove(queue, $4))[$5::int + 1:], '{}')`,
        [d.uid, d.place],
        d.at,
      ));
    }
    case 'MicRequestRemoved':
      return void (await touch(event.data.lobbyId, 'queue = array_remove(queue, $4)', [event.data.uid], event.data.at));
    case 'MicGranted': {
      const d = event.data;
      await client.query(`update ${s}.lobby_members set seat = $3, role = 'cohost' where lobby_id = $1 and uid = $2`, [
        d.lobbyId,
        d.uid,
        d.seat,
      ]);
      await touch(d.lobbyId, 'queue = array_remove(queue, $4)', [d.uid], d.at);
      return;
    }
    case 'UserUnseated': {
      const d = event.data;
      await client.query(`update ${s}.lobby_members set seat = null, role = 'audience' where lobby_id = $1 and uid = $2`, [
        d.lobbyId,
        d.uid,
      ]);
      await touch(d.lobbyId, 'muted = array_remove(muted, $4)', [d.uid], d.at);
      return;
    }
    case 'MicMuted':
      return void (await touch(event.data.lobbyId, 'muted = array_append(array_remove(muted, $4), $4)', [event.data.uid], event.data.at));
    case 'MicUnmuted':
      return void (await touch(event.data.lobbyId, 'muted = array_remove(muted, $4)', [event.data.uid], event.data.at));
    case 'MainHostSwitched': {
      const d = event.data;
      if (d.fromUid) {
        await client.query(
          `update ${s}.lobby_members set seat = $3, role = case when $3::int is null then 'audience' else 'cohost' end where lobby_id = $1 and uid = $2`,
          [d.lobbyId, d.fromUid, d.fromUidSeat],
        );
      }
      await client.query(`update ${s}.lobby_members set seat = 0, role = 'host' where lobby_id = $1 and uid = $2`, [d.lobbyId, d.toUid]);
      await touch(d.lobbyId, 'host_uid = $4, queue = array_remove(queue, $4)', [d.toUid], d.at);
      return;
    }
    case 'LobbyAdminAdded':
    case 'LobbyAdminRemoved': {
      const d = event.data;
      const added = event.type === 'LobbyAdminAdded';
      await client.query(`update ${s}.lobby_members set is_admin = $3 where lobby_id = $1 and uid = $2`, [d.lobbyId, d.uid, added]);
      await touch(
        d.lobbyId,
        added ? 'admins = array_append(array_remove(admins, $4), $4)' : 'admins = array_remove(admins, $4)',
        [d.uid],
        d.at,
      );
      return;
    }
    case 'LobbyUserBlocked': {
      const d = event.data;
      await leave(d.lobbyId, d.uid, d.at);
      await client.query(`update ${s}.lobby_members set is_admin = false where lobby_id = $1 and uid = $2`, [d.lobbyId, d.uid]);
      await touch(
        d.lobbyId,
        `admins = array_remove(admins, $4), blacklist = blacklist || jsonb_build_object($4::text, jsonb_build_object('reason', $5::text, 'by', $6::text, 'at', $7::text))`,
        [d.uid, d.reason, d.by, d.at],
        d.at,
      );
      return;
    }
    case 'LobbyUserUnblocked':
      return void (await touch(event.data.lobbyId, 'blacklist = blacklist - $4::text', [event.data.uid], event.data.at));
    case 'LobbyUserSilenced':
      return void (await touch(
        event.data.lobbyId,
        'silenced = array_append(array_remove(silenced, $4), $4)',
        [event.data.uid],
        event.data.at,
      ));
    case 'LobbyUserUnsilenced':
      return void (await touch(event.data.lobbyId, 'silenced = array_remove(silenced, $4)', [event.data.uid], event.data.at));
    case 'LobbyMessagePinned':
      return void (await touch(event.data.lobbyId, 'pinned_message = $4', [event.data.message], event.data.at));
    // The interactive tools have their own read model (lobby-tools.ts).
    case 'LobbyDiceRolled':
    case 'LobbyLuckyNumberDrawn':
    case 'LobbyPollOpened':
    case 'LobbyPollVoted':
    case 'LobbyPollClosed':
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
