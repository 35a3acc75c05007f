// Lobby and room chat history (rm.lobby_chat) from ChatMessagePosted on the `chat-{lobbyId}-{uid}`
// streams, and a gift line for each GiftSent in a lobby or room (message type `gift`: the title is
// the gift's catalogue name, the body `{ quantity, recipients }` as JSON), so the history shows
// gifts among the messages after a reload, as the live chat does. A message an operator removed
// (ChatMessageRemoved) leaves the history.
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

interface ChatRow {
  position: string;
  lobbyId: string;
  roomId: string | null;
  messageId: string;
  uid: string;
  messageType: string;
  title: string | null;
  body: string;
  postedAt: string;
}

function rowOf(e: ProjectedEvent<'ChatMessagePosted' | 'GiftSent'>): ChatRow | null {
  const position = e.globalPosition.toString();
  if (e.type === 'GiftSent') {
    const d = e.data;
    if (!d.lobbyId) return null;
    const body = JSON.stringify({ quantity: d.quantity, recipients: d.recipients });
    return {
      position,
      lobbyId: d.lobbyId,
      roomId: d.roomId ?? null,
      messageId: `gift-${position}`,
      uid: d.senderUid,
      messageType: 'gift',
      title: d.giftName,
      body,
      postedAt: d.sentAt,
    };
  }
  const d = e.data;
  return { position, ...d, roomId: d.roomId ?? null, title: d.title ?? null };
}

async function removeMessages(
  client: { query(text: string, values?: unknown[]): Promise<unknown> },
  schema: string,
  messageIds: string[],
): Promise<void> {
  if (messageIds.length > 0) await client.query(`delete from ${ident(schema)}.lobby_chat where message_id = any($1::text[])`, [messageIds]);
}

export const lobbyChatProjector = defineProjector({
  name: 'lobby-chat',
  tables: ['lobby_chat'],
  handles: ['ChatMessagePosted', 'GiftSent', 'ChatMessageRemoved'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.lobby_chat (
        position bigint primary key,
        lobby_id text not null,
        room_id text,
        message_id text not null unique,
        uid text not null,
        message_type text not null,
        title text,
        body text not null,
        posted_at timestamptz not null
      );
      create index if not exists lobby_chat_lobby on ${s}.lobby_chat (lobby_id, room_id, position desc);
    `);
  },
  async apply(events, { client, schema }) {
    const removed: string[] = [];
    const rows: ChatRow[] = [];
    for (const e of events) {
      if (e.type === 'ChatMessageRemoved') removed.push(e.data.messageId);
      else {
        const row = rowOf(e);
        if (row) rows.push(row);
      }
    }
    // Removals after the inserts: a message posted and removed in one batch is gone too.
    if (rows.length === 0) return removeMessages(client, schema, removed);
    await client.query(
      `insert into ${ident(schema)}.lobby_chat (position, lobby_id, room_id, message_id, uid, message_type, title, body, posted_at)
       select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
       on conflict do nothing`,
      [
        rows.map((r) => r.position),
        rows.map((r) => r.lobbyId),
        rows.map((r) => r.roomId),
        rows.map((r) => r.messageId),
        rows.map((r) => r.uid),
        rows.map((r) => r.messageType),
        rows.map((r) => r.title),
        rows.map((r) => r.body),
        rows.map((r) => r.postedAt),
      ],
    );
    await removeMessages(client, schema, removed);
  },
});
