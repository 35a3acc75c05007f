// Named reads of the guild projector's tables (rm.guild_receipts): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

/** One host's gift receipts in an agency over a period, summed. */
export interface HostReceiptTotalsRow {
  host_uid: string;
  receipts: number;
  charm: number;
  guild: number;
  host: number;
  diamonds: number;
}

/** Per host, an agency's receipts sent in [start, end), by host uid. */
export async function hostReceiptTotals(runner: Runner, agencyId: string, start: Date, end: Date): Promise<HostReceiptTotalsRow[]> {
  const { rows } = await runner.query<HostReceiptTotalsRow>(
    `select host_uid, count(*)::int as receipts, sum(charm_value)::float8 as charm, sum(guild_charm)::float8 as guild,
            sum(host_charm)::float8 as host, sum(diamond_value)::float8 as diamonds
       from rm.guild_receipts where agency_id = $1 and sent_at >= $2 and sent_at < $3
      group by host_uid order by host_uid`,
    [agencyId, start, end],
  );
  return rows;
}
