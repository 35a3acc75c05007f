// The chat limit across lobbies: 15 messages in 10 s whatever the lobby, then refused until the window moves.
import { limits } from '@murmur/contracts';
import { expect, it } from 'vitest';
import { ChatLimiter } from './chat-limits.ts';

it('lets a user post 15 messages in 10 s across lobbies, refuses the 16th, and frees up as the window moves', () => {
  const limiter = new ChatLimiter();
  const t0 = 1_000_000;
  const taken = Array.from({ length: limits.chatMessagesPerWindowAllLobbies }, (_, i) => limiter.take('spammer', t0 + i * 100));
  expect(taken.every(Boolean)).toBe(true);
  expect(limiter.take('spammer', t0 + 2_000)).toBe(false);
  expect(limiter.take('someone-else', t0 + 2_000)).toBe(true);
  expect(limiter.take('spammer', t0 + limits.chatWindowSeconds * 1000 + 1)).toBe(true);
});
