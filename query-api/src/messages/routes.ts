// DM queries: the viewer's threads (newest first, with unread flags) and a thread's messages,
// 20 a page going back in time from a pagination timestamp.
import {
  MessageHistory,
  MessagesQuery,
  MessageThreadPage,
  pageMeta,
  UnreadMessages,
  type DirectMessage,
  type MessageThread,
  MessageThreadsQuery,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/routes.ts';

export function messageRoutes(router: express.Router, deps: QueryDeps): void {
  const pool = deps.pool;
  router.get('/messages/threads', requireAuth(), freshness(pool, ['direct-messages', 'profiles']), async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(MessageThreadsQuery, req.query);
    const values: unknown[] = [uid];
    let filter = 't.uid = $1';
    if (query.q) {
      values.push(`${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      filter += ` and lower(p.username) like $2`;
    }
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query(
        `select t.thread_id, t.other_uid, p.username, p.profile_pic, t.last_message, t.last_message_at, t.unread
           from rm.dm_threads t left join rm.profiles p on p.uid = t.other_uid
          where ${filter} order by t.last_message_at desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
        values,
      ),
      pool.query<{ n: number }>(
        `select count(*)::int as n from rm.dm_threads t left join rm.profiles p on p.uid = t.other_uid where ${filter}`,
        values,
      ),
    ]);
    const items: MessageThread[] = await Promise.all(
      rows.map(async (r) => ({
        threadId: r.thread_id,
        otherUid: r.other_uid,
        otherUsername: r.username,
        otherProfilePic: await mediaUrl(deps, r.profile_pic),
        lastMessage: r.last_message,
        lastMessageAt: (r.last_message_at as Date).toISOString(),
        unread: r.unread,
      })),
    );
    send(res, MessageThreadPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });

  router.get('/messages/unread', requireAuth(), freshness(pool, ['direct-messages']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from rm.dm_threads where uid = $1 and unread', [uid]);
    send(res, UnreadMessages, { unreadThreads: rows[0]?.n ?? 0 });
  });

  router.get('/messages/threads/:threadId', requireAuth(), freshness(pool, ['direct-messages']), async (req, res) => {
    const { uid } = currentUser(req);
    const threadId = String(req.params.threadId);
    if (!threadId.split('@').includes(uid)) throw new ApiError('NOT_FOUND', 'Conversation not found.');
    const query = parse(MessagesQuery, req.query);
    const { rows } = await pool.query(
      `select message_id, thread_id, sender_uid, recipient_uid, text, image_file_name, sent_at from rm.dm_messages
        where thread_id = $1 and ($2::timestamptz is null or sent_at < $2) order by sent_at desc, seq desc limit $3`,
      [threadId, query.before ?? null, query.limit],
    );
    const items: DirectMessage[] = await Promise.all(
      rows.reverse().map(async (r) => ({
        messageId: r.message_id,
        threadId: r.thread_id,
        senderUid: r.sender_uid,
        recipientUid: r.recipient_uid,
        text: r.text,
        imageFileName: r.image_file_name,
        imageUrl: await mediaUrl(deps, r.image_file_name),
        sentAt: (r.sent_at as Date).toISOString(),
      })),
    );
    // The next page's pagination timestamp: the oldest message shown, when the page was full.
    send(res, MessageHistory, { items, nextBefore: rows.length === query.limit ? (items[0]?.sentAt ?? null) : null });
  });
}
