// Named reads of the users projector's tables (rm.users): other workspaces ask these, never SQL.
import type { RoleCode } from '@murmur/contracts';
import { appearanceSql, type AppearanceColumns } from './collections.ts';
import type { Runner } from './runner.ts';

/** A user's name, or null when the account is not projected (yet). */
export async function usernameOf(runner: Runner, uid: string): Promise<string | null> {
  const { rows } = await runner.query<{ username: string }>('select username from rm.users where uid = $1', [uid]);
  return rows[0]?.username ?? null;
}

/** True when another account than `uid` is registered under this name (letter case ignored). */
export async function usernameRegisteredToOther(runner: Runner, username: string, uid: string): Promise<boolean> {
  const { rowCount } = await runner.query('select 1 from rm.users where lower(username) = lower($1) and uid <> $2 limit 1', [
    username,
    uid,
  ]);
  return (rowCount ?? 0) > 0;
}

/** What a list shows of a user: name, picture key and appearance (all null when not projected). */
export type UserCardRow = AppearanceColumns & {
  uid: string;
  username: string | null;
  profile_pic_url: string | null;
};

/** One row per uid asked for, known or not. */
export async function userCardRows(runner: Runner, uids: string[]): Promise<UserCardRow[]> {
  const { rows } = await runner.query<UserCardRow>(
    `select x.uid, u.username, u.profile_pic_url, w.frame_id, w.badge_ids, w.vip
         from unnest($1::text[]) x(uid) left join rm.users u on u.uid = x.uid left join lateral (${appearanceSql('x.uid')}) w on true`,
    [uids],
  );
  return rows;
}

/** True when the users read model shows role `h` (host) on the account. */
export async function hasHostRole(runner: Runner, uid: string): Promise<boolean> {
  const { rows } = await runner.query<{ host: boolean }>(`select 'h' = any(roles) as host from rm.users where uid = $1`, [uid]);
  return rows[0]?.host === true;
}

/** The signed-in user's own account as the users read model holds it. */
export interface OwnAccountRow {
  uid: string;
  username: string;
  profile_pic_url: string | null;
  roles: RoleCode[];
  has_finished_onboarding: boolean;
  show_nsfw: boolean;
  anonymous: boolean;
  referral_code: string;
  is_waitlist: boolean;
}

export async function ownAccount(runner: Runner, uid: string): Promise<OwnAccountRow | undefined> {
  const { rows } = await runner.query<OwnAccountRow>(
    'select uid, username, profile_pic_url, roles, has_finished_onboarding, show_nsfw, anonymous, referral_code, is_waitlist from rm.users where uid = $1',
    [uid],
  );
  return rows[0];
}

/** Whether a user shows mature content, and whether their birthday makes them at least `minimumAge`. */
export async function matureContentSetting(
  runner: Runner,
  uid: string,
  minimumAge: number,
): Promise<{ show_nsfw: boolean; adult: boolean } | undefined> {
  const { rows } = await runner.query<{ show_nsfw: boolean; adult: boolean }>(
    `select show_nsfw, coalesce(birthday <= (now() at time zone 'utc')::date - make_interval(years => $2), false) as adult from rm.users where uid = $1`,
    [uid, minimumAge],
  );
  return rows[0];
}

/** A user's Telegram daily claims so far, or undefined when none. */
export async function telegramClaims(runner: Runner, uid: string): Promise<{ claim_count: number; last_claim_at: Date } | undefined> {
  const { rows } = await runner.query<{ claim_count: number; last_claim_at: Date }>(
    'select claim_count, last_claim_at from rm.tg_claims where uid = $1',
    [uid],
  );
  return rows[0];
}

/** A user as the operators' console lists it; `banned` only while a ban lasts. */
export interface ConsoleUserRow {
  uid: string;
  username: string;
  profile_pic_url: string | null;
  roles: string[];
  banned: boolean;
  anonymous: boolean;
}

/** A page of users, newest account first: all, or those matching `q` by uid, by username prefix (any
 * case) or among `emailUids` (the accounts whose e-mail address is `q`). */
export async function consoleUserPage(
  runner: Runner,
  p: { q: string; emailUids: string[]; limit: number; offset: number },
): Promise<{ rows: ConsoleUserRow[]; total: number }> {
  const match = `(u.uid = $1 or lower(u.username) like lower($2) or u.uid = any($3::text[]))`;
  const clause = p.q ? `where ${match}` : '';
  const params = p.q ? [p.q, `${p.q.replace(/[%_\\]/g, '\\$&')}%`, p.emailUids] : [];
  const [{ rows }, { rows: total }] = await Promise.all([
    runner.query<ConsoleUserRow>(
      `select u.uid, u.username, u.profile_pic_url, u.roles, (u.banned and (u.banned_until is null or u.banned_until > now())) as banned, u.anonymous
         from rm.users u ${clause} order by u.created_at desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.users u ${clause}`, params),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** A user account as the operators' console shows it. */
export interface ConsoleUserDetailRow {
  uid: string;
  username: string;
  roles: string[];
  banned: boolean;
  anonymous: boolean;
  created_at: Date;
  is_waitlist: boolean;
}

/** A user account for the operators' console, or undefined when not projected. */
export async function consoleUser(runner: Runner, uid: string): Promise<ConsoleUserDetailRow | undefined> {
  const { rows } = await runner.query<ConsoleUserDetailRow>(
    `select uid, username, roles, (banned and (banned_until is null or banned_until > now())) as banned, anonymous, created_at, is_waitlist from rm.users where uid = $1`,
    [uid],
  );
  return rows[0];
}
