// Lobby and room queries (docs/decisions/lobbies.md): lists by category, app/home with banners, lobby
// detail, invites, settings, props, rooms, chat history and the lobby leaderboard. Reads rm.* only.
import {
  demoBanners,
  HomeAnswer,
  lobbyCategories,
  LobbyChatHistory,
  lobbyConstants,
  LobbyDetail,
  LobbyInvites,
  LobbyLeaderboard,
  LobbyLeaderboardQuery,
  LobbyList,
  LobbyListQuery,
  LobbyProps,
  LobbySettings,
  lobbyTexts,
  limits,
  monthIdOf,
  pageMeta,
  PageQuery,
  RoomDetail,
  RoomList,
  rooms as roomConstants,
  weekIdOf,
  type LobbyChatItem,
  type LobbyKind,
  type LobbyMemberView,
  type LobbyRoleCode,
  type LobbyRoomItem,
  type LobbyStatus,
  type LobbySummary,
  type RoomItem,
  type StageRole,
  LobbyChatQuery,
  LobbySettingsQuery,
  LobbyDetailQuery,
} from '@murmur/contracts';
import { ApiError, currentUser, granted, isLobbyStaff, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type pg from 'pg';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { readAccess } from './read-access.ts';
import { mediaUrl } from '../media/routes.ts';
import { lookupUsers } from '../user-directory.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

interface LobbyRow {
  lobby_id: string;
  kind: LobbyKind;
  status: LobbyStatus;
  owner_uid: string;
  host_uid: string | null;
  title: string;
  tag: string;
  description: string;
  languages: string[];
  lobby_photo: string | null;
  main_category_id: string;
  background_id: string;
  is_live: boolean;
  required_diamonds: number;
  seat_count: number;
  queue: string[];
  admins: string[];
  silenced: string[];
  muted: string[];
  blacklist: Record<string, { reason: string; by: string; at: string }>;
  pinned_message: string | null;
  member_count: number;
  seated: number;
  created_at: Date;
  ended_at: Date | null;
}

const lobbyColumns = `l.*, (select count(*)::int from rm.lobby_members m where m.lobby_id = l.lobby_id and m.left_at is null and m.seat is not null) as seated`;

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
  const { pool } = deps;
  const where = `l.status in ('waiting', 'started') and l.kind = any($1::text[]) and ($2::text is null or l.main_category_id = $2)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<LobbyRow>(
      `select ${lobbyColumns} from rm.lobbies l where ${where} order by l.is_live desc, l.member_count desc, l.created_at desc limit $3 offset $4`,
      [kinds, filterCategory, page.limit, (page.page - 1) * page.limit],
    ),
    pool.query<{ n: number }>(`select count(*)::int as n from rm.lobbies l where ${where}`, [kinds, filterCategory]),
  ]);
  const hosts = await lookupUsers(
    deps,
    rows.flatMap((r) => (r.host_uid ? [r.host_uid] : [])),
  );
  const items = await Promise.all(
    rows.map(async (r) => ({ ...(await summary(deps, r)), host: r.host_uid ? hosts.get(r.host_uid) : null })),
  );
  return { items, meta: pageMeta(page, count[0]?.n ?? 0, items.length) };
}

async function loadLobbyRow(pool: pg.Pool, lobbyId: string): Promise<LobbyRow> {
  if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  const { rows } = await pool.query<LobbyRow>(`select ${lobbyColumns} from rm.lobbies l where l.lobby_id = $1`, [lobbyId]);
  const row = rows[0];
  if (!row) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  return row;
}

/** The room columns the API shows (rm.rooms), named as in the DTOs. */
const roomColumns = `room_id as "roomId", lobby_id as "lobbyId", title, mins, room_banner_photo as "roomBannerPhoto", required_balance as "requiredBalance",
  status, member_count as "userCount", host_uid as "hostUid", started_at as "startedAt", ends_at as "endsAt", ended_at as "endedAt"`;
type RoomRow = Omit<RoomItem, 'startedAt' | 'endsAt' | 'endedAt'> & { startedAt: Date | null; endsAt: Date | null; endedAt: Date | null };
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

async function hasInvite(pool: pg.Pool, lobbyId: string, inviteId: string): Promise<boolean> {
  const { rows } = await pool.query('select 1 from rm.lobby_invites where lobby_id = $1 and invite_id = $2', [lobbyId, inviteId]);
  return rows.length > 0;
}

async function isInside(pool: pg.Pool, lobbyId: string, uid: string): Promise<boolean> {
  const { rows } = await pool.query('select 1 from rm.lobby_members where lobby_id = $1 and uid = $2 and left_at is null', [lobbyId, uid]);
  return rows.length > 0;
}

const listQuery = (req: express.Request) => {
  const q = parse(LobbyListQuery, req.query);
  return { category: q.category ?? q.cat, page: { page: q.page, limit: q.limit } };
};

export function lobbyQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = freshness(pool, ['lobbies']);
  const freshRooms = freshness(pool, ['lobbies', 'rooms']);
  // Member cards carry what each member wears (collections' appearance).
  const freshStage = freshness(pool, ['lobbies', 'rooms', 'collections']);
  const access = readAccess(pool);

  // Signed-in users see every live lobby; visitors the public ones (docs/decisions/lobbies.md).
  router.get('/lobbies', requireAuth(), fresh, async (req, res) => {
    const { category, page } = listQuery(req);
    send(res, LobbyList, await listLobbies(deps, ['public', 'private', 'streaming'], category, page));
  });
  router.get('/lobbies/public', fresh, async (req, res) => {
    const { category, page } = listQuery(req);
    send(res, LobbyList, await listLobbies(deps, ['public', 'streaming'], category, page));
  });
  const home = (publicOnly: boolean) => async (req: express.Request, res: express.Response) => {
    const { category, page } = listQuery(req);
    const kinds = publicOnly || !req.auth ? ['public', 'streaming'] : ['public', 'private', 'streaming'];
    send(res, HomeAnswer, {
      banners: demoBanners,
      categories: [...lobbyCategories],
      lobbies: await listLobbies(deps, kinds, category, page),
    });
  };
  router.get('/app/home', fresh, home(false));
  router.get('/app/home/public', fresh, home(true));

  router.get('/lobbies/props', (_req, res) => {
    send(res, LobbyProps, {
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
    });
  });

  // The settings screen (Edit Profile, Lobby Background, Blacklist, Administrator, Close Lobby): staff only.
  router.get('/lobbies/settings', requireAuth(), fresh, async (req, res) => {
    const me = currentUser(req);
    const { lobbyId } = parse(LobbySettingsQuery, req.query);
    const row = await loadLobbyRow(pool, lobbyId);
    if (!isStaff(row, me.uid)) throw new ApiError('FORBIDDEN', lobbyTexts.noPermission);
    const cards = await lookupUsers(deps, [...Object.keys(row.blacklist), ...row.admins]);
    send(res, LobbySettings, {
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
    });
  });

  router.get('/lobbies/leaderboard', freshness(pool, ['lobby-leaderboards']), async (req, res) => {
    const q = parse(LobbyLeaderboardQuery, req.query);
    const now = new Date();
    const period = q.kind === 'valentines' ? 'valentines' : q.frequency!;
    const periodId = period === 'valentines' ? String(now.getUTCFullYear()) : period === 'weekly' ? weekIdOf(now) : monthIdOf(now);
    const lobbyId = q.lobbyId ?? '';
    if (q.lobbyId) await access.lobby(req, q.lobbyId);
    const board = async (name: 'users' | 'hosts') => {
      const { rows } = await pool.query<{ uid: string; amount: string }>(
        `select uid, amount::text from rm.lobby_leaderboards where lobby_id = $1 and board = $2 and period = $3 and period_id = $4
         order by amount desc, uid limit 50`,
        [lobbyId, name, period, periodId],
      );
      return rows;
    };
    const [users, hosts] = await Promise.all([board('users'), board('hosts')]);
    const cards = await lookupUsers(
      deps,
      [...users, ...hosts].map((r) => r.uid),
    );
    const topUsers = users.map((r, i) => ({ rank: i + 1, ...cards.get(r.uid), diamonds: Number(r.amount) }));
    const topHosts = hosts.map((r, i) => ({ rank: i + 1, ...cards.get(r.uid), charm: Number(r.amount) }));
    send(res, LobbyLeaderboard, {
      lobbyId: q.lobbyId ?? null,
      frequency: q.frequency ?? null,
      kind: q.kind ?? null,
      periodId,
      topUsers,
      topHosts,
      podium: { topUsers: topUsers.slice(0, limits.podium), topHosts: topHosts.slice(0, limits.podium) },
    });
  });

  router.get('/lobbies/:id', freshStage, async (req, res) => {
    const row = await loadLobbyRow(pool, String(req.params.id));
    // Whoever holds a valid invite is about to join: they see the lobby (its fee) before they do.
    const invite = parse(LobbyDetailQuery, req.query).invite ?? null;
    if (!(req.auth && invite && (await hasInvite(pool, row.lobby_id, invite)))) await access.lobby(req, row.lobby_id);
    const { rows: members } = await pool.query<{
      uid: string;
      role: StageRole;
      seat: number | null;
      presence: LobbyMemberView['presence'];
      is_admin: boolean;
      anonymous: boolean;
      joined_at: Date;
    }>(
      `select uid, role, seat, presence, is_admin, anonymous, joined_at from rm.lobby_members where lobby_id = $1 and left_at is null order by seat nulls last, joined_at`,
      [row.lobby_id],
    );
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
    const { rows: openRooms } = await pool.query<RoomRow>(
      `select ${roomColumns} from rm.rooms where lobby_id = $1 and status in ('waiting', 'started') order by created_at desc`,
      [row.lobby_id],
    );
    const me = req.auth?.uid;
    send(res, LobbyDetail, {
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
    });
  });

  router.get('/lobbies/:id/invites', requireAuth(), fresh, async (req, res) => {
    const me = currentUser(req);
    const row = await loadLobbyRow(pool, String(req.params.id));
    // A private lobby's invite ids are its keys: its staff alone see them. A public lobby's are share links.
    const verdict = await access.lobby(req, row.lobby_id);
    if (row.kind === 'private' ? verdict !== 'ok' : !isStaff(row, me.uid) && !(await isInside(pool, row.lobby_id, me.uid))) {
      throw new ApiError('FORBIDDEN', lobbyTexts.noPermission);
    }
    const { rows } = await pool.query<{ invite_id: string; created_by: string; created_at: Date }>(
      'select invite_id, created_by, created_at from rm.lobby_invites where lobby_id = $1 order by created_at desc limit 100',
      [row.lobby_id],
    );
    send(res, LobbyInvites, {
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
    });
  });

  router.get('/lobbies/:id/rooms', freshRooms, async (req, res) => {
    const row = await loadLobbyRow(pool, String(req.params.id));
    await access.lobby(req, row.lobby_id);
    const page = parse(PageQuery, req.query);
    const { rows } = await pool.query<RoomRow>(
      `select ${roomColumns} from rm.rooms where lobby_id = $1 order by created_at desc limit $2 offset $3`,
      [row.lobby_id, page.limit, (page.page - 1) * page.limit],
    );
    const { rows: count } = await pool.query<{ n: number }>('select count(*)::int as n from rm.rooms where lobby_id = $1', [row.lobby_id]);
    send(res, RoomList, {
      items: await Promise.all(rows.map((r) => roomView(deps, roomItem(r)))),
      meta: pageMeta(page, count[0]?.n ?? 0, rows.length),
    });
  });

  router.get('/rooms/:id', freshStage, async (req, res) => {
    const roomId = String(req.params.id);
    if (!idPattern.test(roomId)) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
    const { rows } = await pool.query<RoomRow & { silenced: string[]; createdAt: Date; endReason: RoomDetail['endReason'] }>(
      `select ${roomColumns}, silenced, created_at as "createdAt", end_reason as "endReason" from rm.rooms where room_id = $1`,
      [roomId],
    );
    const row = rows[0];
    if (!row) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
    const room = { ...roomItem(row), silenced: row.silenced, createdAt: row.createdAt.toISOString(), endReason: row.endReason };
    const verdict = await access.policy.room(req.auth ?? null, roomId);
    if (!granted(verdict)) {
      // Someone who may see the room's lobby sees what the lobby lists of it, to decide to join; the
      // people in it and its silences stay with them.
      if (verdict !== 'forbidden') await access.room(req, roomId);
      await access.lobby(req, room.lobbyId);
      const { silenced: _silenced, ...preview } = await roomView(deps, room);
      send(res, RoomDetail, { ...preview, users: [] });
      return;
    }
    const { rows: members } = await pool.query<{ uid: string }>(
      'select uid from rm.room_members where room_id = $1 and left_at is null order by joined_at',
      [roomId],
    );
    const cards = await lookupUsers(
      deps,
      members.map((m) => m.uid),
    );
    send(res, RoomDetail, { ...(await roomView(deps, room)), users: members.map((m) => cards.get(m.uid)) });
  });

  // Chat history, newest first; `roomId` narrows it to a room's chat.
  router.get('/lobbies/:id/chat', freshness(pool, ['lobby-chat', 'collections']), async (req, res) => {
    const lobbyId = String(req.params.id);
    if (!idPattern.test(lobbyId)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
    const q = parse(LobbyChatQuery, req.query);
    if (q.roomId) {
      await access.room(req, q.roomId);
      const { rows: inLobby } = await pool.query('select 1 from rm.rooms where room_id = $1 and lobby_id = $2', [q.roomId, lobbyId]);
      if (inLobby.length === 0) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
    } else {
      await access.lobby(req, lobbyId);
    }
    const { rows } = await pool.query<{
      position: string;
      message_id: string;
      uid: string;
      room_id: string | null;
      message_type: LobbyChatItem['payload']['messageType'];
      title: string | null;
      body: string;
      posted_at: Date;
    }>(
      `select position::text, message_id, uid, room_id, message_type, title, body, posted_at from rm.lobby_chat
        where lobby_id = $1 and room_id is not distinct from $2 order by position desc limit $3 offset $4`,
      [lobbyId, q.roomId ?? null, q.limit, (q.page - 1) * q.limit],
    );
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
    send(res, LobbyChatHistory, { items });
  });
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
