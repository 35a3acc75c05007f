// Named reads of the guild projector's tables (rm.agencies, rm.agency_hosts, rm.guild_receipts, rm.guild_settlements,
// rm.guild_charm_payments, rm.agency_invitations): other workspaces ask these, never SQL.
import type { CharmPaymentDto, SettlementDto } from '@murmur/contracts';
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

/** An agency as stored. */
export interface AgencyRow {
  agency_id: string;
  name: string;
  owner_uid: string;
  guild_share_pct: number;
  host_share_pct: number;
  verified_at: Date | null;
  verified_by: string | null;
}

/** An agency, or undefined when there is none with that id. */
export async function agencyById(runner: Runner, agencyId: string): Promise<AgencyRow | undefined> {
  const { rows } = await runner.query<AgencyRow>(
    'select agency_id, name, owner_uid, guild_share_pct, host_share_pct, verified_at, verified_by from rm.agencies where agency_id = $1',
    [agencyId],
  );
  return rows[0];
}

/** The end of an agency's last settled period, or null before its first settlement. */
export async function lastSettledUntil(runner: Runner, agencyId: string): Promise<Date | null> {
  const { rows } = await runner.query<{ until: Date | null }>(
    'select max(period_end) as until from rm.guild_settlements where agency_id = $1',
    [agencyId],
  );
  return rows[0]?.until ?? null;
}

/** A host on an agency's roster with the charm of their receipts since a time. */
export interface RosterRow {
  host_uid: string;
  joined_at: Date;
  charm: number;
  host_charm: number;
}

/** An agency's roster in order of joining, each host with the charm (all, and the host's share) of the
 * receipts sent at or after `since`. */
export async function rosterWithCharmSince(runner: Runner, agencyId: string, since: Date): Promise<RosterRow[]> {
  const { rows } = await runner.query<RosterRow>(
    `select h.host_uid, h.joined_at,
            coalesce((select sum(r.charm_value) from rm.guild_receipts r where r.agency_id = h.agency_id and r.host_uid = h.host_uid and r.sent_at >= $2), 0)::float8 as charm,
            coalesce((select sum(r.host_charm) from rm.guild_receipts r where r.agency_id = h.agency_id and r.host_uid = h.host_uid and r.sent_at >= $2), 0)::float8 as host_charm
       from rm.agency_hosts h where h.agency_id = $1 order by h.joined_at, h.host_uid`,
    [agencyId, since],
  );
  return rows;
}

/** A settled period as stored; amounts in charm. */
export interface SettlementRow {
  settlement_id: string;
  period_start: Date;
  period_end: Date;
  receipt_count: number;
  charm_total: number;
  guild_charm: number;
  host_charm: number;
  paid_charm: number;
  hosts: SettlementDto['hosts'];
  settled_at: Date;
}

/** A page of an agency's settled periods, newest first. */
export async function settlementPage(
  runner: Runner,
  p: { agencyId: string; limit: number; offset: number },
): Promise<{ rows: SettlementRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<SettlementRow>(
      `select settlement_id, period_start, period_end, receipt_count, charm_total::float8 as charm_total, guild_charm::float8 as guild_charm,
              host_charm::float8 as host_charm, paid_charm::float8 as paid_charm, hosts, settled_at
         from rm.guild_settlements where agency_id = $1 order by period_start desc limit $2 offset $3`,
      [p.agencyId, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.guild_settlements where agency_id = $1', [p.agencyId]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** An agency as its owner's list shows it. */
export interface OwnAgencyRow {
  agencyId: string;
  name: string;
  guildSharePct: number;
  hostSharePct: number;
  hostCount: number;
}

/** The agencies a user owns, oldest first, with their host counts. */
export async function agenciesOwnedBy(runner: Runner, ownerUid: string): Promise<OwnAgencyRow[]> {
  const { rows } = await runner.query<OwnAgencyRow>(
    `select a.agency_id as "agencyId", a.name, a.guild_share_pct as "guildSharePct", a.host_share_pct as "hostSharePct",
              (select count(*)::int from rm.agency_hosts h where h.agency_id = a.agency_id) as "hostCount"
         from rm.agencies a where a.owner_uid = $1 order by a.created_at`,
    [ownerUid],
  );
  return rows;
}

/** A gift receipt as stored; amounts in diamonds and charm. */
export interface GiftReceiptRow {
  pos: string;
  host_uid: string;
  sender_uid: string;
  gift_id: string;
  gift_name: string;
  quantity: number;
  diamonds: number;
  charm: number;
  guild_share_pct: number;
  host_share_pct: number;
  guild_charm: number;
  host_charm: number;
  sent_at: Date;
}

/** A page of an agency's gift receipts, newest first: of one host or all, sent in [from, to) where given. */
export async function giftReceiptPage(
  runner: Runner,
  p: { agencyId: string; hostUid: string | null; from: string | null; to: string | null; limit: number; offset: number },
): Promise<{ rows: GiftReceiptRow[]; total: number }> {
  const where = `agency_id = $1 and ($2::text is null or host_uid = $2) and ($3::timestamptz is null or sent_at >= $3) and ($4::timestamptz is null or sent_at < $4)`;
  const params = [p.agencyId, p.hostUid, p.from, p.to];
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<GiftReceiptRow>(
      `select source_position::text as pos, host_uid, sender_uid, gift_id, gift_name, quantity, diamond_value::float8 as diamonds,
                charm_value::float8 as charm, guild_share_pct, host_share_pct, guild_charm::float8 as guild_charm, host_charm::float8 as host_charm, sent_at
           from rm.guild_receipts where ${where} order by sent_at desc, source_position desc limit $5 offset $6`,
      [...params, p.limit, p.offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.guild_receipts where ${where}`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** An agency's receipts sent in [start, end), summed. */
export interface PeriodTotalsRow {
  receiptCount: number;
  charmTotal: number;
  guildCharm: number;
  amountToSettle: number;
}

/** The totals of an agency's receipts sent in [start, end). */
export async function periodTotals(runner: Runner, agencyId: string, start: string, end: string): Promise<PeriodTotalsRow | undefined> {
  const { rows } = await runner.query<PeriodTotalsRow>(
    `select count(*)::int as "receiptCount", coalesce(sum(charm_value), 0)::float8 as "charmTotal",
              coalesce(sum(guild_charm), 0)::float8 as "guildCharm", coalesce(sum(host_charm), 0)::float8 as "amountToSettle"
         from rm.guild_receipts where agency_id = $1 and sent_at >= $2 and sent_at < $3`,
    [agencyId, start, end],
  );
  return rows[0];
}

/** A charm payment from an agency to a host, as stored. */
export interface CharmPaymentRow {
  payment_id: string;
  host_uid: string;
  amount: number;
  proof_url: string;
  settlement_id: string | null;
  status: CharmPaymentDto['status'];
  submitted_at: Date;
  confirmed_at: Date | null;
}

/** A page of an agency's charm payments, newest first. */
export async function charmPaymentPage(
  runner: Runner,
  p: { agencyId: string; limit: number; offset: number },
): Promise<{ rows: CharmPaymentRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<CharmPaymentRow>(
      `select payment_id, host_uid, amount_charm::float8 as amount, proof_url, settlement_id, status, submitted_at, confirmed_at
           from rm.guild_charm_payments where agency_id = $1 order by submitted_at desc, payment_id limit $2 offset $3`,
      [p.agencyId, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.guild_charm_payments where agency_id = $1', [p.agencyId]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The hosts an agency invited who have not answered yet, newest first, at most 200. */
export async function invitationsSentBy(runner: Runner, agencyId: string): Promise<Array<{ host_uid: string; invited_at: Date }>> {
  const { rows } = await runner.query<{ host_uid: string; invited_at: Date }>(
    'select host_uid, invited_at from rm.agency_invitations where agency_id = $1 order by invited_at desc, host_uid limit 200',
    [agencyId],
  );
  return rows;
}

/** The agency a host is on the roster of, or undefined. */
export async function membershipOf(
  runner: Runner,
  hostUid: string,
): Promise<{ agency_id: string; name: string; joined_at: Date } | undefined> {
  const { rows } = await runner.query<{ agency_id: string; name: string; joined_at: Date }>(
    'select h.agency_id, a.name, h.joined_at from rm.agency_hosts h join rm.agencies a on a.agency_id = h.agency_id where h.host_uid = $1',
    [hostUid],
  );
  return rows[0];
}

/** An invitation waiting for a host's answer. */
export interface InvitationToHostRow {
  agency_id: string;
  agency_name: string;
  invited_by: string;
  invited_at: Date;
}

/** The invitations waiting for a host's answer, newest first, at most 200. */
export async function invitationsTo(runner: Runner, hostUid: string): Promise<InvitationToHostRow[]> {
  const { rows } = await runner.query<InvitationToHostRow>(
    'select agency_id, agency_name, invited_by, invited_at from rm.agency_invitations where host_uid = $1 order by invited_at desc, agency_id limit 200',
    [hostUid],
  );
  return rows;
}

/** An agency as the operators' console lists it. */
export type ConsoleAgencyRow = AgencyRow & { host_count: number; created_at: Date };

/** A page of every agency: unverified first, then newest. */
export async function consoleAgencyPage(
  runner: Runner,
  p: { limit: number; offset: number },
): Promise<{ rows: ConsoleAgencyRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<ConsoleAgencyRow>(
      `select a.agency_id, a.name, a.owner_uid, a.guild_share_pct, a.host_share_pct, a.verified_at, a.verified_by, a.created_at,
                (select count(*)::int from rm.agency_hosts h where h.agency_id = a.agency_id) as host_count
           from rm.agencies a order by (a.verified_at is not null), a.created_at desc, a.agency_id limit $1 offset $2`,
      [p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.agencies'),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
