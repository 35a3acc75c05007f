// Usernames and pictures for uids shown in lists, from identity's users read model; a uid that table does
// not know yet (or a database without it) shows as itself. Pictures are stored as media keys and
// leave here as URLs a browser can load (`mediaUrl`), so no list ever shows a raw key.
import { noAppearance, type UserCard } from '@murmur/contracts';
import { userCardRows } from '@murmur/projections/queries/users';
import type { QueryDeps } from './dependencies.ts';
import { mediaUrl } from './media/public.ts';

export type { UserCard };

/** The cards of a lookup; any uid, even one not looked up, has a card (itself, no picture). */
export class UserCards extends Map<string, UserCard> {
  override get(uid: string): UserCard {
    return super.get(uid) ?? { uid, username: uid, profilePicUrl: null, appearance: noAppearance };
  }
}

export async function lookupUsers(deps: Pick<QueryDeps, 'pool' | 'objects'>, uids: Iterable<string>): Promise<UserCards> {
  const wanted = [...new Set(uids)];
  const out = new UserCards(wanted.map((uid) => [uid, { uid, username: uid, profilePicUrl: null, appearance: noAppearance }]));
  if (wanted.length === 0) return out;
  // A database whose read models are not created yet (42P01) shows uids; any other error is an error.
  const rows = await userCardRows(deps.pool, wanted).catch((error: { code?: string }) => {
    if (error.code === '42P01') return [];
    throw error;
  });
  for (const r of rows) {
    out.set(r.uid, {
      uid: r.uid,
      username: r.username ?? r.uid,
      profilePicUrl: await mediaUrl(deps, r.profile_pic_url),
      appearance: { frameId: r.frame_id, badgeIds: r.badge_ids ?? [], vip: r.vip === true },
    });
  }
  return out;
}
