// Named reads of the lobbies projector's tables (rm.lobbies, rm.lobby_members, rm.lobby_presence):
// other workspaces ask these, never SQL.
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
