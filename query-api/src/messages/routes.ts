// DM queries: the viewer's threads (newest first, with unread flags) and a thread's messages,
// 20 a page going back in time from a pagination timestamp.
import { pageMeta, type DirectMessage, type MessageThread } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { dmMessagePage, dmThreadPage, unreadThreadCount } from '@murmur/projections/queries/direct-messages';
import { lowerPrefixPattern } from '@murmur/projections/queries/sql-patterns';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/public.ts';

export function messageRoutes(router: express.Router, deps: QueryDeps): void {
  const pool = deps.pool;
  defineRoute(
    router,
    'GET /messages/threads',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await dmThreadPage(pool, {
        uid,
        namePrefix: query.q ? lowerPrefixPattern(query.q) : undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const items: MessageThread[] = await Promise.all(
        rows.map(async (r) => ({
          threadId: r.thread_id,
          otherUid: r.other_uid,
          otherUsername: r.username,
          otherProfilePic: await mediaUrl(deps, r.profile_pic),
          lastMessage: r.last_message,
          lastMessageAt: r.last_message_at.toISOString(),
          unread: r.unread,
        })),
      );
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(pool, ['direct-messages', 'profiles'])] },
  );

  const fresh = { before: [freshness(pool, ['direct-messages'])] };
  defineRoute(router, 'GET /messages/unread', async ({ me }) => ({ unreadThreads: await unreadThreadCount(pool, me.uid) }), fresh);

  defineRoute(
    router,
    'GET /messages/threads/{threadId}',
    async ({ me: { uid }, params: { threadId }, query }) => {
      if (!threadId.split('@').includes(uid)) throw new ApiError('NOT_FOUND', 'Conversation not found.');
      const rows = await dmMessagePage(pool, threadId, query.before ?? null, query.limit);
      const items: DirectMessage[] = await Promise.all(
        rows.reverse().map(async (r) => ({
          messageId: r.message_id,
          threadId: r.thread_id,
          senderUid: r.sender_uid,
          recipientUid: r.recipient_uid,
          text: r.text,
          imageFileName: r.image_file_name,
          imageUrl: await mediaUrl(deps, r.image_file_name),
          sentAt: r.sent_at.toISOString(),
        })),
      );
      // The next page's pagination timestamp: the oldest message shown, when the page was full.
      return { items, nextBefore: rows.length === query.limit ? (items[0]?.sentAt ?? null) : null };
    },
    fresh,
  );
}
