// Usernames and pictures for uids shown in lists, from identity's rm.users; a uid that table does
// not know yet (or a database without it) shows as itself.
import type pg from 'pg';

export interface UserCard {
  uid: string;
  username: string;
  profilePicUrl: string | null;
}

export async function lookupUsers(pool: pg.Pool, uids: Iterable<string>): Promise<Map<string, UserCard>> {
  const wanted = [...new Set(uids)];
  const out = new Map<string, UserCard>(wanted.map((uid) => [uid, { uid, username: uid, profilePicUrl: null }]));
  if (wanted.length === 0) return out;
  const { rows } = await pool
    .query<{ uid: string; username: string; profile_pic_url: string | null }>('select uid, username, profile_pic_url from rm.users where uid = any($1::text[])', [wanted])
    .catch(() => ({ rows: [] as { uid: string; username: string; profile_pic_url: string | null }[] }));
  for (const r of rows) out.set(r.uid, { uid: r.uid, username: r.username, profilePicUrl: r.profile_pic_url });
  return out;
}
