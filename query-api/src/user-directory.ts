// Usernames and pictures for uids shown in lists, from identity's rm.users; a uid that table does
// not know yet (or a database without it) shows as itself. Pictures are stored as media keys and
// leave here as URLs a browser can load (`mediaUrl`), so no list ever shows a raw key.
import type { UserCard } from '@murmur/contracts';
import type { QueryDeps } from './dependencies.ts';
import { mediaUrl } from './media/routes.ts';

export type { UserCard };

/** The cards of a lookup; any uid, even one not looked up, has a card (itself, no picture). */
export class UserCards extends Map<string, UserCard> {
  override get(uid: string): UserCard {
    return super.get(uid) ?? { uid, username: uid, profilePicUrl: null };
  }
}

export async function lookupUsers(deps: Pick<QueryDeps, 'pool' | 'jwtSecret'>, uids: Iterable<string>): Promise<UserCards> {
  const wanted = [...new Set(uids)];
  const out = new UserCards(wanted.map((uid) => [uid, { uid, username: uid, profilePicUrl: null }]));
  if (wanted.length === 0) return out;
  const { rows } = await deps.pool
    .query<{ uid: string; username: string; profile_pic_url: string | null }>('select uid, username, profile_pic_url from rm.users where uid = any($1::text[])', [wanted])
    .catch(() => ({ rows: [] as { uid: string; username: string; profile_pic_url: string | null }[] }));
  for (const r of rows) out.set(r.uid, { uid: r.uid, username: r.username, profilePicUrl: await mediaUrl(deps, r.profile_pic_url) });
  return out;
}
