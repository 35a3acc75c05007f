import { LobbyChatHistory } from '@murmur/contracts/lobbies';
import { describe, expect, it } from 'vitest';
import { historyLine } from './chatLines.ts';

// The lobby chat history as query-api's GET lobbies/{id}/chat answers it (its contracts DTO), newest first.
const history = LobbyChatHistory.parse({
  items: [
    {
      messageId: 'g1',
      position: '12',
      roomId: null,
      sender: { uid: 'amy-uid', username: 'Amy', profilePicUrl: null },
      payload: { messageType: 'gift', title: 'Rose', body: JSON.stringify({ quantity: 3, recipients: ['bob-uid', 'carl-uid-long'] }) },
      mediaUrl: null,
      recipients: [{ uid: 'bob-uid', username: 'Bob' }],
      postedAt: '2026-01-01T10:00:01.000Z',
    },
    {
      messageId: 'm1',
      position: '11',
      roomId: null,
      sender: { uid: 'bob-uid', username: 'Bob', profilePicUrl: null },
      payload: { messageType: 'text', title: null, body: 'hello' },
      mediaUrl: null,
      postedAt: '2026-01-01T10:00:00.000Z',
    },
  ],
});

describe('chat lines from the history', () => {
  it('shows a message with its sender, and a gift line naming each recipient (an unnamed one by a short uid)', () => {
    const [gift, message] = history.items.map(historyLine);
    expect(message).toMatchObject({ messageId: 'm1', uid: 'bob-uid', username: 'Bob', messageType: 'text', body: 'hello', mediaUrl: null });
    expect(message!.gift).toBeUndefined();
    expect(gift).toMatchObject({ uid: 'amy-uid', username: 'Amy', gift: { name: 'Rose', quantity: 3, recipients: ['Bob', 'carl-uid'] } });
  });
});
