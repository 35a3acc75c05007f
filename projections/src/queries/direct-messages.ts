// Named reads of the direct-messages projector's tables (rm.dm_messages): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

export interface DmMessageRow {
  thread_id: string;
  sender_uid: string;
  text: string;
  image_file_name: string | null;
  sent_at: Date;
}

export type DmLineRow = Omit<DmMessageRow, 'thread_id' | 'image_file_name'>;

/** A direct message `uid` sent or received, or null (someone else's messages are not found). */
export async function dmMessageOf(runner: Runner, messageId: string, uid: string): Promise<DmMessageRow | null> {
  const { rows } = await runner.query<DmMessageRow>(
    'select thread_id, sender_uid, text, image_file_name, sent_at from rm.dm_messages where message_id = $1 and (sender_uid = $2 or recipient_uid = $2)',
    [messageId, uid],
  );
  return rows[0] ?? null;
}

/** The five messages of a thread sent before `sentAt`, newest first. */
export async function dmLinesBefore(runner: Runner, threadId: string, sentAt: Date): Promise<DmLineRow[]> {
  const { rows } = await runner.query<DmLineRow>(
    'select sender_uid, text, sent_at from rm.dm_messages where thread_id = $1 and sent_at < $2 order by sent_at desc limit 5',
    [threadId, sentAt],
  );
  return rows;
}

export interface DmThreadRow {
  thread_id: string;
  other_uid: string;
  username: string | null;
  profile_pic: string | null;
  last_message: string;
  last_message_at: Date;
  unread: boolean;
}

/** A page of a user's threads, newest first; `namePrefix` (a `lowerPrefixPattern`) keeps those whose
 * other side's name starts with it. */
export async function dmThreadPage(
  runner: Runner,
  p: { uid: string; namePrefix?: string; limit: number; offset: number },
): Promise<{ rows: DmThreadRow[]; total: number }> {
  const values: unknown[] = [p.uid];
  let filter = 't.uid = $1';
  if (p.namePrefix !== undefined) {
    values.push(p.namePrefix);
    filter += ` and lower(p.username) like $2`;
  }
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<DmThreadRow>(
      `select t.thread_id, t.other_uid, p.username, p.profile_pic, t.last_message, t.last_message_at, t.unread
           from rm.dm_threads t left join rm.profiles p on p.uid = t.other_uid
          where ${filter} order by t.last_message_at desc limit ${p.limit} offset ${p.offset}`,
      values,
    ),
    runner.query<{ n: number }>(
      `select count(*)::int as n from rm.dm_threads t left join rm.profiles p on p.uid = t.other_uid where ${filter}`,
      values,
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** How many of a user's threads have unread messages. */
export async function unreadThreadCount(runner: Runner, uid: string): Promise<number> {
  const { rows } = await runner.query<{ n: number }>('select count(*)::int as n from rm.dm_threads where uid = $1 and unread', [uid]);
  return rows[0]?.n ?? 0;
}

export interface DmFullRow {
  message_id: string;
  thread_id: string;
  sender_uid: string;
  recipient_uid: string;
  text: string;
  image_file_name: string | null;
  sent_at: Date;
}

/** Up to `limit` messages of a thread sent before `before` (or the latest), newest first. */
export async function dmMessagePage(runner: Runner, threadId: string, before: string | null, limit: number): Promise<DmFullRow[]> {
  const { rows } = await runner.query<DmFullRow>(
    `select message_id, thread_id, sender_uid, recipient_uid, text, image_file_name, sent_at from rm.dm_messages
        where thread_id = $1 and ($2::timestamptz is null or sent_at < $2) order by sent_at desc, seq desc limit $3`,
    [threadId, before, limit],
  );
  return rows;
}
