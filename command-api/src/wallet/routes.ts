// The money module's commands: purchases, withdrawals, creator cash-outs and blockchain wallets.
// Payments (card, crypto, sandbox, VIP checkout) are in ../payments, gifts in ../gifting.
import { findSku, guildTexts, money, PurchaseBody, WithdrawalAnswer, WithdrawBody, withdrawal } from '@murmur/contracts';
import { ApiError, defineRoute, type RouteInput } from '@murmur/platform';
import type express from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { lobbiesJoinedBy } from '@murmur/projections/queries/lobbies';
import { charmCredited } from '@murmur/projections/queries/wallet-balances';
import type { CommandDeps } from '../dependencies.ts';
import { agencyCommands, hostMembershipCommands } from '../guild/guild-commands.ts';
import type { CommandModule } from '../command-module.ts';
import { changeBlockchainWallets } from './blockchain-wallets.ts';
import { availableCharm, earningsCommands, earningsDecider, type EarningsCommand } from './earnings.ts';
import { routeIdempotencyKey } from './idempotency.ts';
import { walletDecider, type PurchaseSku } from './decide.ts';
import { loadWallet, runWalletCommand } from './ledger.ts';

const idFromKey = (prefix: string, key: string) => `${prefix}-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

function skuFor(body: z.infer<typeof PurchaseBody>) {
  const sku = findSku(body.skuId);
  if (!sku) throw new ApiError('NOT_FOUND', 'Item not found.');
  if (sku.needsTarget && !body.target) throw new ApiError('VALIDATION_FAILED', 'target is required.');
  return sku;
}

function purchaseCommand(uid: string, body: z.infer<typeof PurchaseBody>, purchaseId: string, at: string): PurchaseSku {
  const sku = skuFor(body);
  return {
    type: 'PurchaseSku',
    uid,
    purchaseId,
    sku: {
      id: sku.id,
      kind: sku.kind,
      name: sku.name,
      price: sku.price,
      months: sku.months,
      days: sku.days,
      badge: sku.badge,
      availableUntil: sku.availableUntil,
    },
    quantity: body.quantity,
    ...(body.target ? { target: body.target } : {}),
    at,
  };
}

/** A purchase decided on the wallet's current state without appending: what it costs, the balance
 * after, and the refusal the real purchase would meet (sold out, no longer sold, not enough diamonds). */
async function dryRunPurchase(deps: CommandDeps, uid: string, body: z.infer<typeof PurchaseBody>) {
  const command = purchaseCommand(uid, body, 'dry-run', deps.clock.now().toISOString());
  const wallet = await loadWallet(deps, uid);
  const diamondsTotal = command.sku.price * body.quantity;
  let refusal: ApiError | null = null;
  try {
    walletDecider.decide(command, wallet);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refusal = error;
  }
  return {
    valid: refusal === null,
    skuId: command.sku.id,
    quantity: body.quantity,
    price: command.sku.price,
    diamondsTotal,
    balance: wallet.balance,
    balanceAfter: wallet.balance - diamondsTotal,
    shortBy: Math.max(0, diamondsTotal - wallet.balance),
    code: refusal?.code ?? null,
    message: refusal?.message ?? null,
  };
}

/** The lobbies a user is in (read model): where a change of their looks is news. At most 20. */
async function lobbiesOf(deps: CommandDeps, uid: string): Promise<string[]> {
  return lobbiesJoinedBy(deps.pool, uid).catch(() => []);
}

/** Charm credited to a user by gifts, from the balances projection: it only grows, so a stale
 * figure can only refuse a withdrawal that would have passed, never allow one that should not. */
async function creditedCharm(deps: CommandDeps, uid: string): Promise<number> {
  return charmCredited(deps.pool, uid);
}

/** An agency pays only creators on its own roster. The roster rule is decided on the host's
 * membership stream (`agency-host-{uid}`) with an expected version, where leaving the agency is
 * decided too: a payout and a removal racing are ordered there, never checked first and written
 * later. Operators move a creator's charm only by settling withdrawals in the console. */
async function authorizeAgencyPayout(deps: CommandDeps, caller: { uid: string }, creatorUid: string, withdrawalId: string): Promise<void> {
  const membership = await hostMembershipCommands.load(deps, creatorUid);
  const agencyId = membership.state.payouts[withdrawalId] ?? membership.state.agencyId;
  if (!agencyId) throw new ApiError('FORBIDDEN', guildTexts.hostNotInAgency);
  // Who owns an agency never changes after its creation, so this read needs no version.
  const { state: agency } = await agencyCommands.load(deps, agencyId);
  if (agency.ownerUid !== caller.uid) throw new ApiError('FORBIDDEN', guildTexts.hostNotInAgency);
  await hostMembershipCommands.run(
    deps,
    creatorUid,
    { type: 'AuthorizePayout', hostUid: creatorUid, agencyId, withdrawalId, now: deps.clock.now() },
    { actorUid: caller.uid },
  );
}

function walletCommandRoutes(router: express.Router, deps: CommandDeps): void {
  // ---- purchases ----
  defineRoute(router, 'POST /payment/purchase/validate', async ({ me: { uid }, body }) => dryRunPurchase(deps, uid, body));

  // `skus/credit/condition` (docs/decisions/money.md): may the caller get this item with their diamonds,
  // and what is left after. The same dry run as the validation, under the clients' name.
  defineRoute(router, 'POST /skus/credit/condition', async ({ me: { uid }, body }) => dryRunPurchase(deps, uid, body));

  defineRoute(router, 'POST /payment/purchase', async ({ me: { uid }, body, req, repeated }) => {
    skuFor(body);
    const { key } = routeIdempotencyKey(req, uid, 'payment/purchase');
    const result = await runWalletCommand(
      deps,
      uid,
      purchaseCommand(uid, body, idFromKey('purchase', key), deps.clock.now().toISOString()),
      key,
    );
    const purchase = result.events.find((e) => e.type === 'SkuPurchased');
    if (result.duplicate) repeated();
    return {
      status: 'succeeded',
      position: result.position.toString(),
      balance: result.balance,
      duplicate: result.duplicate,
      purchase: purchase?.data ?? null,
    };
  });

  // ---- collections: wear or take off an owned frame or badge, decided on the wallet stream ----
  defineRoute(router, 'POST /wallet/collections/equip', async ({ me: { uid }, body }) => {
    const result = await runWalletCommand(
      deps,
      uid,
      {
        type: 'ChangeAppearance',
        uid,
        itemId: body.itemId,
        equip: body.equip,
        lobbyIds: await lobbiesOf(deps, uid),
        at: deps.clock.now().toISOString(),
      },
      `equip:${randomUUID()}`,
    );
    return { position: result.position.toString(), frameId: result.state.frameId, badgeIds: result.state.badgeIds };
  });

  // ---- withdrawals: validate first, then submit (docs/decisions/money.md) ----
  const withdrawCommand = async (uid: string, body: z.infer<typeof WithdrawBody>, withdrawalId: string): Promise<EarningsCommand> => ({
    type: 'WithdrawCharm',
    withdrawalId,
    uid,
    charm: body.amount,
    creditedTotal: await creditedCharm(deps, uid),
    minimumCharm: withdrawal.minimumCharm,
    usdPerCharm: money.usdPerCharm,
    kind: 'withdrawal',
    method: body.method,
    ...(body.method === 'crypto' ? { network: body.network } : {}),
    address: body.address,
    ...(body.method === 'bank' && body.bankCountry ? { bankCountry: body.bankCountry } : {}),
    at: deps.clock.now().toISOString(),
  });

  defineRoute(router, 'POST /wallet/withdraw/validate', async ({ me: { uid }, body }) => {
    const command = await withdrawCommand(uid, body, 'validate');
    const { state } = await earningsCommands.load(deps, uid);
    earningsDecider.decide(command, state); // throws the refusal the real withdrawal would meet
    return {
      valid: true,
      charm: body.amount,
      usd: Math.round(body.amount * money.usdPerCharm * 100) / 100,
      available: availableCharm(state, command.type === 'WithdrawCharm' ? command.creditedTotal : 0),
    };
  });

  defineRoute(router, 'POST /wallet/withdraw', async ({ me: { uid }, body, req, repeated }) => {
    const { key } = routeIdempotencyKey(req, uid, 'wallet/withdraw');
    const withdrawalId = idFromKey('wd', key);
    const result = await earningsCommands.run(deps, uid, await withdrawCommand(uid, body, withdrawalId), { idempotencyKey: key });
    // A retry of a pending withdrawal decides nothing new: it answers 200 with the same id.
    if (result.duplicate || result.events.length === 0) repeated();
    return { status: 'pending', transactionId: withdrawalId, position: result.position.toString() };
  });

  // ---- creator cash-out by an agency, with proof of payment ----
  defineRoute(router, 'POST /wallet/creator/payment', async ({ me: agency, body, req, repeated }) => {
    const { key } = routeIdempotencyKey(req, agency.uid, `wallet/creator/payment:${body.creatorUid}`);
    const withdrawalId = idFromKey('payout', key);
    await authorizeAgencyPayout(deps, agency, body.creatorUid, withdrawalId);
    const result = await earningsCommands.run(
      deps,
      body.creatorUid,
      {
        type: 'WithdrawCharm',
        withdrawalId,
        uid: body.creatorUid,
        charm: body.amount,
        creditedTotal: await creditedCharm(deps, body.creatorUid),
        minimumCharm: 1,
        usdPerCharm: money.usdPerCharm,
        kind: 'agency_payout',
        agencyUid: agency.uid,
        proofUrl: body.proofUrl,
        at: deps.clock.now().toISOString(),
      },
      { idempotencyKey: key },
    );
    // A retry decides nothing new (the payout is pending already): 200 with the same id.
    if (result.duplicate || result.events.length === 0) repeated();
    return { status: 'pending', transactionId: withdrawalId, position: result.position.toString() };
  });

  const confirmCashout = async ({
    me: { uid },
    body,
  }: RouteInput<'PUT /cashout-confirm' | 'PUT /wallet/creator/cashout-confirm'>): Promise<WithdrawalAnswer> => {
    const { state } = await earningsCommands.load(deps, uid);
    // A repeated answer answers like the first one.
    const settled = state.settled[body.withdrawalId];
    if (settled) return { status: settled, transactionId: body.withdrawalId, position: '0' };
    if (state.pending[body.withdrawalId]?.kind !== 'agency_payout') throw new ApiError('NOT_FOUND', 'No pending payment with this id.');
    const at = deps.clock.now().toISOString();
    // A creator who did not receive the payment disputes it: the charm comes back to them.
    const result = await earningsCommands.run(
      deps,
      uid,
      body.received
        ? { type: 'CompleteWithdrawal', withdrawalId: body.withdrawalId, uid, at }
        : { type: 'FailWithdrawal', withdrawalId: body.withdrawalId, uid, reason: 'The creator did not receive this payment.', at },
      { idempotencyKey: `settle:${body.withdrawalId}` },
    );
    return { status: body.received ? 'completed' : 'failed', transactionId: body.withdrawalId, position: result.position.toString() };
  };
  defineRoute(router, 'PUT /cashout-confirm', confirmCashout);
  defineRoute(router, 'PUT /wallet/creator/cashout-confirm', confirmCashout);

  // ---- blockchain wallets ----
  defineRoute(router, 'POST /wallet/blockchain', async ({ me: { uid }, body, req }) => {
    const { key, supplied } = routeIdempotencyKey(req, uid, 'wallet/blockchain');
    const walletId = supplied ? idFromKey('bw', key) : `bw-${randomUUID()}`;
    const result = await changeBlockchainWallets(deps, uid, { type: 'Add', uid, walletId, ...body, at: deps.clock.now().toISOString() });
    return { walletId, position: result.position.toString() };
  });
  for (const [key, type] of [
    ['POST /wallet/blockchain/rename', 'Rename'],
    ['POST /wallet/blockchain/update', 'Update'],
    ['POST /wallet/blockchain/remove', 'Remove'],
  ] as const) {
    defineRoute(router, key, async ({ me: { uid }, body }) => {
      if (type === 'Rename' && !body.name) throw new ApiError('VALIDATION_FAILED', 'name is required.');
      const at = deps.clock.now().toISOString();
      const result = await changeBlockchainWallets(
        deps,
        uid,
        type === 'Remove' ? { type, uid, walletId: body.walletId, at } : { type, uid, ...body, at },
      );
      return { walletId: body.walletId, position: result.position.toString() };
    });
  }
}

export const moneyModule: CommandModule = {
  name: 'money',
  routes: walletCommandRoutes,
};
