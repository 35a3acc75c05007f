// Creator subscriptions: a creator sets a monthly price; a user subscribes, decided on the
// SUBSCRIBER's wallet stream with its expected version (two clicks at once buy one subscription);
// the creator's charm comes by projection, like a gift's.
import { defineRoute } from '@murmur/platform';
import type { CommandModule } from '../command-module.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { planCommands } from './plan.ts';
import { subscribeToCreator } from './public.ts';

export const subscriptionsModule: CommandModule = {
  name: 'subscriptions',
  routes(router, deps) {
    defineRoute(router, 'POST /user/subscription/price', async ({ me: { uid }, body }) => {
      const result = await planCommands.run(
        deps,
        uid,
        { type: 'SetPrice', creatorUid: uid, price: body.price, at: deps.clock.now().toISOString() },
        { actorUid: uid },
      );
      return { position: result.position.toString(), price: result.state.price };
    });

    defineRoute(router, 'POST /user/subscribe/{uid}', async ({ me: { uid }, params, body, req, repeated }) => {
      const creatorUid = params.uid;
      const { key } = routeIdempotencyKey(req, uid, `user/subscribe/${creatorUid}`);
      const result = await subscribeToCreator(deps, uid, creatorUid, body.currentUntil, key);
      const subscription = result.events.find((e) => e.type === 'SubscribedToCreator');
      if (result.duplicate) repeated();
      return {
        position: result.position.toString(),
        balance: result.balance,
        duplicate: result.duplicate,
        subscription: subscription?.data ?? null,
      };
    });
  },
};
