// Usernames and pictures for uids shown in lists, from identity's rm.users; a uid that table does
// not know yet (or a database without it) shows as itself. Pictures are stored as media keys and
// leave here as URLs a browser can load (`mediaUrl`), so no list ever shows a raw key.
import { noAppearance, verifiedHostBadge, type UserCard } from '@murmur/contracts';
import type { QueryDeps } from './dependencies.ts';
import { mediaUrl } from './media/routes.ts';

export type { UserCard };

/** The cards of a lookup; any uid, even one not looked up, has a card (itself, no picture). */
export class UserCards extends Map<string, UserCard> {
  override get(uid: string): UserCard {
    return super.get(uid) ?? { uid, username: uid, profilePicUrl: null, appearance: noAppearance };
  }
}

type Row = {
  uid: string;
  username: string | null;
  profile_pic_url: string | null;
  frame_id: string | null;
  badge_ids: string[] | null;
  vip: boolean;
};

export async function lookupUsers(deps: Pick<QueryDeps, 'pool' | 'objects'>, uids: Iterable<string>): Promise<UserCards> {
  const wanted = [...new Set(uids)];
  const out = new UserCards(wanted.map((uid) => [uid, { uid, username: uid, profilePicUrl: null, appearance: noAppearance }]));
  if (wanted.length === 0) return out;
  const { rows } = await deps.pool
    .query<Row>(
      `select x.uid, u.username, u.profile_pic_url, w.frame_id, w.badge_ids, w.vip
         from unnest($1::text[]) x(uid) left join rm.users u on u.uid = x.uid left join lateral (${appearanceSql('x.uid')}) w on true`,
      [wanted],
    )
    // A database whose read models are not created yet (42P01) shows uids; any other error is an error.
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] as Row[] };
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

/** One user's appearance as a lateral subquery (`frame_id`, `badge_ids`, `vip`): what they wear
 * (an approved host's Verified Host badge first, always shown),
 * without anything that has expired since. */
export function appearanceSql(uidColumn: string): string {
  const live = (item: string) =>
    `exists (select 1 from rm.collection_items c where c.uid = ${uidColumn} and c.item_id = ${item} and (c.expires_at is null or c.expires_at > now()))`;
  return `select (select a.frame_id from rm.appearance a where a.uid = ${uidColumn} and a.frame_id is not null and ${live('a.frame_id')}) as frame_id,
                 array_cat(case when ${live(`'${verifiedHostBadge.id}'`)} then array['${verifiedHostBadge.id}'] else '{}'::text[] end,
                           array(select b from rm.appearance a, unnest(a.badge_ids) with ordinality as worn(b, n) where a.uid = ${uidColumn} and ${live('b')} order by n)) as badge_ids,
                 ${live("'vip-badge'")} as vip`;
}
