// A kick decided in one command-api process and a chat message from the kicked member in another,
// on one database: the message is refused, or it was written before the kick (docs/decisions/lobbies.md, "Chat").
import { lobbyTexts, streamIds } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCommandApi } from '../../../test-support/second-command-api.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projections: false });
});
afterAll(async () => {
  await stack?.stop();
});
const secondProcess = secondCommandApi(() => stack);
const postViaSecond = secondProcess.post;

const { post } = actors(() => stack);

/** The kicked member's messages as the log holds them (every message of that sender in that lobby). */
async function messagesOf(lobbyId: string, uid: string): Promise<{ position: bigint; body: string }[]> {
  const { events } = await stack.command.deps.store.readStream(streamIds.chat(lobbyId, uid));
  return events
    .filter((e) => e.type === 'ChatMessagePosted')
    .map((e) => ({ position: e.globalPosition, body: (e.data as { body: string }).body }));
}

describe('chat against a kick in another command-api process', () => {
  it('refuses the next message of a member kicked in the other process, though this one still holds them as a member', async () => {
    const { lobbyId } = (await post('race-owner-1', '/lobbies', { title: 'Race' })).body;
    expect((await post('race-guest-1', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    // The second process folds the lobby with the guest inside.
    expect((await postViaSecond('race-guest-1', `/lobbies/${lobbyId}/chat`, { payload: { body: 'before' } })).status).toBe(201);
    expect((await post('race-owner-1', `/lobbies/${lobbyId}/kick`, { uid: 'race-guest-1' })).status).toBe(200);
    const after = await postViaSecond('race-guest-1', `/lobbies/${lobbyId}/chat`, { payload: { body: 'after' } });
    expect(after.status).toBe(403);
    expect(after.body.error.message).toBe(lobbyTexts.notInLobby);
    expect((await messagesOf(lobbyId, 'race-guest-1')).map((m) => m.body)).toEqual(['before']);
    // Another member of the same lobby still chats through the second process.
    expect((await post('race-other-1', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    expect((await postViaSecond('race-other-1', `/lobbies/${lobbyId}/chat`, { payload: { body: 'still here' } })).status).toBe(201);
  });

  it('never keeps a message written after the kick, over many concurrent kicks and chats', async () => {
    const { lobbyId } = (await post('race-owner-2', '/lobbies', { title: 'Race loop' })).body;
    for (let i = 0; i < 12; i++) {
      const uid = `race-guest-2-${i}`;
      expect((await post(uid, `/lobbies/${lobbyId}/join`)).status).toBe(200);
      expect((await postViaSecond(uid, `/lobbies/${lobbyId}/chat`, { payload: { body: 'warm' } })).status).toBe(201);
      const [kick, chat] = await Promise.all([
        post('race-owner-2', `/lobbies/${lobbyId}/kick`, { uid }),
        postViaSecond(uid, `/lobbies/${lobbyId}/chat`, { payload: { body: 'racing' } }),
      ]);
      expect(kick.status).toBe(200);
      expect([201, 403]).toContain(chat.status);
      const kickedAt = BigInt(kick.body.position);
      for (const message of await messagesOf(lobbyId, uid)) expect(message.position).toBeLessThan(kickedAt);
      expect((await postViaSecond(uid, `/lobbies/${lobbyId}/chat`, { payload: { body: 'late' } })).status).toBe(403);
    }
  });
});
