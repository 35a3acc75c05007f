// What a report names, read when it is filed: whose content it is, the content as the reporter saw
// it, and a few lines of context. Read from the read models the reporter was looking at; a DM only
// by one of its two people.
import { moderationTexts, type LobbyChatMessageType, type ReportTarget } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { dmLinesBefore, dmMessageOf } from '@murmur/projections/queries/direct-messages';
import { lobbyOwnerAndTitle } from '@murmur/projections/queries/lobbies';
import { chatLinesBefore, chatMessage } from '@murmur/projections/queries/lobby-chat';
import { usernameOf } from '@murmur/projections/queries/users';
import { livePost } from '@murmur/projections/queries/wall';
import type pg from 'pg';

export interface ReportSubject {
  subjectUid: string | null;
  lobbyId: string | null;
  content: string | null;
  contentType: LobbyChatMessageType | null;
  mediaKey: string | null;
  context: Array<{ uid: string; text: string; at: string }>;
}

const notFound = () => new ApiError('NOT_FOUND', moderationTexts.contentNotFound);
const iso = (d: Date | string) => new Date(d).toISOString();

export async function resolveReportSubject(pool: pg.Pool, reporterUid: string, target: ReportTarget): Promise<ReportSubject> {
  switch (target.kind) {
    case 'user': {
      // A profile being read may not be projected yet: the case names the uid either way.
      return {
        subjectUid: target.uid,
        lobbyId: null,
        content: await usernameOf(pool, target.uid),
        contentType: null,
        mediaKey: null,
        context: [],
      };
    }
    case 'lobby': {
      const lobby = await lobbyOwnerAndTitle(pool, target.lobbyId);
      if (!lobby) throw notFound();
      return { subjectUid: lobby.owner_uid, lobbyId: target.lobbyId, content: lobby.title, contentType: null, mediaKey: null, context: [] };
    }
    case 'post': {
      const post = await livePost(pool, target.postId);
      if (!post) throw notFound();
      return { subjectUid: post.author_uid, lobbyId: null, content: post.content, contentType: null, mediaKey: null, context: [] };
    }
    case 'message': {
      const message = await chatMessage(pool, target.messageId, target.lobbyId);
      if (!message) throw notFound();
      // The five lines before it in the same lobby (or room): what the moderator needs to judge it.
      const before = await chatLinesBefore(pool, target.lobbyId, message.room_id, message.position);
      const context = before.reverse().map((r) => ({ uid: r.uid, text: r.body, at: iso(r.posted_at) }));
      return {
        subjectUid: message.uid,
        lobbyId: target.lobbyId,
        content: message.body,
        contentType: message.message_type,
        mediaKey: null,
        context,
      };
    }
    case 'dm': {
      const message = await dmMessageOf(pool, target.messageId, reporterUid);
      if (!message) throw notFound();
      const before = await dmLinesBefore(pool, message.thread_id, message.sent_at);
      const context = before.reverse().map((r) => ({ uid: r.sender_uid, text: r.text, at: iso(r.sent_at) }));
      return {
        subjectUid: message.sender_uid,
        lobbyId: null,
        content: message.text,
        contentType: null,
        mediaKey: message.image_file_name,
        context,
      };
    }
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}
