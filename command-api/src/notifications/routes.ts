// POST notifications/read: the caller marks their notifications read up to a sequence number.
import { MarkNotificationsReadBody } from '@murmur/contracts';
import { currentUser, parse, requireAuth } from '@murmur/platform';
import { handleCommand } from '../decider/handle-command.ts';
import type { CommandModule } from '../modules.ts';
import { notificationDecider } from './decide.ts';
import { notificationStreamId } from './notifications.ts';

export const notificationsModule: CommandModule = {
  name: 'notifications',
  routes(router, deps) {
    router.post('/notifications/read', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { upToSeq } = parse(MarkNotificationsReadBody, req.body);
      const result = await handleCommand(deps.store, notificationStreamId(uid), notificationDecider, { type: 'MarkNotificationsRead', uid, upToSeq, now: deps.clock.now() }, {
        cache: deps.cache,
        metadata: { actorUid: uid },
      });
      res.json({ position: result.position.toString() });
    });
  },
};
