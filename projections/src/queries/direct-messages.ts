// Named reads of the direct-messages projector's tables (rm.dm_messages): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

export interface DmMessageRow {
  thread_id: string;
  sender_uid: string;
  text: string;
  sent_at: Date;
}

export type DmLineRow = Omit<DmMessageRow, 'thread_id'>;

/** A direct message `uid` sent or received, or null (someone else's messages are not found). */
export async function dmMessageOf(runner: Runner, messageId: string, uid: string): Promise<DmMessageRow | null> {
  const { rows } = await runner.query<DmMessageRow>(
    'select thread_id, sender_uid, text, sent_at from rm.dm_messages where message_id = $1 and (sender_uid = $2 or recipient_uid = $2)',
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
