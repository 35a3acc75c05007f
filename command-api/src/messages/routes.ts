// Direct messages (docs/decisions/messages.md): send with the first-message rules, mark a
// thread read (messages/refresh). Block is the social module's (messages/block/{uid}).
import { randomUUID } from 'node:crypto';
import { socialTexts, threadIdOf, streamIds } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { ownsKey } from '../media/public.ts';
import type { CommandModule } from '../command-module.ts';
import { loadSocial, targetUid } from '../social/public.ts';
import { threadDecider } from './decide.ts';

const threadCommands = defineCommandHandler({ decider: threadDecider, streamId: streamIds.dm });

export const messagesModule: CommandModule = {
  name: 'messages',
  routes(router, deps) {
    defineRoute(router, 'POST /messages/send/{uid}', async ({ me: { uid }, params, body }) => {
      const recipient = targetUid(params.uid);
      if (body.imageFileName) {
        const object = ownsKey(uid.replace(/[^\w-]/g, '_'), body.imageFileName) ? await deps.objects.head(body.imageFileName) : null;
        if (!object) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
      }
      const [mine, theirs] = await Promise.all([loadSocial(deps, uid), loadSocial(deps, recipient)]);
      const threadId = threadIdOf(uid, recipient);
      const result = await threadCommands.run(
        deps,
        threadId,
        {
          type: 'SendMessage',
          threadId,
          messageId: randomUUID(),
          senderUid: uid,
          recipientUid: recipient,
          text: body.text,
          imageFileName: body.imageFileName ?? null,
          mutualFollow: mine.following.has(recipient) && theirs.following.has(uid),
          blocked: mine.blocked.has(recipient) || theirs.blocked.has(uid),
          now: deps.clock.now(),
        },
        { actorUid: uid, idempotencyKey: body.clientMessageId ? `dm:${uid}:${body.clientMessageId}` : undefined },
      );
      const sent = result.events[0];
      return { position: result.position.toString(), threadId, messageId: sent?.type === 'DirectMessageSent' ? sent.data.messageId : null };
    });

    defineRoute(router, 'POST /messages/refresh', async ({ me: { uid }, body: { threadId } }) => {
      const other = threadId.split('@').find((u) => u !== uid);
      if (!threadId.split('@').includes(uid) || !other) throw new ApiError('NOT_FOUND', 'Conversation not found.');
      const result = await threadCommands.run(
        deps,
        threadId,
        { type: 'MarkRead', threadId, uid, otherUid: other, now: deps.clock.now() },
        { actorUid: uid },
      );
      return { position: result.position.toString() };
    });
  },
};
