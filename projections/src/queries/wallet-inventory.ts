// Named reads of the wallet-inventory projector's tables (rm.inventory, rm.blockchain_wallets): other
// workspaces ask these, never SQL.
import type { BlockchainWalletItem, InventoryItem } from '@murmur/contracts';
import type { Dated } from './dated.ts';
import type { Runner } from './runner.ts';

/** When the user's latest VIP purchase runs out (null: never bought). */
export async function vipUntil(runner: Runner, uid: string): Promise<Date | null> {
  const { rows } = await runner.query<{ until: Date | null }>(
    `select max(expires_at) as until from rm.inventory where uid = $1 and sku_kind = 'vip'`,
    [uid],
  );
  return rows[0]?.until ?? null;
}

/** A page of what a user bought, newest first. */
export async function inventoryPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: Dated<InventoryItem, 'purchasedAt' | 'expiresAt'>[]; total: number }> {
  const [items, count] = await Promise.all([
    runner.query<Dated<InventoryItem, 'purchasedAt' | 'expiresAt'>>(
      `select purchase_id as "purchaseId", sku_id as "skuId", sku_kind as "kind", name, quantity, diamonds_total::int as "diamondsTotal",
                target, purchased_at as "purchasedAt", expires_at as "expiresAt",
                case when expires_at is not null and expires_at < now() then 'expired' else 'active' end as status
           from rm.inventory where uid = $1 order by position desc limit $2 offset $3`,
      [p.uid, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.inventory where uid = $1', [p.uid]),
  ]);
  return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
}

/** A user's blockchain wallets, oldest first. */
export async function blockchainWallets(runner: Runner, uid: string): Promise<Dated<BlockchainWalletItem, 'createdAt' | 'updatedAt'>[]> {
  const { rows } = await runner.query<Dated<BlockchainWalletItem, 'createdAt' | 'updatedAt'>>(
    `select wallet_id as "walletId", name, address, chain, created_at as "createdAt", updated_at as "updatedAt"
         from rm.blockchain_wallets where uid = $1 order by created_at`,
    [uid],
  );
  return rows;
}
