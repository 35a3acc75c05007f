// What a report names, read when it is filed: whose content it is, the content as the reporter saw
// it, and a few lines of context. Read from the read models the reporter was looking at; a DM only
// by one of its two people.
import { moderationTexts, type ReportTarget } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type pg from 'pg';

export interface ReportSubject {
  subjectUid: string | null;
  lobbyId: string | null;
  content: string | null;
  context: Array<{ uid: string; text: string; at: string }>;
}

const notFound = () => new ApiError('NOT_FOUND', moderationTexts.contentNotFound);
const iso = (d: Date | string) => new Date(d).toISOString();

export async function resolveReportSubject(
  pool: Pick<pg.Pool, 'query'>,
  reporterUid: string,
  target: ReportTarget,
): Promise<ReportSubject> {
  switch (target.kind) {
    case 'user': {
      // A profile being read may not be projected yet: the case names the uid either way.
      const { rows } = await pool.query<{ username: string }>('select username from rm.users where uid = $1', [target.uid]);
      return { subjectUid: target.uid, lobbyId: null, content: rows[0]?.username ?? null, context: [] };
    }
    case 'lobby': {
      const { rows } = await pool.query<{ owner_uid: string; title: string }>(
        'select owner_uid, title from rm.lobbies where lobby_id = $1',
        [target.lobbyId],
      );
      if (!rows[0]) throw notFound();
      return { subjectUid: rows[0].owner_uid, lobbyId: target.lobbyId, content: rows[0].title, context: [] };
    }
    case 'post': {
      const { rows } = await pool.query<{ author_uid: string; content: string }>(
        'select author_uid, content from rm.wall_posts where post_id = $1 and not deleted',
        [target.postId],
      );
      if (!rows[0]) throw notFound();
      return { subjectUid: rows[0].author_uid, lobbyId: null, content: rows[0].content, context: [] };
    }
    case 'message': {
      const { rows } = await pool.query<{ position: string; uid: string; body: string; room_id: string | null }>(
        `select position::text, uid, body, room_id from rm.lobby_chat where message_id = $1 and lobby_id = $2 and message_type <> 'gift'`,
        [target.messageId, target.lobbyId],
      );
      const message = rows[0];
      if (!message) throw notFound();
      // The five lines before it in the same lobby (or room): what the moderator needs to judge it.
      const { rows: before } = await pool.query<{ uid: string; body: string; posted_at: Date }>(
        `select uid, body, posted_at from rm.lobby_chat
          where lobby_id = $1 and room_id is not distinct from $2 and position < $3 and message_type <> 'gift'
          order by position desc limit 5`,
        [target.lobbyId, message.room_id, message.position],
      );
      const context = before.reverse().map((r) => ({ uid: r.uid, text: r.body, at: iso(r.posted_at) }));
      return { subjectUid: message.uid, lobbyId: target.lobbyId, content: message.body, context };
    }
    case 'dm': {
      const { rows } = await pool.query<{ thread_id: string; sender_uid: string; text: string; sent_at: Date }>(
        'select thread_id, sender_uid, text, sent_at from rm.dm_messages where message_id = $1 and (sender_uid = $2 or recipient_uid = $2)',
        [target.messageId, reporterUid],
      );
      const message = rows[0];
      if (!message) throw notFound();
      const { rows: before } = await pool.query<{ sender_uid: string; text: string; sent_at: Date }>(
        'select sender_uid, text, sent_at from rm.dm_messages where thread_id = $1 and sent_at < $2 order by sent_at desc limit 5',
        [message.thread_id, message.sent_at],
      );
      const context = before.reverse().map((r) => ({ uid: r.sender_uid, text: r.text, at: iso(r.sent_at) }));
      return { subjectUid: message.sender_uid, lobbyId: null, content: message.text, context };
    }
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}
