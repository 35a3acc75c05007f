// Named reads of the collections projector's tables (rm.collection_items, rm.appearance): other
// workspaces ask these, never SQL.
import { verifiedHostBadge } from '@murmur/contracts';

/** What `appearanceSql` selects for one user. */
export interface AppearanceColumns {
  frame_id: string | null;
  badge_ids: string[] | null;
  vip: boolean;
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
