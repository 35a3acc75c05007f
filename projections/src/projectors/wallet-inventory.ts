// What a user owns: bought items (`wallet/inventory/bought`, VIP end date) and the blockchain
// wallets they listed for payouts (`wallet/blockchain`). Items combined from fragments are owned too.
import { defineProjector, ident } from '../projector.ts';

export const walletInventory = defineProjector({
  name: 'wallet-inventory',
  tables: ['inventory', 'blockchain_wallets'],
  handles: [
    'SkuPurchased',
    'FragmentsCombined',
    'BlockchainWalletAdded',
    'BlockchainWalletRenamed',
    'BlockchainWalletUpdated',
    'BlockchainWalletRemoved',
    'AccountDeleted',
  ],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.inventory (
      purchase_id text primary key,
      uid text not null,
      sku_id text not null,
      sku_kind text not null,
      name text not null,
      quantity int not null,
      diamonds_total bigint not null,
      target text,
      position bigint not null,
      purchased_at timestamptz not null,
      expires_at timestamptz
    )`);
    await client.query(`create index if not exists inventory_uid on ${s}.inventory (uid, position desc)`);
    await client.query(`create table if not exists ${s}.blockchain_wallets (
      wallet_id text primary key,
      uid text not null,
      name text not null,
      address text not null,
      chain text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    await client.query(`create index if not exists blockchain_wallets_uid on ${s}.blockchain_wallets (uid)`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'AccountDeleted') {
        // Wallet addresses are personal data; purchases stay (they are money records).
        await client.query(`delete from ${s}.blockchain_wallets where uid = $1`, [e.data.uid]);
        continue;
      }
      if (e.type === 'SkuPurchased') {
        const d = e.data;
        await client.query(
          `insert into ${s}.inventory (purchase_id, uid, sku_id, sku_kind, name, quantity, diamonds_total, target, position, purchased_at, expires_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
          [
            d.purchaseId,
            d.uid,
            d.skuId,
            d.skuKind,
            d.name,
            d.quantity,
            d.diamondsTotal,
            d.target ?? null,
            e.globalPosition.toString(),
            d.purchasedAt,
            d.expiresAt,
          ],
        );
        continue;
      }
      if (e.type === 'FragmentsCombined') {
        const d = e.data;
        await client.query(
          `insert into ${s}.inventory (purchase_id, uid, sku_id, sku_kind, name, quantity, diamonds_total, target, position, purchased_at, expires_at)
           values ($1, $2, $3, $4, $5, 1, 0, null, $6, $7, $8) on conflict do nothing`,
          [d.combineId, d.uid, d.item.skuId, d.item.skuKind, d.item.name, e.globalPosition.toString(), d.combinedAt, d.expiresAt],
        );
        continue;
      }
      const d = e.data;
      if (e.type === 'BlockchainWalletAdded') {
        await client.query(
          `insert into ${s}.blockchain_wallets (wallet_id, uid, name, address, chain, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6) on conflict do nothing`,
          [d.walletId, d.uid, d.name, d.address, d.chain, d.at],
        );
      } else if (e.type === 'BlockchainWalletRemoved') {
        await client.query(`delete from ${s}.blockchain_wallets where wallet_id = $1`, [d.walletId]);
      } else {
        await client.query(`update ${s}.blockchain_wallets set name = $2, address = $3, chain = $4, updated_at = $5 where wallet_id = $1`, [
          d.walletId,
          d.name,
          d.address,
          d.chain,
          d.at,
        ]);
      }
    }
  },
});
