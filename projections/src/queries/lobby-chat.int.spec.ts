// The chat history a lobby page loads: newest first by log position, also once positions pass a
// power of ten (ordered as text, "9" came before "12" and a page held old messages instead of new).
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { replayProjection } from '../../../test-support/projection-replay.ts';
import { lobbyChatProjector } from '../projectors/lobby-chat.ts';
import { chatHistoryPage } from './lobby-chat.ts';

let db: TestDatabase;
const LOBBY = 'lobby-ordered';

beforeAll(async () => {
  db = await createTestDatabase();
  const store = new PostgresEventStore(db.pool);
  for (let n = 1; n <= 12; n++) {
    await store.append(`chat-${LOBBY}-u${n}`, [
      {
        type: 'ChatMessagePosted',
        data: {
          lobbyId: LOBBY,
          roomId: null,
          messageId: `m${n}`,
          uid: `u${n}`,
          messageType: 'text',
          title: null,
          body: `message ${n}`,
          postedAt: new Date(Date.UTC(2026, 10, 28, 1, 0, n)).toISOString(),
        },
      },
    ]);
  }
  await replayProjection(db.pool, lobbyChatProjector, 'rm');
});
afterAll(async () => db?.drop());

describe('lobby chat history', () => {
  it('pages newest first across positions 9 and 10', async () => {
    const page = (n: number) =>
      chatHistoryPage(db.pool, { lobbyId: LOBBY, roomId: null, limit: 5, offset: (n - 1) * 5 }).then((rows) => rows.map((r) => r.body));
    expect(await page(1)).toEqual(['message 12', 'message 11', 'message 10', 'message 9', 'message 8']);
    expect(await page(2)).toEqual(['message 7', 'message 6', 'message 5', 'message 4', 'message 3']);
    expect(await page(3)).toEqual(['message 2', 'message 1']);
  });
});
