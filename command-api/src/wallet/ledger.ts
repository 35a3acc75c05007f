// The wallet's entry points for every module: credit or spend diamonds on `wallet-{uid}`, exactly
// once per idempotency key, never below zero.
import { createHash } from 'node:crypto';
import type { DiamondReason } from '@murmur/contracts';
import { firstResultOfKey } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import { handleCommand, loadState } from '../decider/handle-command.ts';
import type { CommandDeps } from '../dependencies.ts';
import { walletDecider, type WalletCommand } from './decide.ts';
import { maybeSnapshot, primeFromSnapshot } from './snapshots.ts';
import { KeyedMutex } from './stream-lock.ts';
import { walletStreamId, type WalletEvent, type WalletState } from './wallet.ts';

export interface LedgerEntry {
  uid: string;
  amount: number;
  reason: DiamondReason;
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

const mutexes = new WeakMap<object, KeyedMutex>();
function mutexFor(deps: CommandDeps): KeyedMutex {
  let m = mutexes.get(deps.store);
  if (!m) mutexes.set(deps.store, (m = new KeyedMutex()));
  return m;
}

/** Keys of the event store are global; the wallet's are scoped to the wallet so that a caller's key
 * can never collide with an append of its own on another stream. */
export function walletKey(uid: string, key: string): string {
  const scoped = `${walletStreamId(uid)}:${key}`;
  // The store takes keys up to 300 characters; a long scoped key is replaced by its digest.
  return scoped.length <= 250 ? scoped : `${walletStreamId(uid)}:sha256:${createHash('sha256').update(key).digest('hex')}`;
}

async function firstResult(deps: CommandDeps, uid: string, scopedKey: string): Promise<WalletResult | null> {
  const first = await firstResultOfKey(deps.pool, scopedKey);
  if (!first) return null;
  const { state } = await loadState(deps.store, walletStreamId(uid), walletDecider, deps.cache);
  return { position: first.lastPosition, balance: state.balance, events: first.events as WalletEvent[], duplicate: true, state };
}

/** Runs one wallet command: decide on the stream's state, append with the expected version and
 * the scoped idempotency key. A repeated key returns the first result, even when the balance has
 * since changed so much that deciding again would refuse. Commands on one wallet queue in-process,
 * so the cached state is almost always the stream's latest: a command then costs one round trip
 * (the append, which also answers a key seen before); a clash falls back to reading the stream. */
export async function runWalletCommand(
  deps: CommandDeps,
  uid: string,
  command: WalletCommand,
  idempotencyKey: string,
  metadata: Record<string, unknown> = {},
): Promise<WalletResult> {
  const scopedKey = walletKey(uid, idempotencyKey);
  const streamId = walletStreamId(uid);
  try {
    return await mutexFor(deps).run(streamId, async () => {
      await primeFromSnapshot(deps, streamId);
      const result = await handleCommand(deps.store, streamId, walletDecider, command, {
        idempotencyKey: scopedKey,
        cache: deps.cache,
        decideOnCache: true,
        metadata: { actorUid: uid, ...metadata },
      });
      maybeSnapshot(deps, streamId);
      return { position: result.position, balance: result.state.balance, events: result.events, duplicate: result.duplicate, state: result.state };
    });
  } catch (error) {
    // A refusal (the balance has since been spent) may answer a retry whose first run completed
    // earlier: the key's first result is the answer.
    if (error instanceof ApiError) {
      const late = await firstResult(deps, uid, scopedKey);
      if (late) return late;
    }
    throw error;
  }
}

export async function spendDiamonds(deps: CommandDeps, entry: LedgerEntry): Promise<{ position: bigint; balance: number }> {
  const { position, balance } = await runWalletCommand(
    deps,
    entry.uid,
    { type: 'SpendDiamonds', uid: entry.uid, amount: entry.amount, reason: entry.reason, reference: entry.reference, at: deps.clock.now().toISOString() },
    entry.idempotencyKey,
  );
  return { position, balance };
}

export async function creditDiamonds(deps: CommandDeps, entry: LedgerEntry): Promise<{ position: bigint; balance: number }> {
  const { position, balance } = await runWalletCommand(
    deps,
    entry.uid,
    { type: 'CreditDiamonds', uid: entry.uid, amount: entry.amount, reason: entry.reason, reference: entry.reference, at: deps.clock.now().toISOString() },
    entry.idempotencyKey,
  );
  return { position, balance };
}

/** The wallet's current state from the stream (and the in-memory cache), never from a read model. */
export async function loadWallet(deps: CommandDeps, uid: string): Promise<WalletState> {
  await primeFromSnapshot(deps, walletStreamId(uid));
  return (await loadState(deps.store, walletStreamId(uid), walletDecider, deps.cache)).state;
}
