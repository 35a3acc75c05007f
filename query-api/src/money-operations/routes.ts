// The operators' console, money operations, for role `ad`: the withdrawal and
// creator-payout queue, payments stuck before a final state, a week's referral settlements, the
// manual grants and the ledger audit's runs. Read models only, through their named queries.
import { moneyOperations, pageMeta, type GrantItem, type WithdrawalQueueItem } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import { grantPage, recentLedgerAudits } from '@murmur/projections/queries/money-operations';
import { payoutWeeks, weekPayoutPage } from '@murmur/projections/queries/referral-earnings';
import { stuckPaymentPage, withdrawalQueuePage } from '@murmur/projections/queries/wallet-history';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

export function moneyOperationQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const names = async (uids: Iterable<string>) => {
    const cards = await lookupUsers(deps, uids);
    return (uid: string) => ({ uid, username: cards.get(uid).username });
  };

  defineRoute(
    router,
    'GET /console/withdrawals',
    async ({ query: q }) => {
      const { rows, total } = await withdrawalQueuePage(pool, { status: q.status, limit: q.limit, offset: (q.page - 1) * q.limit });
      const user = await names(rows.map((r) => r.uid));
      const items = rows.map((r): WithdrawalQueueItem => ({
        withdrawalId: r.withdrawal_id,
        user: user(r.uid),
        charm: Number(r.charm),
        usdCents: Number(r.usd_cents),
        kind: r.kind,
        method: r.method,
        network: r.network,
        address: r.address,
        agencyUid: r.agency_uid,
        proofUrl: r.proof_url,
        status: r.status,
        reference: r.reference,
        decidedBy: r.decided_by,
        failureReason: r.failure_reason,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    { before: [freshness(pool, ['wallet-history'])] },
  );

  defineRoute(router, 'GET /console/payments/stuck', async ({ query: q }) => {
    const { rows, total } = await stuckPaymentPage(pool, {
      olderThanMinutes: q.olderThanMinutes,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const user = await names(rows.map((r) => r.uid));
    const items = rows.map((r) => ({
      paymentId: r.payment_id,
      user: user(r.uid),
      provider: r.provider,
      purpose: r.purpose,
      amountUsdCents: Number(r.amount_usd_cents),
      diamonds: Number(r.diamonds),
      status: r.status,
      providerRef: r.provider_ref,
      minutesOpen: r.minutes,
      createdAt: r.created_at.toISOString(),
    }));
    return { items, meta: pageMeta(q, total, items.length), olderThanMinutes: q.olderThanMinutes };
  });

  defineRoute(
    router,
    'GET /console/referral/settlements',
    async ({ query: q }) => {
      const weeks = await payoutWeeks(pool);
      const weekId = q.week ?? weeks[0] ?? null;
      const { rows, total, paidMicro, carried } = await weekPayoutPage(pool, { weekId, limit: q.limit, offset: (q.page - 1) * q.limit });
      const user = await names(rows.map((r) => r.uid));
      const items = rows.map((r) => ({
        user: user(r.uid),
        status: r.status,
        reason: r.reason,
        amountMicroUsdt: Number(r.amount_micro),
        rewardCount: r.reward_count,
        walletAddress: r.wallet_address,
        txHash: r.tx_hash,
        settledAt: r.settled_at.toISOString(),
      }));
      return {
        items,
        meta: pageMeta(q, total, items.length),
        weekId,
        weeks,
        paidMicroUsdt: Number(paidMicro ?? 0),
        carriedOver: carried,
      };
    },
    { before: [freshness(pool, ['referral-earnings'])] },
  );

  defineRoute(
    router,
    'GET /console/grants',
    async ({ query: q }) => {
      const { rows, total } = await grantPage(pool, { status: q.status, limit: q.limit, offset: (q.page - 1) * q.limit });
      const user = await names(rows.flatMap((r) => [r.uid, r.requested_by, ...(r.decided_by ? [r.decided_by] : [])]));
      const items = rows.map((r): GrantItem => ({
        grantId: r.grant_id,
        user: user(r.uid),
        amount: Number(r.amount),
        reason: r.reason,
        requestedBy: user(r.requested_by),
        needsApproval: r.needs_approval,
        status: r.status,
        decidedBy: r.decided_by ? user(r.decided_by) : null,
        rejectReason: r.reject_reason,
        requestedAt: r.requested_at.toISOString(),
        decidedAt: r.decided_at?.toISOString() ?? null,
      }));
      return { items, meta: pageMeta(q, total, items.length), threshold: moneyOperations.grantApprovalThreshold };
    },
    { before: [freshness(pool, ['money-operations'])] },
  );

  defineRoute(
    router,
    'GET /console/ledger/audit',
    async () => {
      const rows = await recentLedgerAudits(pool);
      const done = rows.filter((r) => r.status === 'done');
      const pending = rows.find((r) => r.status === 'requested');
      const latest = done[0];
      const user = await names(latest?.requested_by ? [latest.requested_by] : []);
      return {
        latest: latest
          ? {
              auditId: latest.audit_id,
              ok: latest.ok === true,
              events: Number(latest.events ?? 0),
              lastPosition: latest.last_position ?? '0',
              totals: latest.totals ?? {
                DMND: { minted: 0, spent: 0, balances: 0 },
                CHRM: { credited: 0, withdrawn: 0, balances: 0 },
                USD: { confirmedCents: 0, payments: 0 },
              },
              differenceCount: latest.difference_count ?? 0,
              differences: latest.differences ?? [],
              requestedBy: latest.requested_by ? user(latest.requested_by) : null,
              auditedAt: (latest.audited_at ?? latest.requested_at).toISOString(),
            }
          : null,
        runs: done.map((r) => ({
          auditId: r.audit_id,
          ok: r.ok === true,
          events: Number(r.events ?? 0),
          differenceCount: r.difference_count ?? 0,
          auditedAt: (r.audited_at ?? r.requested_at).toISOString(),
        })),
        pendingSince: pending ? pending.requested_at.toISOString() : null,
      };
    },
    { before: [freshness(pool, ['money-operations'])] },
  );
}
