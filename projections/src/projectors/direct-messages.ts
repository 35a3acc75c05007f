// DM threads and messages: one row per (thread, participant) with the last message and the unread
// flag, and the messages themselves, paged by time (spec: pagination timestamp, 20 a page).
import { defineProjector, ident } from '../projector.ts';

export const directMessagesProjector = defineProjector({
  name: 'direct-messages',
  tables: ['dm_threads', 'dm_messages'],
  handles: ['DirectMessageSent', 'DirectThreadRead'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.dm_messages (
      message_id text primary key,
      thread_id text not null,
      sender_uid text not null,
      recipient_uid text not null,
      text text not null,
      image_file_name text,
      sent_at timestamptz not null,
      seq bigint not null
    )`);
    await client.query(`create index if not exists dm_messages_by_thread on ${s}.dm_messages (thread_id, sent_at desc, seq desc)`);
    await client.query(`create table if not exists ${s}.dm_threads (
      thread_id text not null,
      uid text not null,
      other_uid text not null,
      last_message text not null,
      last_message_at timestamptz not null,
      unread boolean not null,
      primary key (thread_id, uid)
    )`);
    await client.query(`create index if not exists dm_threads_by_uid on ${s}.dm_threads (uid, last_message_at desc)`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'DirectMessageSent') {
        const d = e.data;
        const { rowCount } = await client.query(
          `insert into ${s}.dm_messages values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
          [d.messageId, d.threadId, d.senderUid, d.recipientUid, d.text, d.imageFileName, d.sentAt, e.globalPosition.toString()],
        );
        if (!rowCount) continue;
        const preview = d.text || '[image]';
        await client.query(
          `insert into ${s}.dm_threads as t values ($1, $2, $3, $4, $5, false), ($1, $3, $2, $4, $5, true)
           on conflict (thread_id, uid) do update set last_message = excluded.last_message, last_message_at = excluded.last_message_at,
             unread = excluded.unread`,
          [d.threadId, d.senderUid, d.recipientUid, preview, d.sentAt],
        );
      } else {
        const d = e.data;
        await client.query(`update ${s}.dm_threads set unread = false where thread_id = $1 and uid = $2 and last_message_at <= $3`, [
          d.threadId,
          d.uid,
          d.readAt,
        ]);
      }
    }
  },
});
