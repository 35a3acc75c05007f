// Runs one progression command on `progression-{uid}` (read, decide, append with the expected version).
import { progressionStreamId } from '@murmur/contracts';
import { handleCommand } from '../decider/handle-command.ts';
import type { CommandDeps } from '../dependencies.ts';
import { progressionDecider, type ProgressionCommand } from './decide.ts';

/** The store keeps idempotency keys globally: each is scoped by the stream. */
export async function runProgression(deps: CommandDeps, uid: string, command: ProgressionCommand, idempotencyKey?: string) {
  return handleCommand(deps.store, progressionStreamId(uid), progressionDecider, command, {
    cache: deps.cache,
    idempotencyKey: idempotencyKey ? `${progressionStreamId(uid)}:${idempotencyKey}` : undefined,
    metadata: { actorUid: uid },
  });
}
