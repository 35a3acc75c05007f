// The operators' console, money operations, for role `ad`: the withdrawal and
// creator-payout queue, payments stuck before a final state, a week's referral settlements, the
// manual grants and the ledger audit's runs. Read models only.
import {
  GrantQueue,
  GrantQueueQuery,
  LedgerAuditStatus,
  moneyOperations,
  pageMeta,
  ReferralWeekQuery,
  ReferralWeekSettlements,
  StuckPayments,
  StuckPaymentsQuery,
  WithdrawalQueue,
  WithdrawalQueueQuery,
  type GrantItem,
  type LedgerAuditedData,
  type WithdrawalQueueItem,
} from '@murmur/contracts';
import { parse, requireAuth, send } from '@murmur/platform';
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

  router.get('/console/withdrawals', requireAuth('ad'), freshness(pool, ['wallet-history']), async (req, res) => {
    const q = parse(WithdrawalQueueQuery, req.query);
    // Pending ones oldest first (the next to pay); decided ones newest first.
    const order = q.status === 'pending' ? 'created_at asc' : 'updated_at desc';
    const [{ rows }, count] = await Promise.all([
      pool.query<{
        withdrawal_id: string;
        uid: string;
        charm: string;
        usd_cents: string;
        kind: string;
        method: string | null;
        network: string | null;
        address: string | null;
        agency_uid: string | null;
        proof_url: string | null;
        status: string;
        reference: string | null;
        decided_by: string | null;
        failure_reason: string | null;
        created_at: Date;
        updated_at: Date;
      }>(`select * from rm.withdrawals where status = $1 order by ${order}, withdrawal_id limit $2 offset $3`, [
        q.status,
        q.limit,
        (q.page - 1) * q.limit,
      ]),
      pool.query<{ n: number }>('select count(*)::int as n from rm.withdrawals where status = $1', [q.status]),
    ]);
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
    send(res, WithdrawalQueue, { items, meta: pageMeta(q, count.rows[0]?.n ?? 0, items.length) });
  });

  router.get('/console/payments/stuck', requireAuth('ad'), async (req, res) => {
    const q = parse(StuckPaymentsQuery, req.query);
    const where = `status not in ('completed', 'failed') and created_at < now() - make_interval(mins => $1)`;
    const [{ rows }, count] = await Promise.all([
      pool.query<{
        payment_id: string;
        uid: string;
        provider: string;
        purpose: string;
        amount_usd_cents: string;
        diamonds: string;
        status: string;
        provider_ref: string;
        created_at: Date;
        minutes: number;
      }>(
        `select *, floor(extract(epoch from now() - created_at) / 60)::int as minutes from rm.payments where ${where} order by created_at asc limit $2 offset $3`,
        [q.olderThanMinutes, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.payments where ${where}`, [q.olderThanMinutes]),
    ]);
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
    send(res, StuckPayments, { items, meta: pageMeta(q, count.rows[0]?.n ?? 0, items.length), olderThanMinutes: q.olderThanMinutes });
  });

  router.get('/console/referral/settlements', requireAuth('ad'), freshness(pool, ['referral-earnings']), async (req, res) => {
    const q = parse(ReferralWeekQuery, req.query);
    const { rows: weekRows } = await pool.query<{ week_id: string }>(
      'select distinct week_id from rm.referral_payouts order by week_id desc limit 26',
    );
    const weeks = weekRows.map((w) => w.week_id);
    const weekId = q.week ?? weeks[0] ?? null;
    const [{ rows }, totals] = await Promise.all([
      pool.query<{
        uid: string;
        status: string;
        reason: string | null;
        amount_micro: string;
        reward_count: number;
        wallet_address: string | null;
        tx_hash: string | null;
        settled_at: Date;
      }>('select * from rm.referral_payouts where week_id = $1 order by amount_micro desc, uid limit $2 offset $3', [
        weekId,
        q.limit,
        (q.page - 1) * q.limit,
      ]),
      pool.query<{ n: number; paid: string | null; carried: number }>(
        `select count(*)::int as n, sum(amount_micro) filter (where status = 'settled')::text as paid, count(*) filter (where status <> 'settled')::int as carried
           from rm.referral_payouts where week_id = $1`,
        [weekId],
      ),
    ]);
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
    const t = totals.rows[0];
    send(res, ReferralWeekSettlements, {
      items,
      meta: pageMeta(q, t?.n ?? 0, items.length),
      weekId,
      weeks,
      paidMicroUsdt: Number(t?.paid ?? 0),
      carriedOver: t?.carried ?? 0,
    });
  });

  router.get('/console/grants', requireAuth('ad'), freshness(pool, ['money-operations']), async (req, res) => {
    const q = parse(GrantQueueQuery, req.query);
    const [{ rows }, count] = await Promise.all([
      pool.query<{
        grant_id: string;
        uid: string;
        amount: string;
        reason: string;
        requested_by: string;
        needs_approval: boolean;
        status: string;
        decided_by: string | null;
        reject_reason: string | null;
        requested_at: Date;
        decided_at: Date | null;
      }>('select * from rm.operator_grants where status = $1 order by requested_at desc, grant_id limit $2 offset $3', [
        q.status,
        q.limit,
        (q.page - 1) * q.limit,
      ]),
      pool.query<{ n: number }>('select count(*)::int as n from rm.operator_grants where status = $1', [q.status]),
    ]);
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
    send(res, GrantQueue, {
      items,
      meta: pageMeta(q, count.rows[0]?.n ?? 0, items.length),
      threshold: moneyOperations.grantApprovalThreshold,
    });
  });

  router.get('/console/ledger/audit', requireAuth('ad'), freshness(pool, ['money-operations']), async (_req, res) => {
    const { rows } = await pool.query<{
      audit_id: string;
      status: string;
      requested_by: string | null;
      ok: boolean | null;
      events: string | null;
      last_position: string | null;
      totals: LedgerAuditedData['totals'] | null;
      difference_count: number | null;
      differences: string[] | null;
      requested_at: Date;
      audited_at: Date | null;
    }>('select * from rm.ledger_audits order by requested_at desc limit 20');
    const done = rows.filter((r) => r.status === 'done');
    const pending = rows.find((r) => r.status === 'requested');
    const latest = done[0];
    const user = await names(latest?.requested_by ? [latest.requested_by] : []);
    send(res, LedgerAuditStatus, {
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
    });
  });
}
