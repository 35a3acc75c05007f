// Named reads of the progression projector's tables (rm.progression_*): other workspaces ask these,
// never SQL.
import type { Reward, RewardHistoryItemDto } from '@murmur/contracts';
import type { Runner } from './runner.ts';

export interface UnannouncedLevelRow {
  uid: string;
  level: number;
  /** Total EXP (a bigint, as text). */
  exp: string;
}

/** The user a quest-platform account is linked to, or null. */
export async function questAccountOwner(runner: Runner, platformUserId: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.progression_quest_accounts where platform_user_id = $1', [
    platformUserId,
  ]);
  return rows[0]?.uid ?? null;
}

/** Who issued a friend token (as stored: upper case), or null. */
export async function friendTokenIssuer(runner: Runner, token: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.progression_friend_tokens where token = $1', [token]);
  return rows[0]?.uid ?? null;
}

/** A user's projected level, or null before their first EXP. */
export async function levelOf(runner: Runner, uid: string): Promise<number | null> {
  const { rows } = await runner.query<{ level: number }>('select level from rm.progression_users where uid = $1', [uid]);
  return rows[0]?.level ?? null;
}

/** Users whose projected level passed the last one announced, by uid, at most `limit`. */
export async function unannouncedLevels(runner: Runner, limit: number): Promise<UnannouncedLevelRow[]> {
  const { rows } = await runner.query<UnannouncedLevelRow>(
    'select uid, level, exp::text from rm.progression_users where level > announced_level order by uid limit $1',
    [limit],
  );
  return rows;
}

/** Rows of a read, or none before the projection has created its tables (a fresh install's first
 * seconds): the screens then show a user with no progress instead of an error. */
async function rowsOrNone<T extends { [column: string]: any }>(runner: Runner, sql: string, params: unknown[]): Promise<T[]> {
  try {
    return (await runner.query<T>(sql, params)).rows;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}

/** A user's total EXP (0 before their first). */
export async function expOf(runner: Runner, uid: string): Promise<number> {
  const [row] = await rowsOrNone<{ exp: string }>(runner, 'select exp::text from rm.progression_users where uid = $1', [uid]);
  return Number(row?.exp ?? 0);
}

/** The ids of every reward a user has claimed (`mission:{id}:{period}`, `quest:{step}:{period}`...). */
export async function claimedRewardIds(runner: Runner, uid: string): Promise<Set<string>> {
  const rows = await rowsOrNone<{ claim_id: string }>(runner, 'select claim_id from rm.progression_claims where uid = $1', [uid]);
  return new Set(rows.map((r) => r.claim_id));
}

/** The EXP a user earned on a day (`YYYY-MM-DD`), by source (mic, chat, sign_in...). */
export async function dailyExpBySource(runner: Runner, uid: string, day: string): Promise<Array<{ source: string; exp: number }>> {
  return rowsOrNone(runner, 'select source, exp from rm.progression_exp_daily where uid = $1 and day = $2', [uid, day]);
}

export interface ExpLogRow {
  id: string;
  source: string;
  detail: string;
  exp: number;
  at: Date;
}

/** A page of what earned a user EXP, newest first. */
export async function expLogPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: ExpLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    rowsOrNone<ExpLogRow>(
      runner,
      'select id, source, detail, exp, at from rm.progression_exp_log where uid = $1 order by position desc, id limit $2 offset $3',
      [p.uid, p.limit, p.offset],
    ),
    rowsOrNone<{ n: number }>(runner, 'select count(*)::int as n from rm.progression_exp_log where uid = $1', [p.uid]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export interface ClaimRow {
  claim_id: string;
  source: RewardHistoryItemDto['source'];
  title: string;
  reward: Reward;
  claimed_at: Date;
}

/** A page of the rewards a user claimed, newest first. */
export async function claimPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    rowsOrNone<ClaimRow>(
      runner,
      'select claim_id, source, title, reward, claimed_at from rm.progression_claims where uid = $1 order by position desc, claim_id limit $2 offset $3',
      [p.uid, p.limit, p.offset],
    ),
    rowsOrNone<{ n: number }>(runner, 'select count(*)::int as n from rm.progression_claims where uid = $1', [p.uid]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The fragments a user holds, by kind. */
export async function fragmentCounts(runner: Runner, uid: string): Promise<Array<{ kind: string; count: number }>> {
  return rowsOrNone(runner, 'select kind, count from rm.progression_fragments where uid = $1', [uid]);
}

/** A lobby's progress; big numbers as text. */
export interface LobbyProgressRow {
  lobby_id: string;
  title: string;
  exp: string;
  live_minutes: string;
  gift_diamonds: string;
}

const lobbyProgressColumns = 'lobby_id, title, exp::text, live_minutes::text, gift_diamonds::text';

/** The progress of the given lobbies (those that have any). */
export async function lobbyProgressOf(runner: Runner, lobbyIds: string[]): Promise<LobbyProgressRow[]> {
  return rowsOrNone(runner, `select ${lobbyProgressColumns} from rm.lobby_progress where lobby_id = any($1::text[])`, [lobbyIds]);
}

/** The progress of a user's own lobbies, most EXP first, at most 20. */
export async function ownLobbyProgress(runner: Runner, ownerUid: string): Promise<LobbyProgressRow[]> {
  return rowsOrNone(
    runner,
    `select ${lobbyProgressColumns} from rm.lobby_progress where owner_uid = $1 order by lobby_progress.exp desc, lobby_id limit 20`,
    [ownerUid],
  );
}

/** The 10 lobbies with the most EXP. */
export async function topLobbyProgress(runner: Runner): Promise<LobbyProgressRow[]> {
  return rowsOrNone(
    runner,
    `select ${lobbyProgressColumns} from rm.lobby_progress order by lobby_progress.exp desc, lobby_id limit 10`,
    [],
  );
}

/** A user's EXP-for-friends token, or null before one is issued. */
export async function friendTokenOf(runner: Runner, uid: string): Promise<string | null> {
  const [row] = await rowsOrNone<{ token: string }>(runner, 'select token from rm.progression_friend_tokens where uid = $1', [uid]);
  return row?.token ?? null;
}

export interface InvitedFriendRow {
  uid: string;
  joined_at: Date;
  rewarded: boolean;
  /** Total EXP as text, null before their first. */
  exp: string | null;
}

/** The friends a user brought in with their token, newest first, at most 100. */
export async function invitedFriends(runner: Runner, inviterUid: string): Promise<InvitedFriendRow[]> {
  return rowsOrNone(
    runner,
    `select f.uid, f.joined_at, f.rewarded, u.exp::text as exp from rm.progression_friends f left join rm.progression_users u on u.uid = f.uid
          where f.inviter_uid = $1 order by f.joined_at desc limit 100`,
    [inviterUid],
  );
}

/** Whose token a user joined with, or null. */
export async function inviterOf(runner: Runner, uid: string): Promise<string | null> {
  const [row] = await rowsOrNone<{ inviter_uid: string }>(runner, 'select inviter_uid from rm.progression_friends where uid = $1', [uid]);
  return row?.inviter_uid ?? null;
}

export interface QuestAccountRow {
  platform_user_id: string;
  handle: string;
  linked_at: Date;
}

/** The quest-platform account linked to a user, or null. */
export async function questAccountOf(runner: Runner, uid: string): Promise<QuestAccountRow | null> {
  const [row] = await rowsOrNone<QuestAccountRow>(
    runner,
    'select platform_user_id, handle, linked_at from rm.progression_quest_accounts where uid = $1',
    [uid],
  );
  return row ?? null;
}

export interface QuestImportRow {
  source_id: string;
  title: string;
  reward: Reward;
  claimed_at: Date;
}

/** The latest 50 rewards imported from the quest platform for a user, newest first. */
export async function questImports(runner: Runner, uid: string): Promise<QuestImportRow[]> {
  return rowsOrNone(
    runner,
    `select source_id, title, reward, claimed_at from rm.progression_claims where uid = $1 and source = 'quest_platform' order by position desc limit 50`,
    [uid],
  );
}
