// Lobby and room queries (docs/decisions/lobbies.md): lists by category, app/home with banners, lobby
// detail, invites, settings, props, rooms, chat history and the lobby leaderboard. Read models only,
// through their named queries.
import {
  demoBanners,
  lobbyCategories,
  lobbyConstants,
  lobbyTexts,
  limits,
  monthIdOf,
  pageMeta,
  rooms as roomConstants,
  weekIdOf,
  type LobbyChatItem,
  type LobbyList,
  type LobbyListQuery,
  type LobbyMemberView,
  type LobbyRoleCode,
  type LobbyRoomItem,
  type LobbySummary,
  type PageQuery,
  type RoomItem,
} from '@murmur/contracts';
import { ApiError, defineRoute, granted, isLobbyStaff } from '@murmur/platform';
import { chatHistoryPage } from '@murmur/projections/queries/lobby-chat';
import { lobbyBoardTop } from '@murmur/projections/queries/lobby-leaderboards';
import {
  isInLobby,
  liveLobbyListPage,
  lobbyById,
  lobbyHasInvite,
  lobbyInvites,
  stageMembersOf,
  type LobbyRow,
} from '@murmur/projections/queries/lobbies';
import { openRoomRowsOfLobby, roomById, roomIsInLobby, roomMemberUids, roomPage, type RoomRow } from '@murmur/projections/queries/rooms';
import type express from 'express';
import type pg from 'pg';
import type { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { readAccess } from './read-access.ts';
import { mediaUrl } from '../media/public.ts';
import { lookupUsers } from '../user-directory.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

async function summary(deps: Pick<QueryDeps, 'objects'>, row: LobbyRow): Promise<LobbySummary> {
  return {
    lobbyId: row.lobby_id,
    title: row.title,
    name: row.title,
    tag: row.tag,
    description: row.description,
    languages: row.languages,
    lobbyPhoto: await mediaUrl(deps, row.lobby_photo),
    mainCategoryId: row.main_category_id,
    backgroundId: row.background_id,
    isLive: row.is_live,
    kind: row.kind,
    status: row.status,
    requiredDiamonds: row.required_diamonds,
    ownerUid: row.owner_uid,
    hostUid: row.host_uid,
    userCount: row.member_count,
    remainingSlots: Math.max(0, row.seat_count - row.seated),
    createdAt: row.created_at.toISOString(),
  };
}

async function listLobbies(
  deps: Pick<QueryDeps, 'pool' | 'objects'>,
  kinds: string[],
  category: string | undefined,
  page: PageQuery,
): Promise<LobbyList> {
  const filterCategory = category && category !== 'all' ? category : null;
  const { rows, total } = await liveLobbyListPage(deps.pool, {
    kinds,
    category: filterCategory,
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
  const hosts = await lookupUsers(
    deps,
    rows.flatMap((r) => (r.host_uid ? [r.host_uid] : [])),
  );
  const items = await Promise.all(
    rows.map(async (r) => ({ ...(await summary(deps, r)), host: r.host_uid ? hosts.get(r.host_uid) : null })),
  );
  return { items, meta: pageMeta(page, total, items.length) };
}

async function loadLobbyRow(pool: pg.Pool, lobbyId: string): Promise<LobbyRow> {
  if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  const row = await lobbyById(pool, lobbyId);
  if (!row) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const roomItem = (r: RoomRow): RoomItem => ({ ...r, startedAt: iso(r.startedAt), endsAt: iso(r.endsAt), endedAt: iso(r.endedAt) });
const lobbyRoomItem = ({ lobbyId: _lobbyId, startedAt: _startedAt, endedAt: _endedAt, ...r }: RoomItem): LobbyRoomItem => r;

/** A room row as the API shows it: its banner's media key becomes a URL. */
const roomView = async <T extends { roomBannerPhoto: string | null }>(deps: Pick<QueryDeps, 'objects'>, room: T): Promise<T> => ({
  ...room,
  roomBannerPhoto: await mediaUrl(deps, room.roomBannerPhoto),
});

const isStaff = (row: LobbyRow, uid: string | undefined) =>
  isLobbyStaff({ ownerUid: row.owner_uid, hostUid: row.host_uid, admins: row.admins }, uid);

const listQuery = (q: z.infer<typeof LobbyListQuery>) => ({ category: q.category ?? q.cat, page: { page: q.page, limit: q.limit } });

export function lobbyQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = { before: [freshness(pool, ['lobbies'])] };
  const freshRooms = { before: [freshness(pool, ['lobbies', 'rooms'])] };
  // Member cards carry what each member wears (collections' appearance).
  const freshStage = { before: [freshness(pool, ['lobbies', 'rooms', 'collections'])] };
  const access = readAccess(pool);

  // Signed-in users see every live lobby; visitors the public ones (docs/decisions/lobbies.md).
  defineRoute(
    router,
    'GET /lobbies',
    async ({ query }) => {
      const { category, page } = listQuery(query);
      return listLobbies(deps, ['public', 'private', 'streaming'], category, page);
    },
    fresh,
  );
  defineRoute(
    router,
    'GET /lobbies/public',
    async ({ query }) => {
      const { category, page } = listQuery(query);
      return listLobbies(deps, ['public', 'streaming'], category, page);
    },
    fresh,
  );
  const home =
    (publicOnly: boolean) =>
    async ({ query, me }: { query: z.infer<typeof LobbyListQuery>; me: unknown }) => {
      const { category, page } = listQuery(query);
      const kinds = publicOnly || !me ? ['public', 'streaming'] : ['public', 'private', 'streaming'];
      return {
        banners: demoBanners,
        categories: [...lobbyCategories],
        lobbies: await listLobbies(deps, kinds, category, page),
      };
    };
  defineRoute(router, 'GET /app/home', home(false), fresh);
  defineRoute(router, 'GET /app/home/public', home(true), fresh);

  defineRoute(router, 'GET /lobbies/props', () => ({
    categories: [...lobbyCategories],
    languages: ['ENG', 'FIL', 'ES'],
    maxLanguages: limits.languages,
    kinds: ['public', 'private', 'streaming'],
    backgrounds: [...lobbyConstants.backgrounds],
    seatCount: lobbyConstants.seatCount,
    textLimit: limits.text,
    roomDurationsMin: [...roomConstants.durationsMin],
    defaultRoomDurationMin: roomConstants.defaultDurationMin,
    roomCapacity: lobbyConstants.roomCapacity,
    bannerTypes: ['home_banner', 'mobile_home_banner', 'lobby_banner', 'mobile_lobby_banner'],
  }));

  // The settings screen (Edit Profile, Lobby Background, Blacklist, Administrator, Close Lobby): staff only.
  defineRoute(
    router,
    'GET /lobbies/settings',
    async ({ me, query: { lobbyId } }) => {
      const row = await loadLobbyRow(pool, lobbyId);
      if (!isStaff(row, me.uid)) throw new ApiError('FORBIDDEN', lobbyTexts.noPermission);
      const cards = await lookupUsers(deps, [...Object.keys(row.blacklist), ...row.admins]);
      return {
        lobbyId: row.lobby_id,
        title: row.title,
        description: row.description,
        tag: row.tag,
        lobbyPhoto: await mediaUrl(deps, row.lobby_photo),
        languages: row.languages,
        mainCategoryId: row.main_category_id,
        isLive: row.is_live,
        backgroundId: row.background_id,
        backgrounds: [...lobbyConstants.backgrounds],
        blacklist: Object.entries(row.blacklist).map(([uid, b]) => ({
          ...cards.get(uid),
          reason: b.reason,
          blockedBy: b.by,
          blockedAt: b.at,
        })),
        administrators: row.admins.map((uid) => cards.get(uid)),
        canClose: true,
      };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /lobbies/leaderboard',
    async ({ query: q, me }) => {
      const now = new Date();
      const period = q.kind === 'valentines' ? 'valentines' : q.frequency!;
      const periodId = period === 'valentines' ? String(now.getUTCFullYear()) : period === 'weekly' ? weekIdOf(now) : monthIdOf(now);
      const lobbyId = q.lobbyId ?? '';
      if (q.lobbyId) await access.lobby(me, q.lobbyId);
      const board = (name: 'users' | 'hosts') => lobbyBoardTop(pool, { lobbyId, board: name, period, periodId });
      const [users, hosts] = await Promise.all([board('users'), board('hosts')]);
      const cards = await lookupUsers(
        deps,
        [...users, ...hosts].map((r) => r.uid),
      );
      const topUsers = users.map((r, i) => ({ rank: i + 1, ...cards.get(r.uid), diamonds: Number(r.amount) }));
      const topHosts = hosts.map((r, i) => ({ rank: i + 1, ...cards.get(r.uid), charm: Number(r.amount) }));
      return {
        lobbyId: q.lobbyId ?? null,
        frequency: q.frequency ?? null,
        kind: q.kind ?? null,
        periodId,
        topUsers,
        topHosts,
        podium: { topUsers: topUsers.slice(0, limits.podium), topHosts: topHosts.slice(0, limits.podium) },
      };
    },
    { before: [freshness(pool, ['lobby-leaderboards', 'lobbies'])] },
  );

  defineRoute(
    router,
    'GET /lobbies/{id}',
    async ({ params, query, me: caller }) => {
      const row = await loadLobbyRow(pool, params.id);
      // Whoever holds a valid invite is about to join: they see the lobby (its fee) before they do.
      const invite = query.invite ?? null;
      if (!(caller && invite && (await lobbyHasInvite(pool, row.lobby_id, invite)))) await access.lobby(caller, row.lobby_id);
      const members = await stageMembersOf(pool, row.lobby_id);
      const cards = await lookupUsers(deps, [...members.map((m) => m.uid), ...row.queue, row.owner_uid]);
      const roleCodes = (m: { uid: string; role: string; is_admin: boolean; anonymous: boolean }) => {
        const codes: LobbyRoleCode[] = [];
        if (m.uid === row.owner_uid) codes.push('o');
        if (m.is_admin) codes.push('lad');
        if (m.role === 'host') codes.push('h');
        codes.push(m.anonymous ? 'g' : 'co');
        return codes;
      };
      const users = members.map((m): LobbyMemberView => ({
        ...cards.get(m.uid),
        role: m.role,
        roleCodes: roleCodes(m),
        seat: m.seat,
        presence: m.presence,
        muted: row.muted.includes(m.uid),
        silenced: row.silenced.includes(m.uid),
        joinedAt: m.joined_at.toISOString(),
      }));
      const seats = Array.from({ length: row.seat_count }, (_, seat) => {
        const user = users.find((u) => u.seat === seat);
        return { seat, user: user ?? null };
      });
      const openRooms = await openRoomRowsOfLobby(pool, row.lobby_id);
      const me = caller?.uid;
      return {
        ...(await summary(deps, row)),
        owner: cards.get(row.owner_uid),
        host: users.find((u) => u.role === 'host') ?? null,
        cohosts: users.filter((u) => u.role === 'cohost'),
        users,
        seats,
        queueRequests: row.queue.map((uid) => cards.get(uid)),
        admins: row.admins,
        pinnedMessage: row.pinned_message,
        rooms: await Promise.all(openRooms.map(async (r) => lobbyRoomItem(await roomView(deps, roomItem(r))))),
        me: me ? { uid: me, inside: members.some((m) => m.uid === me), isStaff: isStaff(row, me), blocked: me in row.blacklist } : null,
        endedAt: row.ended_at?.toISOString() ?? null,
      };
    },
    freshStage,
  );

  defineRoute(
    router,
    'GET /lobbies/{id}/invites',
    async ({ me, params }) => {
      const row = await loadLobbyRow(pool, params.id);
      // A private lobby's invite ids are its keys: its staff alone see them. A public lobby's are share links.
      const verdict = await access.lobby(me, row.lobby_id);
      if (row.kind === 'private' ? verdict !== 'ok' : !isStaff(row, me.uid) && !(await isInLobby(pool, row.lobby_id, me.uid))) {
        throw new ApiError('FORBIDDEN', lobbyTexts.noPermission);
      }
      const rows = await lobbyInvites(pool, row.lobby_id);
      return {
        items: rows.map((r) => {
          const link = `/lobby/${row.lobby_id}?invite=${r.invite_id}`;
          return {
            inviteId: r.invite_id,
            createdBy: r.created_by,
            createdAt: r.created_at.toISOString(),
            link,
            qr: { format: 'url' as const, payload: link },
          };
        }),
      };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /lobbies/{id}/rooms',
    async ({ me, params, query: page }) => {
      const row = await loadLobbyRow(pool, params.id);
      await access.lobby(me, row.lobby_id);
      const { rows, total } = await roomPage(pool, { lobbyId: row.lobby_id, limit: page.limit, offset: (page.page - 1) * page.limit });
      return {
        items: await Promise.all(rows.map((r) => roomView(deps, roomItem(r)))),
        meta: pageMeta(page, total, rows.length),
      };
    },
    freshRooms,
  );

  defineRoute(
    router,
    'GET /rooms/{id}',
    async ({ me, params }) => {
      const roomId = params.id;
      if (!idPattern.test(roomId)) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
      const row = await roomById(pool, roomId);
      if (!row) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
      const room = { ...roomItem(row), silenced: row.silenced, createdAt: row.createdAt.toISOString(), endReason: row.endReason };
      const verdict = await access.policy.room(me ?? null, roomId);
      if (!granted(verdict)) {
        // Someone who may see the room's lobby sees what the lobby lists of it, to decide to join; the
        // people in it and its silences stay with them.
        if (verdict !== 'forbidden') await access.room(me, roomId);
        await access.lobby(me, room.lobbyId);
        const { silenced: _silenced, ...preview } = await roomView(deps, room);
        return { ...preview, users: [] };
      }
      const members = await roomMemberUids(pool, roomId);
      const cards = await lookupUsers(deps, members);
      return { ...(await roomView(deps, room)), users: members.map((uid) => cards.get(uid)) };
    },
    freshStage,
  );

  // Chat history, newest first; `roomId` narrows it to a room's chat.
  defineRoute(
    router,
    'GET /lobbies/{id}/chat',
    async ({ me, params, query: q }) => {
      const lobbyId = params.id;
      if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
      if (q.roomId) {
        await access.room(me, q.roomId);
        if (!(await roomIsInLobby(pool, q.roomId, lobbyId))) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
      } else {
        await access.lobby(me, lobbyId);
      }
      const rows = await chatHistoryPage(pool, { lobbyId, roomId: q.roomId ?? null, limit: q.limit, offset: (q.page - 1) * q.limit });
      // A gift line names its recipients too (the body holds their uids).
      const giftRecipients = new Map(rows.filter((r) => r.message_type === 'gift').map((r) => [r.message_id, giftLineRecipients(r.body)]));
      const cards = await lookupUsers(deps, [...rows.map((r) => r.uid), ...[...giftRecipients.values()].flat()]);
      // A picture's body is its media key: every reader gets a signed address for it.
      const items = await Promise.all(
        rows.map(async (r): Promise<LobbyChatItem> => ({
          messageId: r.message_id,
          position: r.position,
          roomId: r.room_id,
          sender: cards.get(r.uid),
          payload: { messageType: r.message_type, title: r.title, body: r.body },
          mediaUrl: r.message_type === 'image' ? await mediaUrl(deps, r.body) : null,
          ...(giftRecipients.has(r.message_id)
            ? { recipients: giftRecipients.get(r.message_id)!.map((uid) => ({ uid, username: cards.get(uid).username })) }
            : {}),
          postedAt: r.posted_at.toISOString(),
        })),
      );
      return { items };
    },
    // The access check reads lobbies and rooms: a member who just joined is waited for too.
    { before: [freshness(pool, ['lobby-chat', 'collections', 'lobbies', 'rooms'])] },
  );
}

/** The recipients' uids of a gift line's body (`{ quantity, recipients }`); none when unreadable. */
function giftLineRecipients(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { recipients?: unknown };
    return Array.isArray(parsed.recipients) ? parsed.recipients.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}
