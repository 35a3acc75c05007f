// Guild commands (docs/decisions/guild.md): for the agency role, create the agency, invite creators to its
// roster (they join by accepting), remove hosts, set share ratios, settle a period from its gift
// receipts, record charm payments with proof and confirm them; for any signed-in creator, accept or
// decline an invitation and leave their agency (docs/decisions/guild.md).
import { randomUUID } from 'node:crypto';
import { InviteAgencyHostBody, AgencyId, eventOf, guildTexts } from '@murmur/contracts';
import { subscriptionAppliedBefore } from '@murmur/eventstore';
import { ApiError, parse, defineRoute } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import { hostReceiptTotals } from '@murmur/projections/queries/guild';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { managed, type AgencyCommand, type PeriodTotals } from './decide.ts';
import { agencyCommands, hostMembershipCommands } from './guild-commands.ts';

const AgencyParams = z.object({ agencyId: AgencyId });

function run(deps: CommandDeps, agencyId: string, actorUid: string, command: AgencyCommand, idempotencyKey?: string) {
  return agencyCommands.run(deps, agencyId, command, { actorUid, idempotencyKey });
}

/** True once the guild read model has applied every event written before `end`. */
async function receiptsRecordedUntil(deps: CommandDeps, end: Date): Promise<boolean> {
  return subscriptionAppliedBefore(deps.pool, 'guild', end, { type: 'GiftSent', field: 'sentAt' });
}

async function periodTotals(deps: CommandDeps, agencyId: string, start: Date, end: Date): Promise<PeriodTotals> {
  const rows = await hostReceiptTotals(deps.pool, agencyId, start, end);
  const hosts = rows.map((r) => ({
    hostUid: r.host_uid,
    receipts: r.receipts,
    charm: r.charm,
    guildCharm: r.guild,
    hostCharm: r.host,
    diamonds: r.diamonds,
  }));
  const sum = (pick: (h: (typeof hosts)[number]) => number) => Math.round(hosts.reduce((a, h) => a + pick(h), 0) * 10_000) / 10_000;
  return {
    receiptCount: hosts.reduce((a, h) => a + h.receipts, 0),
    diamondTotal: sum((h) => h.diamonds),
    charmTotal: sum((h) => h.charm),
    guildCharm: sum((h) => h.guildCharm),
    hostCharm: sum((h) => h.hostCharm),
    hosts,
  };
}

export function guildRoutes(router: express.Router, deps: CommandDeps): void {
  defineRoute(router, 'POST /guild/agencies', async ({ me: { uid }, body }) => {
    const r = await run(deps, body.agencyId, uid, { type: 'CreateAgency', ...body, ownerUid: uid, now: deps.clock.now() });
    return { agencyId: body.agencyId, position: r.position.toString() };
  });

  // The agency invites; the creator's membership stream decides (an invitation per agency, never
  // to a creator already in it). Who owns an agency never changes, so that read needs no version.
  defineRoute(router, 'POST /guild/agencies/{agencyId}/invitations', async ({ me: { uid }, params, body: { hostUid } }) => {
    const { agencyId } = parse(AgencyParams, params);
    const { state } = await agencyCommands.load(deps, agencyId);
    managed(state, uid);
    const r = await hostMembershipCommands.run(
      deps,
      hostUid,
      { type: 'InviteHost', hostUid, agencyId, agencyName: state.name, invitedBy: uid, now: deps.clock.now() },
      { actorUid: uid },
    );
    return { position: r.position.toString() };
  });

  // The agency removes a host: decided on `agency-{id}` (owner, on the roster); the creator's
  // membership stream follows in the same transaction, so a payout racing it is authorized before
  // or refused.
  defineRoute(router, 'DELETE /guild/agencies/{agencyId}/hosts/{hostUid}', async ({ me: { uid }, params }) => {
    const { agencyId } = parse(AgencyParams, params);
    const { hostUid } = parse(InviteAgencyHostBody, { hostUid: params.hostUid });
    const now = deps.clock.now();
    const r = await agencyCommands.runInTransaction(
      deps,
      agencyId,
      { type: 'RemoveHost', actorUid: uid, hostUid, now },
      {
        after: (client) =>
          hostMembershipCommands.decideWithin(deps, client, hostUid, { type: 'ReleaseHost', hostUid, agencyId, now }, { actorUid: uid }),
      },
      { actorUid: uid },
    );
    return { position: r.position.toString() };
  });

  // The creator answers: joining and leaving are decided on their own membership stream (one
  // agency at a time, only by their acceptance); the agency's roster follows in the same
  // transaction, so the roster payments are checked against never holds anyone who did not accept.
  defineRoute(router, 'POST /guild/invitations/{agencyId}/accept', async ({ me: { uid }, params }) => {
    const { agencyId } = parse(AgencyParams, params);
    const now = deps.clock.now();
    const r = await hostMembershipCommands.runInTransaction(
      deps,
      uid,
      { type: 'AcceptInvitation', hostUid: uid, agencyId, now },
      {
        after: (client) =>
          agencyCommands.decideWithin(deps, client, agencyId, { type: 'RecordHostJoined', hostUid: uid, now }, { actorUid: uid }),
      },
      { actorUid: uid },
    );
    return { position: (r.extra && r.extra.position > r.position ? r.extra.position : r.position).toString() };
  });

  defineRoute(router, 'POST /guild/invitations/{agencyId}/decline', async ({ me: { uid }, params }) => {
    const { agencyId } = parse(AgencyParams, params);
    const r = await hostMembershipCommands.run(
      deps,
      uid,
      { type: 'DeclineInvitation', hostUid: uid, agencyId, now: deps.clock.now() },
      { actorUid: uid },
    );
    return { position: r.position.toString() };
  });

  defineRoute(router, 'POST /guild/membership/leave', async ({ me: { uid } }) => {
    const now = deps.clock.now();
    let leaving: string | null = null; // the agency the creator is in when the command is decided (again on a retry)
    const r = await hostMembershipCommands.runInTransaction(
      deps,
      uid,
      (state) => {
        leaving = state.agencyId;
        return { type: 'LeaveAgency', hostUid: uid, now };
      },
      {
        after: async (client) =>
          leaving
            ? agencyCommands.decideWithin(deps, client, leaving, { type: 'RecordHostLeft', hostUid: uid, now }, { actorUid: uid })
            : undefined,
      },
      { actorUid: uid },
    );
    return { position: (r.extra && r.extra.position > r.position ? r.extra.position : r.position).toString() };
  });

  defineRoute(router, 'PUT /guild/agencies/{agencyId}/shares', async ({ me: { uid }, params, body }) => {
    const { agencyId } = parse(AgencyParams, params);
    const r = await run(deps, agencyId, uid, { type: 'SetShareRatios', actorUid: uid, ...body, now: deps.clock.now() });
    return { position: r.position.toString() };
  });

  defineRoute(router, 'POST /guild/agencies/{agencyId}/settlements', async ({ me: { uid }, params, body }) => {
    const { agencyId } = parse(AgencyParams, params);
    const start = new Date(body.periodStart);
    const end = new Date(body.periodEnd);
    const now = deps.clock.now();
    if (!(start < end) || end > now) throw new ApiError('RULE_VIOLATED', guildTexts.periodInvalid);
    const deadline = Date.now() + 3000;
    while (!(await receiptsRecordedUntil(deps, end))) {
      if (Date.now() > deadline) throw new ApiError('CONFLICT', guildTexts.projectionBehind);
      await new Promise((r) => setTimeout(r, 25));
    }
    const totals = await periodTotals(deps, agencyId, start, end);
    // A second settlement of the same period is refused by the overlap rule, retries included.
    const r = await run(deps, agencyId, uid, {
      type: 'SettlePeriod',
      actorUid: uid,
      settlementId: randomUUID(),
      periodStart: start,
      periodEnd: end,
      totals,
      now,
    });
    const event = r.events[0] ? eventOf(r.events[0], ['AgencyPeriodSettled']) : null;
    if (!event) throw new Error('SettlePeriod decided no AgencyPeriodSettled');
    const settled = event.data;
    return {
      settlementId: settled.settlementId,
      amountToSettle: settled.hostCharm,
      receiptCount: settled.receiptCount,
      diamondTotal: settled.diamondTotal,
      charmTotal: settled.charmTotal,
      guildCharm: settled.guildCharm,
      hostCharm: settled.hostCharm,
      hosts: settled.hosts,
      position: r.position.toString(),
    };
  });

  defineRoute(router, 'POST /guild/agencies/{agencyId}/payments', async ({ me: { uid }, params, body, req }) => {
    const { agencyId } = parse(AgencyParams, params);
    // A retried request (same Idempotency-Key) answers with the first payment, never a second one.
    const { key } = routeIdempotencyKey(req, uid, `guild/${agencyId}/payments`);
    const r = await run(
      deps,
      agencyId,
      uid,
      {
        type: 'SubmitCharmPayment',
        actorUid: uid,
        paymentId: randomUUID(),
        hostUid: body.hostUid,
        amountCharm: body.amountCharm,
        proofUrl: body.proofUrl,
        settlementId: body.settlementId ?? null,
        now: deps.clock.now(),
      },
      key,
    );
    const submitted = r.events[0] ? eventOf(r.events[0], ['CharmPaymentSubmitted']) : null;
    if (!submitted) throw new Error('SubmitCharmPayment decided no CharmPaymentSubmitted');
    return { paymentId: submitted.data.paymentId, position: r.position.toString() };
  });

  defineRoute(router, 'PUT /guild/agencies/{agencyId}/payments/{paymentId}/confirm', async ({ me: { uid }, params }) => {
    const { agencyId } = parse(AgencyParams, params);
    const paymentId = parse(z.string().uuid('This payment does not exist.'), params.paymentId);
    const r = await run(deps, agencyId, uid, { type: 'ConfirmCharmPayment', actorUid: uid, paymentId, now: deps.clock.now() });
    return { position: r.position.toString() };
  });

  // Operators' console: an admin verifies an agency (AgencyVerified on its stream, in the audit trail).
  defineRoute(router, 'POST /console/agencies/{agencyId}/verify', async ({ me: { uid }, params, body: { note } }) => {
    const { agencyId } = parse(AgencyParams, params);
    const r = await run(deps, agencyId, uid, { type: 'VerifyAgency', adminUid: uid, note, now: deps.clock.now() });
    return { position: r.position.toString() };
  });
}

export const guildModule: CommandModule = { name: 'guild', routes: guildRoutes };
