// Named reads of the users projector's tables (rm.users): other workspaces ask these, never SQL.
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
