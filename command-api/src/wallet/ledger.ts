// The wallet's entry points for every module: credit or spend diamonds on `wallet-{uid}`, exactly
// once per idempotency key, never below zero.
import { streamIds, type CreditReason, type DebitReason, type PaidCreditReason } from '@murmur/contracts';
import { defineCommandHandler, type RunOptions } from '../decider/command-handler.ts';
import type { CommandInput } from '../decider/handle-command.ts';
import type { LedgerDeps } from '../dependencies.ts';
import { walletDecider, type WalletCommand } from './decide.ts';
import { walletSnapshots } from './snapshots.ts';
import { type WalletEvent, type WalletState } from './wallet.ts';

export interface LedgerEntry<Reason extends string> {
  uid: string;
  amount: number;
  reason: Reason;
  reference: string;
  /** The caller's key; the same key never moves diamonds twice. */
  idempotencyKey: string;
}

export interface WalletResult {
  position: bigint;
  balance: number;
  events: WalletEvent[];
  duplicate: boolean;
  state: WalletState;
}

/** Every wallet command: queued per wallet in this process (a warm command is one append),
 * snapshots every 1,000 events, keys scoped by the wallet (`wallet-{uid}:{key}`). */
export const walletCommands = defineCommandHandler({
  decider: walletDecider,
  streamId: streamIds.wallet,
  queue: 'per-stream',
  snapshots: walletSnapshots,
  idempotencyScope: 'stream',
});

/** Runs one wallet command, exactly once per idempotency key: a repeated key answers with the first
 * result, even when the balance has since changed so much that deciding again would refuse. With a
 * guard, the command is appended only while the guard's stream is still at its version; when it
 * moved, nothing is written and GuardMoved goes up to the caller, who decides again. */
export async function runWalletCommand(
  deps: LedgerDeps,
  uid: string,
  command: CommandInput<WalletState, WalletCommand>,
  idempotencyKey: string,
  options: Pick<RunOptions, 'metadata' | 'guard'> = {},
): Promise<WalletResult> {
  const result = await walletCommands.run(deps, uid, command, { idempotencyKey, actorUid: uid, ...options });
  return {
    position: result.position,
    balance: result.state.balance,
    events: result.events,
    duplicate: result.duplicate,
    state: result.state,
  };
}

export async function spendDiamonds(deps: LedgerDeps, entry: LedgerEntry<DebitReason>): Promise<{ position: bigint; balance: number }> {
  const { position, balance } = await runWalletCommand(
    deps,
    entry.uid,
    {
      type: 'SpendDiamonds',
      uid: entry.uid,
      amount: entry.amount,
      reason: entry.reason,
      reference: entry.reference,
      at: deps.clock.now().toISOString(),
    },
    entry.idempotencyKey,
  );
  return { position, balance };
}

/** An unpaid credit (paid ones are a confirmed payment's, credited by the payment reactor). */
export async function creditDiamonds(
  deps: LedgerDeps,
  entry: LedgerEntry<Exclude<CreditReason, PaidCreditReason>>,
): Promise<{ position: bigint; balance: number }> {
  const { position, balance } = await runWalletCommand(
    deps,
    entry.uid,
    {
      type: 'CreditDiamonds',
      uid: entry.uid,
      amount: entry.amount,
      reason: entry.reason,
      reference: entry.reference,
      at: deps.clock.now().toISOString(),
    },
    entry.idempotencyKey,
  );
  return { position, balance };
}

/** Whether `uid` is VIP at `at` (docs/decisions/vip.md), from the wallet stream, never a read model. */
export async function isVipAt(deps: LedgerDeps, uid: string, at: string): Promise<boolean> {
  const { vipUntil } = await loadWallet(deps, uid);
  return vipUntil !== null && vipUntil > at;
}

/** The wallet's current state from the stream (and the in-memory cache), never from a read model. */
export async function loadWallet(deps: LedgerDeps, uid: string): Promise<WalletState> {
  return (await walletCommands.load(deps, uid)).state;
}
