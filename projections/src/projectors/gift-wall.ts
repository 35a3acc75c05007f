// The gift wall: gifts each user has received (from GiftSent on senders' wallet streams), shown on
// the profile view.
import { defineProjector, ident } from '../projector.ts';

export const giftWallProjector = defineProjector({
  name: 'gift-wall',
  tables: ['gift_wall'],
  handles: ['GiftSent'],
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
    // VIP and frames bought are kept by the collections projection; profile_extras, which nothing
    // read, is dropped from databases that still have it.
    await client.query(`drop table if exists ${s}.profile_extras`);
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
      }
    }
  },
});
