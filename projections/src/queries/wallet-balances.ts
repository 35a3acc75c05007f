// Named reads of the wallet-balances projector's tables (rm.charm_balances): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

/** Charm credited to a user by gifts so far (0 when none). */
export async function charmCredited(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ credited: string }>('select credited::text from rm.charm_balances where uid = $1', [uid]);
  return Number(rows[0]?.credited ?? 0);
}
