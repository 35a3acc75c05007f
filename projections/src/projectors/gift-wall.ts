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
    // A batch's gifts are folded into one row change per (recipient, gift), written at once.
    const wall = new Map<string, { uid: string; giftId: string; giftName: string; quantity: number; diamonds: number }>();
    for (const e of events) {
      const d = e.data;
      for (const uid of d.recipients) {
        const key = `${uid}\u0000${d.giftId}`;
        const row = wall.get(key) ?? wall.set(key, { uid, giftId: d.giftId, giftName: d.giftName, quantity: 0, diamonds: 0 }).get(key)!;
        row.giftName = d.giftName;
        row.quantity += d.quantity;
        row.diamonds += d.unitPrice * d.quantity;
      }
    }
    if (wall.size === 0) return;
    const rows = [...wall.values()];
    await client.query(
      `insert into ${ident(schema)}.gift_wall as g (uid, gift_id, gift_name, quantity, diamonds)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[])
       on conflict (uid, gift_id) do update set quantity = g.quantity + excluded.quantity, diamonds = g.diamonds + excluded.diamonds, gift_name = excluded.gift_name`,
      [
        rows.map((r) => r.uid),
        rows.map((r) => r.giftId),
        rows.map((r) => r.giftName),
        rows.map((r) => r.quantity),
        rows.map((r) => r.diamonds),
      ],
    );
  },
});
