// Guild queries for the agency role (docs/decisions/guild.md): the agency with its roster,
// gift receipts, a preview of the amount to settle for a period, settlements and charm payments;
// the invitations an agency sent that wait for an answer; for any signed-in creator their agency and
// the invitations waiting for them; and for admins (operators' console) every agency with its
// roster, settlements and verification.
import {
  AgencyDto,
  AgencyId,
  AgencyInvitationList,
  AgencyList,
  MyAgencyInvitations,
  CharmPaymentPage,
  ConsoleAgencyDetail,
  ConsoleAgencyPage,
  GiftReceiptPage,
  guildTexts,
  PageQuery,
  pageMeta,
  PeriodQuery,
  SettlementPage,
  SettlementPreviewDto,
  type CharmPaymentDto,
  type ConsoleAgencyItem,
  type GiftReceiptDto,
  type SettlementDto,
  GiftReceiptQuery,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const AgencyParams = z.object({ agencyId: AgencyId });

interface AgencyRow {
  agency_id: string;
  name: string;
  owner_uid: string;
  guild_share_pct: number;
  host_share_pct: number;
  verified_at: Date | null;
  verified_by: string | null;
}

/** The agency of the path, for anyone the route lets in (404 when there is none). */
async function agencyOfPath(pool: pg.Pool, req: express.Request): Promise<AgencyRow> {
  const { agencyId } = parse(AgencyParams, req.params);
  const { rows } = await pool.query<AgencyRow>(
    'select agency_id, name, owner_uid, guild_share_pct, host_share_pct, verified_at, verified_by from rm.agencies where agency_id = $1',
    [agencyId],
  );
  const agency = rows[0];
  if (!agency) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
  return agency;
}

/** The agency of the path, for its owner only. */
async function ownedAgency(pool: pg.Pool, req: express.Request): Promise<AgencyRow> {
  const { uid } = currentUser(req);
  const agency = await agencyOfPath(pool, req);
  if (agency.owner_uid !== uid) throw new ApiError('FORBIDDEN', guildTexts.notOwner);
  return agency;
}

/** The agency with its roster and each host's charm since the last settled period. */
async function agencyDetail(deps: QueryDeps, agency: AgencyRow): Promise<AgencyDto> {
  const { pool } = deps;
  const { rows: last } = await pool.query<{ until: Date | null }>(
    'select max(period_end) as until from rm.guild_settlements where agency_id = $1',
    [agency.agency_id],
  );
  const since = last[0]?.until ?? new Date(0);
  const { rows } = await pool.query<{ host_uid: string; joined_at: Date; charm: number; host_charm: number }>(
    `select h.host_uid, h.joined_at,
            coalesce((select sum(r.charm_value) from rm.guild_receipts r where r.agency_id = h.agency_id and r.host_uid = h.host_uid and r.sent_at >= $2), 0)::float8 as charm,
            coalesce((select sum(r.host_charm) from rm.guild_receipts r where r.agency_id = h.agency_id and r.host_uid = h.host_uid and r.sent_at >= $2), 0)::float8 as host_charm
       from rm.agency_hosts h where h.agency_id = $1 order by h.joined_at, h.host_uid`,
    [agency.agency_id, since],
  );
  const users = await lookupUsers(
    deps,
    rows.map((r) => r.host_uid),
  );
  return {
    agencyId: agency.agency_id,
    name: agency.name,
    ownerUid: agency.owner_uid,
    guildSharePct: agency.guild_share_pct,
    hostSharePct: agency.host_share_pct,
    roster: rows.map((r) => ({
      uid: r.host_uid,
      username: users.get(r.host_uid)!.username,
      profilePicUrl: users.get(r.host_uid)!.profilePicUrl,
      joinedAt: r.joined_at.toISOString(),
      unsettledCharm: r.charm,
      unsettledHostCharm: r.host_charm,
    })),
    lastSettledUntil: last[0]?.until?.toISOString() ?? null,
  };
}

/** A page of the agency's settled periods, newest first. */
async function settlementsOf(pool: pg.Pool, agencyId: string, q: z.infer<typeof PageQuery>) {
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query(
      `select settlement_id, period_start, period_end, receipt_count, charm_total::float8 as charm_total, guild_charm::float8 as guild_charm,
              host_charm::float8 as host_charm, paid_charm::float8 as paid_charm, hosts, settled_at
         from rm.guild_settlements where agency_id = $1 order by period_start desc limit $2 offset $3`,
      [agencyId, q.limit, (q.page - 1) * q.limit],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from rm.guild_settlements where agency_id = $1', [agencyId]),
  ]);
  const items: SettlementDto[] = rows.map((r) => ({
    settlementId: r.settlement_id,
    periodStart: new Date(r.period_start).toISOString(),
    periodEnd: new Date(r.period_end).toISOString(),
    receiptCount: r.receipt_count,
    charmTotal: r.charm_total,
    guildCharm: r.guild_charm,
    amountToSettle: r.host_charm,
    paidCharm: r.paid_charm,
    status: r.paid_charm <= 0 ? 'pending' : r.paid_charm + 1e-9 >= r.host_charm ? 'paid' : 'partially_paid',
    date: new Date(r.settled_at).toISOString(),
    hosts: r.hosts,
  }));
  return { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) };
}

export function guildQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const guard = [requireAuth('ag'), freshness(pool, ['guild'])];

  router.get('/guild/agencies', ...guard, async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query<{ agencyId: string; name: string; guildSharePct: number; hostSharePct: number; hostCount: number }>(
      `select a.agency_id as "agencyId", a.name, a.guild_share_pct as "guildSharePct", a.host_share_pct as "hostSharePct",
              (select count(*)::int from rm.agency_hosts h where h.agency_id = a.agency_id) as "hostCount"
         from rm.agencies a where a.owner_uid = $1 order by a.created_at`,
      [uid],
    );
    send(res, AgencyList, { items: rows });
  });

  router.get('/guild/agencies/:agencyId', ...guard, async (req, res) => {
    send(res, AgencyDto, await agencyDetail(deps, await ownedAgency(pool, req)));
  });

  router.get('/guild/agencies/:agencyId/receipts', ...guard, async (req, res) => {
    const agency = await ownedAgency(pool, req);
    const q = parse(GiftReceiptQuery, req.query);
    const where = `agency_id = $1 and ($2::text is null or host_uid = $2) and ($3::timestamptz is null or sent_at >= $3) and ($4::timestamptz is null or sent_at < $4)`;
    const params = [agency.agency_id, q.hostUid ?? null, q.from ?? null, q.to ?? null];
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query(
        `select source_position::text as pos, host_uid, sender_uid, gift_id, gift_name, quantity, diamond_value::float8 as diamonds,
                charm_value::float8 as charm, guild_share_pct, host_share_pct, guild_charm::float8 as guild_charm, host_charm::float8 as host_charm, sent_at
           from rm.guild_receipts where ${where} order by sent_at desc, source_position desc limit $5 offset $6`,
        [...params, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.guild_receipts where ${where}`, params),
    ]);
    const users = await lookupUsers(
      deps,
      rows.flatMap((r) => [r.host_uid, r.sender_uid]),
    );
    const items: GiftReceiptDto[] = rows.map((r) => ({
      id: `${r.pos}:${r.host_uid}`,
      host: { uid: r.host_uid, username: users.get(r.host_uid)!.username },
      sender: { uid: r.sender_uid, username: users.get(r.sender_uid)!.username },
      gift: { id: r.gift_id, name: r.gift_name, quantity: r.quantity, diamondValue: r.diamonds, charmValue: r.charm },
      guildSharePct: r.guild_share_pct,
      hostSharePct: r.host_share_pct,
      guildCharm: r.guild_charm,
      hostCharm: r.host_charm,
      sentAt: new Date(r.sent_at).toISOString(),
    }));
    send(res, GiftReceiptPage, { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) });
  });

  router.get('/guild/agencies/:agencyId/preview', ...guard, async (req, res) => {
    const agency = await ownedAgency(pool, req);
    const q = parse(PeriodQuery, req.query);
    const { rows } = await pool.query<{ receiptCount: number; charmTotal: number; guildCharm: number; amountToSettle: number }>(
      `select count(*)::int as "receiptCount", coalesce(sum(charm_value), 0)::float8 as "charmTotal",
              coalesce(sum(guild_charm), 0)::float8 as "guildCharm", coalesce(sum(host_charm), 0)::float8 as "amountToSettle"
         from rm.guild_receipts where agency_id = $1 and sent_at >= $2 and sent_at < $3`,
      [agency.agency_id, q.periodStart, q.periodEnd],
    );
    const totals = rows[0] ?? { receiptCount: 0, charmTotal: 0, guildCharm: 0, amountToSettle: 0 };
    send(res, SettlementPreviewDto, { periodStart: q.periodStart, periodEnd: q.periodEnd, ...totals });
  });

  router.get('/guild/agencies/:agencyId/settlements', ...guard, async (req, res) => {
    const agency = await ownedAgency(pool, req);
    send(res, SettlementPage, await settlementsOf(pool, agency.agency_id, parse(PageQuery, req.query)));
  });

  router.get('/guild/agencies/:agencyId/payments', ...guard, async (req, res) => {
    const agency = await ownedAgency(pool, req);
    const q = parse(PageQuery, req.query);
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query(
        `select payment_id, host_uid, amount_charm::float8 as amount, proof_url, settlement_id, status, submitted_at, confirmed_at
           from rm.guild_charm_payments where agency_id = $1 order by submitted_at desc, payment_id limit $2 offset $3`,
        [agency.agency_id, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.guild_charm_payments where agency_id = $1', [agency.agency_id]),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.host_uid),
    );
    const items: CharmPaymentDto[] = rows.map((r) => ({
      paymentId: r.payment_id,
      agencyId: agency.agency_id,
      host: { uid: r.host_uid, username: users.get(r.host_uid)!.username },
      amountCharm: r.amount,
      proofUrl: r.proof_url,
      settlementId: r.settlement_id,
      status: r.status,
      submittedAt: new Date(r.submitted_at).toISOString(),
      confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
    }));
    send(res, CharmPaymentPage, { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) });
  });

  router.get('/guild/agencies/:agencyId/invitations', ...guard, async (req, res) => {
    const agency = await ownedAgency(pool, req);
    const { rows } = await pool.query<{ host_uid: string; invited_at: Date }>(
      'select host_uid, invited_at from rm.agency_invitations where agency_id = $1 order by invited_at desc, host_uid limit 200',
      [agency.agency_id],
    );
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.host_uid),
    );
    send(res, AgencyInvitationList, {
      items: rows.map((r) => ({
        host: { uid: r.host_uid, username: users.get(r.host_uid)!.username, profilePicUrl: users.get(r.host_uid)!.profilePicUrl },
        invitedAt: r.invited_at.toISOString(),
      })),
    });
  });

  // Any signed-in creator: the agency they are in and the invitations waiting for their answer.
  router.get('/guild/invitations', requireAuth(), freshness(pool, ['guild']), async (req, res) => {
    const { uid } = currentUser(req);
    const [{ rows: member }, { rows }] = await Promise.all([
      pool.query<{ agency_id: string; name: string; joined_at: Date }>(
        'select h.agency_id, a.name, h.joined_at from rm.agency_hosts h join rm.agencies a on a.agency_id = h.agency_id where h.host_uid = $1',
        [uid],
      ),
      pool.query<{ agency_id: string; agency_name: string; invited_by: string; invited_at: Date }>(
        'select agency_id, agency_name, invited_by, invited_at from rm.agency_invitations where host_uid = $1 order by invited_at desc, agency_id limit 200',
        [uid],
      ),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.invited_by),
    );
    const m = member[0];
    send(res, MyAgencyInvitations, {
      membership: m ? { agencyId: m.agency_id, name: m.name, joinedAt: m.joined_at.toISOString() } : null,
      items: rows.map((r) => ({
        agencyId: r.agency_id,
        name: r.agency_name,
        invitedBy: { uid: r.invited_by, username: users.get(r.invited_by)!.username },
        invitedAt: r.invited_at.toISOString(),
      })),
    });
  });

  // ---- operators' console: every agency, its roster and settlements, for admins ----
  const admin = [requireAuth('ad'), freshness(pool, ['guild'])];

  router.get('/console/agencies', ...admin, async (req, res) => {
    const q = parse(PageQuery, req.query);
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query<AgencyRow & { host_count: number; created_at: Date }>(
        `select a.agency_id, a.name, a.owner_uid, a.guild_share_pct, a.host_share_pct, a.verified_at, a.verified_by, a.created_at,
                (select count(*)::int from rm.agency_hosts h where h.agency_id = a.agency_id) as host_count
           from rm.agencies a order by (a.verified_at is not null), a.created_at desc, a.agency_id limit $1 offset $2`,
        [q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.agencies'),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.owner_uid),
    );
    const items: ConsoleAgencyItem[] = rows.map((r) => ({
      agencyId: r.agency_id,
      name: r.name,
      owner: { uid: r.owner_uid, username: users.get(r.owner_uid)!.username },
      hostCount: r.host_count,
      guildSharePct: r.guild_share_pct,
      hostSharePct: r.host_share_pct,
      createdAt: r.created_at.toISOString(),
      verifiedAt: r.verified_at?.toISOString() ?? null,
      verifiedBy: r.verified_by,
    }));
    send(res, ConsoleAgencyPage, { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) });
  });

  router.get('/console/agencies/:agencyId', ...admin, async (req, res) => {
    const agency = await agencyOfPath(pool, req);
    send(res, ConsoleAgencyDetail, {
      ...(await agencyDetail(deps, agency)),
      verifiedAt: agency.verified_at?.toISOString() ?? null,
      verifiedBy: agency.verified_by,
    });
  });

  router.get('/console/agencies/:agencyId/settlements', ...admin, async (req, res) => {
    const agency = await agencyOfPath(pool, req);
    send(res, SettlementPage, await settlementsOf(pool, agency.agency_id, parse(PageQuery, req.query)));
  });
}
