// Guild queries for the agency role (docs/decisions/guild.md): the agency with its roster,
// gift receipts, a preview of the amount to settle for a period, settlements and charm payments;
// the invitations an agency sent that wait for an answer; for any signed-in creator their agency and
// the invitations waiting for them; and for admins (operators' console) every agency with its
// roster, settlements and verification. Read models only, through their named queries.
import {
  AgencyId,
  guildTexts,
  pageMeta,
  type AgencyDto,
  type CharmPaymentDto,
  type ConsoleAgencyItem,
  type GiftReceiptDto,
  type PageQuery,
  type SettlementDto,
} from '@murmur/contracts';
import { ApiError, defineRoute, parse, type AuthContext } from '@murmur/platform';
import {
  agenciesOwnedBy,
  agencyById,
  charmPaymentPage,
  consoleAgencyPage,
  giftReceiptPage,
  invitationsSentBy,
  invitationsTo,
  lastSettledUntil,
  membershipOf,
  periodTotals,
  rosterWithCharmSince,
  settlementPage,
  type AgencyRow,
} from '@murmur/projections/queries/guild';
import type express from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const AgencyParams = z.object({ agencyId: AgencyId });

/** The agency of the path, for anyone the route lets in (404 when there is none). */
async function agencyOfPath(pool: pg.Pool, params: { agencyId: string }): Promise<AgencyRow> {
  const { agencyId } = parse(AgencyParams, params);
  const agency = await agencyById(pool, agencyId);
  if (!agency) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
  return agency;
}

/** The agency of the path, for its owner only. */
async function ownedAgency(pool: pg.Pool, me: AuthContext, params: { agencyId: string }): Promise<AgencyRow> {
  const agency = await agencyOfPath(pool, params);
  if (agency.owner_uid !== me.uid) throw new ApiError('FORBIDDEN', guildTexts.notOwner);
  return agency;
}

/** The agency with its roster and each host's charm since the last settled period. */
async function agencyDetail(deps: QueryDeps, agency: AgencyRow): Promise<AgencyDto> {
  const { pool } = deps;
  const until = await lastSettledUntil(pool, agency.agency_id);
  const rows = await rosterWithCharmSince(pool, agency.agency_id, until ?? new Date(0));
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
    lastSettledUntil: until?.toISOString() ?? null,
  };
}

/** A page of the agency's settled periods, newest first. */
async function settlementsOf(pool: pg.Pool, agencyId: string, q: z.infer<typeof PageQuery>) {
  const { rows, total } = await settlementPage(pool, { agencyId, limit: q.limit, offset: (q.page - 1) * q.limit });
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
  return { items, meta: pageMeta(q, total, items.length) };
}

export function guildQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = { before: [freshness(pool, ['guild'])] };

  defineRoute(
    router,
    'GET /guild/agencies',
    async ({ me: { uid } }) => {
      return { items: await agenciesOwnedBy(pool, uid) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}',
    async ({ me, params }) => {
      return agencyDetail(deps, await ownedAgency(pool, me, params));
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}/receipts',
    async ({ me, params, query: q }) => {
      const agency = await ownedAgency(pool, me, params);
      const { rows, total } = await giftReceiptPage(pool, {
        agencyId: agency.agency_id,
        hostUid: q.hostUid ?? null,
        from: q.from ?? null,
        to: q.to ?? null,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
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
      return { items, meta: pageMeta(q, total, items.length) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}/preview',
    async ({ me, params, query: q }) => {
      const agency = await ownedAgency(pool, me, params);
      const totals = (await periodTotals(pool, agency.agency_id, q.periodStart, q.periodEnd)) ?? {
        receiptCount: 0,
        charmTotal: 0,
        guildCharm: 0,
        amountToSettle: 0,
      };
      return { periodStart: q.periodStart, periodEnd: q.periodEnd, ...totals };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}/settlements',
    async ({ me, params, query }) => {
      const agency = await ownedAgency(pool, me, params);
      return settlementsOf(pool, agency.agency_id, query);
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}/payments',
    async ({ me, params, query: q }) => {
      const agency = await ownedAgency(pool, me, params);
      const { rows, total } = await charmPaymentPage(pool, { agencyId: agency.agency_id, limit: q.limit, offset: (q.page - 1) * q.limit });
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
      return { items, meta: pageMeta(q, total, items.length) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /guild/agencies/{agencyId}/invitations',
    async ({ me, params }) => {
      const agency = await ownedAgency(pool, me, params);
      const rows = await invitationsSentBy(pool, agency.agency_id);
      const users = await lookupUsers(
        deps,
        rows.map((r) => r.host_uid),
      );
      return {
        items: rows.map((r) => ({
          host: { uid: r.host_uid, username: users.get(r.host_uid)!.username, profilePicUrl: users.get(r.host_uid)!.profilePicUrl },
          invitedAt: r.invited_at.toISOString(),
        })),
      };
    },
    fresh,
  );

  // Any signed-in creator: the agency they are in and the invitations waiting for their answer.
  defineRoute(
    router,
    'GET /guild/invitations',
    async ({ me: { uid } }) => {
      const [m, rows] = await Promise.all([membershipOf(pool, uid), invitationsTo(pool, uid)]);
      const users = await lookupUsers(
        deps,
        rows.map((r) => r.invited_by),
      );
      return {
        membership: m ? { agencyId: m.agency_id, name: m.name, joinedAt: m.joined_at.toISOString() } : null,
        items: rows.map((r) => ({
          agencyId: r.agency_id,
          name: r.agency_name,
          invitedBy: { uid: r.invited_by, username: users.get(r.invited_by)!.username },
          invitedAt: r.invited_at.toISOString(),
        })),
      };
    },
    fresh,
  );

  // ---- operators' console: every agency, its roster and settlements, for admins ----
  defineRoute(
    router,
    'GET /console/agencies',
    async ({ query: q }) => {
      const { rows, total } = await consoleAgencyPage(pool, { limit: q.limit, offset: (q.page - 1) * q.limit });
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
      return { items, meta: pageMeta(q, total, items.length) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /console/agencies/{agencyId}',
    async ({ params }) => {
      const agency = await agencyOfPath(pool, params);
      return {
        ...(await agencyDetail(deps, agency)),
        verifiedAt: agency.verified_at?.toISOString() ?? null,
        verifiedBy: agency.verified_by,
      };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /console/agencies/{agencyId}/settlements',
    async ({ params, query }) => {
      const agency = await agencyOfPath(pool, params);
      return settlementsOf(pool, agency.agency_id, query);
    },
    fresh,
  );
}
