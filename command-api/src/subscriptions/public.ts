// What other modules may use of subscriptions: subscribing (payments finishes a card checkout with it).
import { money } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { createHash } from 'node:crypto';
import type { CommandDeps, LedgerDeps } from '../dependencies.ts';
import { runWalletCommand, walletCommands, type WalletResult } from '../wallet/ledger.ts';
import { planCommands } from './plan.ts';

const uidPattern = /^[\w:.-]{1,128}$/;

const subscriptionIdOf = (key: string) => `sub-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** Subscribes `uid` to `creatorUid` for 30 days at the creator's current price. */
export async function subscribeToCreator(
  deps: CommandDeps,
  uid: string,
  creatorUid: string,
  currentUntil: string | null,
  key: string,
): Promise<WalletResult> {
  if (!uidPattern.test(creatorUid)) throw new ApiError('NOT_FOUND', 'User not found.');
  const { state: plan } = await planCommands.load(deps, creatorUid);
  return runWalletCommand(
    deps,
    uid,
    {
      type: 'SubscribeToCreator',
      uid,
      subscriptionId: subscriptionIdOf(key),
      creatorUid,
      price: plan.price,
      currentUntil,
      charmShare: money.hostCharmShare,
      at: deps.clock.now().toISOString(),
    },
    key,
  );
}

/** The subscription checkout's last step: the card paid for 30 days at `price` (the price shown when
 * it was opened), so they are bought at that price and from the current end, whatever it is now. */
export async function subscribeAfterPayment(
  deps: LedgerDeps,
  uid: string,
  creatorUid: string,
  price: number,
  key: string,
): Promise<WalletResult> {
  const result = await walletCommands.run(
    deps,
    uid,
    (state) => ({
      type: 'SubscribeToCreator',
      uid,
      subscriptionId: subscriptionIdOf(key),
      creatorUid,
      price,
      currentUntil: state.subscriptions[creatorUid] ?? null,
      charmShare: money.hostCharmShare,
      at: deps.clock.now().toISOString(),
    }),
    { idempotencyKey: key, actorUid: uid },
  );
  return {
    position: result.position,
    balance: result.state.balance,
    events: result.events,
    duplicate: result.duplicate,
    state: result.state,
  };
}
