// Named reads of the lobby-chat projector's table (rm.lobby_chat): other workspaces ask these, never SQL.
import type { LobbyChatItem, LobbyChatMessageType } from '@murmur/contracts';
import type { Runner } from './runner.ts';

export interface ChatMessageRow {
  /** The message's place in its lobby's chat (a bigint, as text). */
  position: string;
  uid: string;
  body: string;
  /** Never 'gift': gift lines are not chat messages. */
  message_type: LobbyChatMessageType;
  room_id: string | null;
}

export interface ChatLineRow {
  uid: string;
  body: string;
  posted_at: Date;
}

/** A chat message (not a gift line) of a lobby, or null when the lobby has no such message. */
export async function chatMessage(runner: Runner, messageId: string, lobbyId: string): Promise<ChatMessageRow | null> {
  const { rows } = await runner.query<ChatMessageRow>(
    `select position::text, uid, body, message_type, room_id from rm.lobby_chat where message_id = $1 and lobby_id = $2 and message_type <> 'gift'`,
    [messageId, lobbyId],
  );
  return rows[0] ?? null;
}

/** The five chat lines (not gift lines) before `position` in the same lobby and room, newest first. */
export async function chatLinesBefore(runner: Runner, lobbyId: string, roomId: string | null, position: string): Promise<ChatLineRow[]> {
  const { rows } = await runner.query<ChatLineRow>(
    `select uid, body, posted_at from rm.lobby_chat
      where lobby_id = $1 and room_id is not distinct from $2 and position < $3 and message_type <> 'gift'
      order by position desc limit 5`,
    [lobbyId, roomId, position],
  );
  return rows;
}

/** A line of a lobby's chat as its history shows it. */
export interface ChatHistoryRow {
  position: string;
  message_id: string;
  uid: string;
  room_id: string | null;
  message_type: LobbyChatItem['payload']['messageType'];
  title: string | null;
  body: string;
  posted_at: Date;
}

/** A page of a lobby's chat (a room's, when `roomId` is given), newest first. */
export async function chatHistoryPage(
  runner: Runner,
  p: { lobbyId: string; roomId: string | null; limit: number; offset: number },
): Promise<ChatHistoryRow[]> {
  const { rows } = await runner.query<ChatHistoryRow>(
    `select position::text, message_id, uid, room_id, message_type, title, body, posted_at from rm.lobby_chat
        where lobby_id = $1 and room_id is not distinct from $2 order by lobby_chat.position desc limit $3 offset $4`,
    [p.lobbyId, p.roomId, p.limit, p.offset],
  );
  return rows;
}
