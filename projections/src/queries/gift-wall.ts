// Named reads of the gift-wall projector's table (rm.gift_wall): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

export interface GiftWallRow {
  gift_id: string;
  gift_name: string;
  quantity: number;
  diamonds: number;
}

/** The 50 gifts a user received for the most diamonds. */
export async function giftWallTop(runner: Runner, uid: string): Promise<GiftWallRow[]> {
  const { rows } = await runner.query<GiftWallRow>(
    `select gift_id, gift_name, quantity::int, diamonds::int from rm.gift_wall where uid = $1 order by gift_wall.diamonds desc, gift_id limit 50`,
    [uid],
  );
  return rows;
}
