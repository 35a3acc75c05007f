// Creator subscriptions: a creator sets a monthly price; a user subscribes, decided on the
// SUBSCRIBER's wallet stream with its expected version (two clicks at once buy one subscription);
// the creator's charm comes by projection, like a gift's.
import { money, SetSubscriptionPriceBody, SubscribeBody, SubscribedAnswer, SubscriptionPriceAnswer } from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import { createHash } from 'node:crypto';
import type { CommandDeps, LedgerDeps } from '../dependencies.ts';
import type { CommandModule } from '../modules.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
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

export const subscriptionsModule: CommandModule = {
  name: 'subscriptions',
  routes(router, deps) {
    router.post('/user/subscription/price', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const body = parse(SetSubscriptionPriceBody, req.body);
      const result = await planCommands.run(
        deps,
        uid,
        { type: 'SetPrice', creatorUid: uid, price: body.price, at: deps.clock.now().toISOString() },
        { actorUid: uid },
      );
      send(res, SubscriptionPriceAnswer, { position: result.position.toString(), price: result.state.price });
    });

    router.post('/user/subscribe/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const creatorUid = String(req.params.uid ?? '');
      const body = parse(SubscribeBody, req.body);
      const { key } = routeIdempotencyKey(req, uid, `user/subscribe/${creatorUid}`);
      const result = await subscribeToCreator(deps, uid, creatorUid, body.currentUntil, key);
      const subscription = result.events.find((e) => e.type === 'SubscribedToCreator');
      send(
        res,
        SubscribedAnswer,
        {
          position: result.position.toString(),
          balance: result.balance,
          duplicate: result.duplicate,
          subscription: subscription?.data ?? null,
        },
        result.duplicate ? 200 : 201,
      );
    });
  },
};
