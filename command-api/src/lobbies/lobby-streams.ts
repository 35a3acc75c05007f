// The command handlers of lobby, room and chat streams. Commands on one stream queue inside the
// process (a burst of joins into a popular lobby runs one after another instead of 32 writers
// clashing on the expected version) and decide first on the state this process holds: one round
// trip. A clash (another process wrote) or a refusal (maybe from a stale state) decides again on the
// stream. Lobby states are big (persistent member maps): they get caches of their own.
// Figures in docs/BENCHMARKS.md, "Lobbies".
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { chatDecider, lobbyDecider, roomDecider } from './decide.ts';

export const lobbyCommands = defineCommandHandler({
  decider: lobbyDecider,
  streamId: streamIds.lobby,
  queue: 'per-stream',
  cacheCapacity: 20_000,
});

export const roomCommands = defineCommandHandler({
  decider: roomDecider,
  streamId: streamIds.room,
  queue: 'per-stream',
  cacheCapacity: 20_000,
});

export const chatCommands = defineCommandHandler({
  decider: chatDecider,
  streamId: ({ lobbyId, uid }: { lobbyId: string; uid: string }) => streamIds.chat(lobbyId, uid),
  queue: 'per-stream',
  cacheCapacity: 20_000,
  // A sender's retried message (Idempotency-Key) is answered once per chat stream.
  idempotencyScope: 'stream',
});
