// POST notifications/read: the caller marks their notifications read up to a sequence number.
import { MarkNotificationsReadBody } from '@murmur/contracts';
import { currentUser, parse, requireAuth } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandModule } from '../modules.ts';
import { notificationDecider } from './decide.ts';
import { notificationStreamId } from './notifications.ts';

const notificationCommands = defineCommandHandler({ decider: notificationDecider, streamId: notificationStreamId });

export const notificationsModule: CommandModule = {
  name: 'notifications',
  routes(router, deps) {
    router.post('/notifications/read', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { upToSeq } = parse(MarkNotificationsReadBody, req.body);
      const result = await notificationCommands.run(deps, uid, { type: 'MarkNotificationsRead', uid, upToSeq, now: deps.clock.now() }, { actorUid: uid });
      res.json({ position: result.position.toString() });
    });
  },
};
