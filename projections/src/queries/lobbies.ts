// Named reads of the lobbies projector's tables (rm.lobbies, rm.lobby_members, rm.lobby_invites,
// rm.lobby_presence): other workspaces ask these, never SQL.
import type { LobbyKind, LobbyMemberView, LobbyStatus, StageRole } from '@murmur/contracts';
import type { Runner } from './runner.ts';

export interface LobbyOwnerRow {
  owner_uid: string;
  title: string;
}

/** A member of a lobby, as one row. */
export interface LobbyMembershipRow {
  lobby_id: string;
  uid: string;
}

/** A lobby's owner and title, or null when there is no such lobby. */
export async function lobbyOwnerAndTitle(runner: Runner, lobbyId: string): Promise<LobbyOwnerRow | null> {
  const { rows } = await runner.query<LobbyOwnerRow>('select owner_uid, title from rm.lobbies where lobby_id = $1', [lobbyId]);
  return rows[0] ?? null;
}

/** The lobbies a user has joined and not left, newest join first, at most 20. */
export async function lobbiesJoinedBy(runner: Runner, uid: string): Promise<string[]> {
  const { rows } = await runner.query<{ lobby_id: string }>(
    'select lobby_id from rm.lobby_members where uid = $1 and left_at is null order by joined_at desc limit 20',
    [uid],
  );
  return rows.map((r) => r.lobby_id);
}

/** How many people are in a lobby now (joined, not left). */
export async function presentMemberCount(runner: Runner, lobbyId: string): Promise<number> {
  const { rows } = await runner.query<{ n: string }>('select count(*) as n from rm.lobby_members where lobby_id = $1 and left_at is null', [
    lobbyId,
  ]);
  return Number(rows[0]?.n);
}

const openLobbyMembers = `select m.lobby_id, m.uid from rm.lobby_members m
  join rm.lobbies l on l.lobby_id = m.lobby_id and l.status in ('waiting', 'started')
  where m.left_at is null`;

/** Where a user is a member of a lobby that is still open (waiting or started). */
export async function openLobbyMembershipsOf(runner: Runner, uid: string): Promise<LobbyMembershipRow[]> {
  const { rows } = await runner.query<LobbyMembershipRow>(`${openLobbyMembers} and m.uid = $1`, [uid]);
  return rows;
}

/** Members of open lobbies whose account is banned now, at most 500. */
export async function bannedMembersOfOpenLobbies(runner: Runner): Promise<LobbyMembershipRow[]> {
  const { rows } = await runner.query<LobbyMembershipRow>(
    `${openLobbyMembers} and exists (select 1 from rm.users u where u.uid = m.uid and u.banned and (u.banned_until is null or u.banned_until > now())) limit 500`,
  );
  return rows;
}

export interface PresenceLimits {
  /** A presence change this recent keeps a member (a reload, a short network loss). */
  graceMs: number;
  /** A gateway not seen for this long no longer vouches for the people online on it. */
  deadAfterMs: number;
  /** The allowance, counted from the join, for a member no gateway has seen since joining. */
  firstConnectMs: number;
}

/** Members of open lobbies no gateway has seen within the limits, at most 500. Reads the
 * gateways' heartbeat table (realtime_gateways) beside the presence rows. */
export async function membersPastPresenceLimits(runner: Runner, limits: PresenceLimits): Promise<LobbyMembershipRow[]> {
  const { rows } = await runner.query<LobbyMembershipRow>(
    `select m.lobby_id, m.uid
       from rm.lobby_members m
       join rm.lobbies l on l.lobby_id = m.lobby_id and l.status in ('waiting', 'started')
      where m.left_at is null
        and m.joined_at < now() - make_interval(secs => (case when exists (
              select 1 from rm.lobby_presence s where s.lobby_id = m.lobby_id and s.uid = m.uid and s.changed_at >= m.joined_at)
              then $1 else $3 end)::float8 / 1000)
        and not exists (
          select 1 from rm.lobby_presence p
            left join realtime_gateways g on g.gateway_id = p.gateway_id
           where p.lobby_id = m.lobby_id and p.uid = m.uid
             and (p.changed_at >= now() - make_interval(secs => $1::float8 / 1000)
                  or (p.online and g.seen_at >= now() - make_interval(secs => $2::float8 / 1000))))
      limit 500`,
    [limits.graceMs, limits.deadAfterMs, limits.firstConnectMs],
  );
  return rows;
}

/** A live lobby as the operators' console lists it, with its open reports. */
export interface LiveLobbyRow {
  lobby_id: string;
  title: string;
  kind: string;
  status: string;
  owner_uid: string;
  open_reports: number;
}

/** A page of the live (waiting or started) lobbies, most open reports first, then newest. */
export async function liveLobbyPage(
  runner: Runner,
  p: { limit: number; offset: number },
): Promise<{ rows: LiveLobbyRow[]; total: number }> {
  const live = `status in ('waiting', 'started')`;
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<LiveLobbyRow>(
      `select l.lobby_id, l.title, l.kind, l.status, l.owner_uid,
                (select count(*)::int from rm.reports r where r.lobby_id = l.lobby_id and r.action is null) as open_reports
           from rm.lobbies l where ${live} order by open_reports desc, l.created_at desc limit $1 offset $2`,
      [p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.lobbies where ${live}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A member of a lobby now, with role and presence. */
export interface PresentMemberRow {
  lobby_id: string;
  uid: string;
  role: string;
  presence: string;
}

/** The members (joined, not left) of the given lobbies, in order of joining. */
export async function presentMembersOf(runner: Runner, lobbyIds: string[]): Promise<PresentMemberRow[]> {
  const { rows } = await runner.query<PresentMemberRow>(
    `select lobby_id, uid, role, presence from rm.lobby_members where lobby_id = any($1::text[]) and left_at is null order by joined_at`,
    [lobbyIds],
  );
  return rows;
}

/** A lobby as stored, with how many of its seats are taken. */
export interface LobbyRow {
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

/** A lobby, or undefined when there is none with that id. */
export async function lobbyById(runner: Runner, lobbyId: string): Promise<LobbyRow | undefined> {
  const { rows } = await runner.query<LobbyRow>(`select ${lobbyColumns} from rm.lobbies l where l.lobby_id = $1`, [lobbyId]);
  return rows[0];
}

/** A page of the live (waiting or started) lobbies of the given kinds, in one category or all: live
 * ones first, then the fullest, then the newest. */
export async function liveLobbyListPage(
  runner: Runner,
  p: { kinds: string[]; category: string | null; limit: number; offset: number },
): Promise<{ rows: LobbyRow[]; total: number }> {
  const where = `l.status in ('waiting', 'started') and l.kind = any($1::text[]) and ($2::text is null or l.main_category_id = $2)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<LobbyRow>(
      `select ${lobbyColumns} from rm.lobbies l where ${where} order by l.is_live desc, l.member_count desc, l.created_at desc limit $3 offset $4`,
      [p.kinds, p.category, p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.lobbies l where ${where}`, [p.kinds, p.category]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** True when the lobby has an invite with that id. */
export async function lobbyHasInvite(runner: Runner, lobbyId: string, inviteId: string): Promise<boolean> {
  const { rows } = await runner.query('select 1 from rm.lobby_invites where lobby_id = $1 and invite_id = $2', [lobbyId, inviteId]);
  return rows.length > 0;
}

/** True when `uid` is in the lobby now (joined, not left). */
export async function isInLobby(runner: Runner, lobbyId: string, uid: string): Promise<boolean> {
  const { rows } = await runner.query('select 1 from rm.lobby_members where lobby_id = $1 and uid = $2 and left_at is null', [
    lobbyId,
    uid,
  ]);
  return rows.length > 0;
}

/** A member of a lobby on its stage or in its audience. */
export interface StageMemberRow {
  uid: string;
  role: StageRole;
  seat: number | null;
  presence: LobbyMemberView['presence'];
  is_admin: boolean;
  anonymous: boolean;
  joined_at: Date;
}

/** The lobby's members now (joined, not left): seated ones by seat, then the rest in order of joining. */
export async function stageMembersOf(runner: Runner, lobbyId: string): Promise<StageMemberRow[]> {
  const { rows } = await runner.query<StageMemberRow>(
    `select uid, role, seat, presence, is_admin, anonymous, joined_at from rm.lobby_members where lobby_id = $1 and left_at is null order by seat nulls last, joined_at`,
    [lobbyId],
  );
  return rows;
}

/** An invite to a lobby. */
export interface LobbyInviteRow {
  invite_id: string;
  created_by: string;
  created_at: Date;
}

/** The lobby's latest 100 invites, newest first. */
export async function lobbyInvites(runner: Runner, lobbyId: string): Promise<LobbyInviteRow[]> {
  const { rows } = await runner.query<LobbyInviteRow>(
    'select invite_id, created_by, created_at from rm.lobby_invites where lobby_id = $1 order by created_at desc limit 100',
    [lobbyId],
  );
  return rows;
}
