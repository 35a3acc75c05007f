// Collections and appearance: the frames, badges and gifts to keep each user owns (until when), the
// VIP frame and badge while VIP lasts, the Verified Host badge while the user holds role `h`, and what each user wears (`AppearanceChanged`), which every
// user card carries.
import { collectible, isKeptItemKind, verifiedHostBadge, vipItems } from '@murmur/contracts';
import { defineProjector, ident } from '../projector.ts';

export const collectionsProjector = defineProjector({
  name: 'collections',
  tables: ['collection_items', 'appearance'],
  handles: ['SkuPurchased', 'AppearanceChanged', 'HostApplicationApproved', 'RoleGranted', 'RoleRevoked'] as const,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.collection_items (
      uid text not null,
      item_id text not null,
      kind text not null,
      name text not null,
      quantity int not null,
      expires_at timestamptz,
      acquired_at timestamptz not null,
      position bigint not null,
      primary key (uid, item_id)
    )`);
    await client.query(`create table if not exists ${s}.appearance (
      uid text primary key,
      frame_id text,
      badge_ids text[] not null,
      position bigint not null
    )`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      const position = e.globalPosition.toString();
      if (e.type === 'SkuPurchased') {
        const d = e.data;
        // The VIP frame and badge are owned exactly as long as VIP (its renewal moves both).
        const rows =
          d.skuKind === 'vip'
            ? vipItems.map((v) => ({ id: v.id, kind: v.kind, name: v.name, quantity: 1 }))
            : isKeptItemKind(d.skuKind)
              ? [{ id: d.skuId, kind: d.skuKind, name: collectible(d.skuId)?.name ?? d.name, quantity: d.quantity }]
              : [];
        for (const r of rows) {
          // The decider computed the new end from the current one, so the event's end is the item's end.
          await client.query(
            `insert into ${s}.collection_items as c (uid, item_id, kind, name, quantity, expires_at, acquired_at, position)
             values ($1, $2, $3, $4, $5, $6, $7, $8)
             on conflict (uid, item_id) do update set quantity = case when c.kind = 'gift' then c.quantity + excluded.quantity else 1 end, expires_at = excluded.expires_at, position = excluded.position
               where c.position < excluded.position`,
            [d.uid, r.id, r.kind, r.name, r.quantity, d.expiresAt, d.purchasedAt, position],
          );
        }
      } else if (e.type === 'HostApplicationApproved' || (e.type === 'RoleGranted' && e.data.role === 'h')) {
        // docs/decisions/host-applications.md: approval (which grants role h) gives the Verified Host badge; it lasts as
        // long as the role (shown beside the name, see appearanceSql); an admin's later grant of h
        // gives it back.
        const d = e.data;
        const at = e.type === 'HostApplicationApproved' ? e.data.decidedAt : e.data.at;
        await client.query(
          `insert into ${s}.collection_items (uid, item_id, kind, name, quantity, expires_at, acquired_at, position)
           values ($1, $2, $3, $4, 1, null, $5, $6) on conflict (uid, item_id) do nothing`,
          [d.uid, verifiedHostBadge.id, verifiedHostBadge.kind, verifiedHostBadge.name, at, position],
        );
      } else if (e.type === 'RoleRevoked') {
        // Revoking the host role takes the Verified Host badge with it, at once, for everyone who sees it.
        if (e.data.role === 'h')
          await client.query(`delete from ${s}.collection_items where uid = $1 and item_id = $2`, [e.data.uid, verifiedHostBadge.id]);
      } else if (e.type === 'AppearanceChanged') {
        const d = e.data;
        await client.query(
          `insert into ${s}.appearance as a (uid, frame_id, badge_ids, position) values ($1, $2, $3, $4)
           on conflict (uid) do update set frame_id = excluded.frame_id, badge_ids = excluded.badge_ids, position = excluded.position where a.position < excluded.position`,
          [d.uid, d.frameId, d.badgeIds, position],
        );
      }
    }
  },
});
