// POST notifications/read: the caller marks their notifications read up to a sequence number.
// POST payment-notifications/read: the caller opens one of their agency payments.
import { streamIds } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { isAgencyPayoutTo } from '@murmur/projections/queries/wallet-history';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandModule } from '../command-module.ts';
import { notificationDecider } from './decide.ts';

const notificationCommands = defineCommandHandler({ decider: notificationDecider, streamId: streamIds.notifications });

export const notificationsModule: CommandModule = {
  name: 'notifications',
  routes(router, deps) {
    defineRoute(router, 'POST /notifications/read', async ({ me: { uid }, body: { upToSeq } }) => {
      const result = await notificationCommands.run(
        deps,
        uid,
        { type: 'MarkNotificationsRead', uid, upToSeq, now: deps.clock.now() },
        { actorUid: uid },
      );
      return { position: result.position.toString() };
    });

    defineRoute(router, 'POST /payment-notifications/read', async ({ me: { uid }, body: { withdrawalId } }) => {
      // Only a payment the caller was shown: an agency payout to them, which the list's read model
      // holds once shown (a row there never disappears), so another's id is refused and writes nothing.
      if (!(await isAgencyPayoutTo(deps.pool, withdrawalId, uid))) throw new ApiError('NOT_FOUND', 'No payment with this id.');
      const result = await notificationCommands.run(
        deps,
        uid,
        { type: 'MarkPaymentNotificationRead', uid, withdrawalId, now: deps.clock.now() },
        { actorUid: uid },
      );
      return { position: result.position.toString() };
    });
  },
};
