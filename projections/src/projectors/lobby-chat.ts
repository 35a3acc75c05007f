// Lobby and room chat history (rm.lobby_chat) from ChatMessagePosted on the `chat-{lobbyId}-{uid}` streams.
import type { ChatEvent } from '@murmur/contracts';
import { ident, type Projector } from '../projector.ts';

export const lobbyChatProjector: Projector = {
  name: 'lobby-chat',
  tables: ['lobby_chat'],
  handles: ['ChatMessagePosted'],
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
    const rows = events.map((e) => ({ position: e.globalPosition.toString(), ...(e.data as ChatEvent['data']) }));
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
  },
};
