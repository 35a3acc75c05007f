// The operators' console, money operations, for role `ad`: settle or reject a
// pending withdrawal or creator payout, request / approve / reject a manual diamond grant, ask the
// projections worker for a ledger audit. Each action is an event naming the operator.
import { IdempotencyKeyHeader, moneyOperations, moneyOperationTexts, streamIds } from '@murmur/contracts';
import { ApiError, parse, defineRoute } from '@murmur/platform';
import type express from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { withdrawalOwner } from '@murmur/projections/queries/wallet-history';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { earningsCommands } from '../wallet/earnings.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { walletCommands } from '../wallet/ledger.ts';
import { grantDecider, type GrantState } from './grant.ts';
import { auditRequestDecider } from './audit-request.ts';

const grantCommands = defineCommandHandler({ decider: grantDecider, streamId: streamIds.grant });
const auditCommands = defineCommandHandler({ decider: auditRequestDecider, streamId: streamIds.ledgerAudit });

const WithdrawalParam = z.object({ withdrawalId: z.string().min(1).max(200) });
const GrantParam = z.object({ grantId: z.string().min(1).max(200) });

/** Whose earnings stream holds a withdrawal: fixed when it was requested, so the read model may say. */
async function ownerOfWithdrawal(deps: CommandDeps, withdrawalId: string): Promise<string> {
  const uid = await withdrawalOwner(deps.pool, withdrawalId);
  if (!uid) throw new ApiError('NOT_FOUND', moneyOperationTexts.noPendingWithdrawal);
  return uid;
}

/** Runs a grant command; when it approves, mints on `wallet-{uid}` in the SAME transaction, so an
 * approval without its diamonds (or diamonds without an approval) can never be committed. */
async function decideGrant(deps: CommandDeps, grantId: string, adminUid: string, command: Parameters<typeof grantDecider.decide>[0]) {
  let before: GrantState | null = null;
  const result = await grantCommands.runInTransaction(
    deps,
    grantId,
    (state) => {
      before = state;
      return command;
    },
    {
      after: async (client, state) => {
        if (before?.status === 'approved' || state.status !== 'approved') return null;
        const minted = await walletCommands.decideWithin(
          deps,
          client,
          state.uid,
          {
            type: 'CreditDiamonds',
            uid: state.uid,
            amount: state.amount,
            reason: 'operator_grant',
            reference: grantId,
            at: deps.clock.now().toISOString(),
          },
          { actorUid: adminUid, metadata: { idempotencyKey: `grant:${grantId}`, grantedBy: adminUid } },
        );
        return minted;
      },
    },
    { actorUid: adminUid, metadata: { idempotencyKey: `grant:${grantId}:${command.type}` } },
  );
  const minted = result.extra;
  return {
    grantId,
    status: result.state.status === 'none' ? ('pending' as const) : result.state.status,
    balance: minted ? minted.state.balance : null,
    position: (minted?.position ?? result.position).toString(),
  };
}

export function moneyOperationRoutes(router: express.Router, deps: CommandDeps): void {
  // ---- withdrawals and creator payouts ----
  defineRoute(router, 'POST /console/withdrawals/{withdrawalId}/settle', async ({ me: admin, params, body, req }) => {
    const { withdrawalId } = parse(WithdrawalParam, params);
    const uid = await ownerOfWithdrawal(deps, withdrawalId);
    // A request's own key: a client retry answers its first result; another settlement is refused.
    const { key } = routeIdempotencyKey(req, admin.uid, `console/settle:${withdrawalId}`);
    const result = await earningsCommands.run(
      deps,
      uid,
      {
        type: 'SettleWithdrawal',
        withdrawalId,
        uid,
        reference: body.reference,
        operatorUid: admin.uid,
        at: deps.clock.now().toISOString(),
      },
      { idempotencyKey: key, actorUid: admin.uid },
    );
    return { status: 'completed', transactionId: withdrawalId, position: result.position.toString() };
  });

  defineRoute(router, 'POST /console/withdrawals/{withdrawalId}/reject', async ({ me: admin, params, body, req }) => {
    const { withdrawalId } = parse(WithdrawalParam, params);
    const uid = await ownerOfWithdrawal(deps, withdrawalId);
    const { key } = routeIdempotencyKey(req, admin.uid, `console/reject:${withdrawalId}`);
    const result = await earningsCommands.run(
      deps,
      uid,
      {
        type: 'RejectWithdrawal',
        withdrawalId,
        uid,
        reason: body.reason,
        operatorUid: admin.uid,
        at: deps.clock.now().toISOString(),
      },
      { idempotencyKey: key, actorUid: admin.uid },
    );
    return { status: 'failed', transactionId: withdrawalId, position: result.position.toString() };
  });

  // ---- manual grants ----
  defineRoute(router, 'POST /console/grants', async ({ me: admin, body, req }) => {
    const header = req.header('idempotency-key');
    if (header === undefined) throw new ApiError('VALIDATION_FAILED', moneyOperationTexts.idempotencyKeyRequired);
    // The key names the grant: the same request sent again finds it instead of granting twice.
    const grantId = `g-${createHash('sha256')
      .update(`${admin.uid}:${parse(IdempotencyKeyHeader, header)}`)
      .digest('hex')
      .slice(0, 24)}`;
    const answer = await decideGrant(deps, grantId, admin.uid, {
      type: 'RequestGrant',
      grantId,
      uid: body.uid,
      amount: body.amount,
      reason: body.reason,
      requestedBy: admin.uid,
      threshold: moneyOperations.grantApprovalThreshold,
      maximum: moneyOperations.grantMaximum,
      at: deps.clock.now().toISOString(),
    });
    return answer;
  });

  defineRoute(router, 'POST /console/grants/{grantId}/approve', async ({ me: admin, params }) => {
    const { grantId } = parse(GrantParam, params);
    return await decideGrant(deps, grantId, admin.uid, {
      type: 'ApproveGrant',
      grantId,
      approverUid: admin.uid,
      at: deps.clock.now().toISOString(),
    });
  });

  defineRoute(router, 'POST /console/grants/{grantId}/reject', async ({ me: admin, params, body }) => {
    const { grantId } = parse(GrantParam, params);
    return await decideGrant(deps, grantId, admin.uid, {
      type: 'RejectGrant',
      grantId,
      rejecterUid: admin.uid,
      reason: body.reason,
      at: deps.clock.now().toISOString(),
    });
  });

  // ---- ledger audit: the projections worker answers the request with a LedgerAudited event ----
  defineRoute(router, 'POST /console/ledger/audit', async ({ me: admin }) => {
    const result = await auditCommands.run(
      deps,
      null,
      { type: 'RequestAudit', auditId: `audit-${randomUUID()}`, requestedBy: admin.uid, at: deps.clock.now().toISOString() },
      { actorUid: admin.uid },
    );
    return { auditId: result.state.pending ?? '', position: result.position.toString() };
  });
}

export const moneyOperationsModule: CommandModule = {
  name: 'money-operations',
  routes: moneyOperationRoutes,
};
