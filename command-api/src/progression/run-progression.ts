// Runs one progression command on `progression-{uid}` (read, decide, append with the expected version).
import { streamIds } from '@murmur/contracts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { HandlerDeps } from '../decider/command-handler.ts';
import { progressionDecider, type ProgressionCommand } from './decide.ts';

/** Keys are scoped by the stream (`progression-{uid}:{key}`): a claim id names its own append. */
export const progressionCommands = defineCommandHandler({
  decider: progressionDecider,
  streamId: streamIds.progression,
  idempotencyScope: 'stream',
});

export async function runProgression(deps: HandlerDeps, uid: string, command: ProgressionCommand, idempotencyKey?: string) {
  return progressionCommands.run(deps, uid, command, { idempotencyKey, actorUid: uid });
}
