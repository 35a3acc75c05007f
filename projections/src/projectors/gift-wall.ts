// The gift wall: gifts each user has received (from GiftSent on senders' wallet streams), and the
// VIP and frame a user bought (SkuPurchased), shown on the profile view.
import { defineProjector, ident } from '../projector.ts';

export const giftWallProjector = defineProjector({
  name: 'gift-wall',
  tables: ['gift_wall', 'profile_extras'],
  handles: ['GiftSent', 'SkuPurchased'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.gift_wall (
      uid text not null,
      gift_id text not null,
      gift_name text not null,
      quantity bigint not null,
      diamonds bigint not null,
      primary key (uid, gift_id)
    )`);
    await client.query(`create table if not exists ${s}.profile_extras (
      uid text primary key,
      vip_until timestamptz,
      frame text
    )`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'GiftSent') {
        const d = e.data;
        const recipients = d.recipients;
        if (recipients.length === 0) continue;
        await client.query(
          `insert into ${s}.gift_wall as g (uid, gift_id, gift_name, quantity, diamonds)
           select r, $2, $3, $4, $5 from unnest($1::text[]) r
           on conflict (uid, gift_id) do update set quantity = g.quantity + excluded.quantity, diamonds = g.diamonds + excluded.diamonds, gift_name = excluded.gift_name`,
          [recipients, d.giftId, d.giftName, d.quantity, d.unitPrice * d.quantity],
        );
      } else if (e.type === 'SkuPurchased' && (e.data.skuKind === 'vip' || e.data.skuKind === 'frame')) {
        const d = e.data;
        // VIP lasts 12 months from purchase (docs/decisions/vip.md), extended by a further purchase.
        if (d.skuKind === 'vip') {
          await client.query(
            `insert into ${s}.profile_extras as p (uid, vip_until) values ($1, $2::timestamptz + interval '12 months')
             on conflict (uid) do update set vip_until = greatest(coalesce(p.vip_until, $2::timestamptz), $2::timestamptz) + interval '12 months'`,
            [d.uid, e.createdAt],
          );
        } else {
          await client.query(
            `insert into ${s}.profile_extras as p (uid, frame) values ($1, $2) on conflict (uid) do update set frame = excluded.frame`,
            [d.uid, d.name],
          );
        }
      }
    }
  },
});
