// Named reads of the wallet-balances projector's tables (rm.charm_balances): other workspaces ask
// these, never SQL.
import type { CashoutItem } from '@murmur/contracts';
import type { Runner } from './runner.ts';

/** Charm credited to a user by gifts so far (0 when none). */
export async function charmCredited(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ credited: string }>('select credited::text from rm.charm_balances where uid = $1', [uid]);
  return Number(rows[0]?.credited ?? 0);
}

/** A user's diamonds (0 when none). */
export async function diamondBalance(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ balance: string }>('select balance::text from rm.diamond_balances where uid = $1', [uid]);
  return Number(rows[0]?.balance ?? 0);
}

/** A user's charm: held, credited by gifts and withdrawn so far (0 each when none). */
export async function charmAccount(runner: Runner, uid: string): Promise<{ balance: number; credited: number; withdrawn: number }> {
  const { rows } = await runner.query<{ balance: string; credited: string; withdrawn: string }>(
    'select balance::text, credited::text, withdrawn::text from rm.charm_balances where uid = $1',
    [uid],
  );
  return { balance: Number(rows[0]?.balance ?? 0), credited: Number(rows[0]?.credited ?? 0), withdrawn: Number(rows[0]?.withdrawn ?? 0) };
}

/** A page of the creators holding charm, most first: everyone's, or only those on the rosters of the
 * agencies `ownerUid` owns. */
export async function cashoutPage(
  runner: Runner,
  p: { everyone: boolean; ownerUid: string; usdPerCharm: number; limit: number; offset: number },
): Promise<{ rows: CashoutItem[]; total: number }> {
  const onRoster = (all: string, owner: string) =>
    `(${all}::boolean or c.uid in (select h.host_uid from rm.agency_hosts h join rm.agencies a on a.agency_id = h.agency_id where a.owner_uid = ${owner}))`;
  const [items, count] = await Promise.all([
    runner.query<CashoutItem>(
      `select c.uid, c.balance::int as charm, round(c.balance * $3::numeric, 2)::float8 as usd, c.credited::int as "charmCredited", c.withdrawn::int as "charmWithdrawn"
           from rm.charm_balances c where c.balance > 0 and ${onRoster('$4', '$5')} order by c.balance desc, c.uid limit $1 offset $2`,
      [p.limit, p.offset, p.usdPerCharm, p.everyone, p.ownerUid],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.charm_balances c where c.balance > 0 and ${onRoster('$1', '$2')}`, [
      p.everyone,
      p.ownerUid,
    ]),
  ]);
  return { rows: items.rows, total: count.rows[0]?.n ?? 0 };
}
