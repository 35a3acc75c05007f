// Named reads of the collections projector's tables (rm.collection_items, rm.appearance): other
// workspaces ask these, never SQL.
import { verifiedHostBadge } from '@murmur/contracts';
import type { Runner } from './runner.ts';

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

export interface CollectionItemRow {
  item_id: string;
  kind: string;
  name: string;
  quantity: number;
  expires_at: Date | null;
  acquired_at: Date;
  worn: boolean;
  expired: boolean;
}

/** A user's collection (`kind` 'all' or one kind): unexpired first, newest first. */
export async function collectionItems(runner: Runner, uid: string, kind: string): Promise<CollectionItemRow[]> {
  const { rows } = await runner.query<CollectionItemRow>(
    `select c.item_id, c.kind, c.name, c.quantity, c.expires_at, c.acquired_at,
              (c.expires_at is not null and c.expires_at <= now()) as expired,
              (c.item_id = w.frame_id or c.item_id = any(w.badge_ids)) as worn
         from rm.collection_items c left join lateral (${appearanceSql('c.uid')}) w on true
        where c.uid = $1 and ($2 = 'all' or c.kind = $2)
        order by expired, c.acquired_at desc`,
    [uid, kind],
  );
  return rows;
}

/** True while the user owns an unexpired VIP badge (owned exactly while VIP lasts). */
export async function holdsVipBadge(runner: Runner, uid: string): Promise<boolean> {
  const { rows } = await runner.query<{ vip: boolean }>(
    `select exists (select 1 from rm.collection_items where uid = $1 and item_id = 'vip-badge' and expires_at > now()) as vip`,
    [uid],
  );
  return rows[0]?.vip === true;
}
