// A command of one stream decided on the state of another stream that this process holds (a chat
// message or a gift on the lobby's membership), appended only while that other stream is still at the
// version the decision used: rules spanning streams are decided on one stream's version, never
// checked first and written later. See docs/decisions/lobbies.md, "Chat", and money.md, "Which gifts
// may be sent, to whom".
import type { StreamGuard } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { HandlerDeps } from './command-handler.ts';
import { GuardMoved } from './handle-command.ts';

/** What this needs of the other stream's handler (a CommandHandler has it). */
export interface HeldStream<Id, State> {
  streamId(id: Id): string;
  load(deps: HandlerDeps, id: Id): Promise<{ state: State; version: bigint }>;
  cached(deps: Pick<HandlerDeps, 'commands'>, id: Id): { state: State; version: bigint } | undefined;
}

/** The other stream's state, and the guard that appends only while it is still at that version. */
export interface GuardedState<State> {
  state: State;
  version: bigint;
  guard: StreamGuard;
}

/** Guard retries before the caller is told to try again (the same budget as a version clash). */
const maxGuardRetries = 10;

/** Runs `act` on the state of `id` this process holds, without a read; `act` appends with the guard
 * it is given. A change written since by another process makes that append write nothing (GuardMoved)
 * and `act` runs again on the stream read anew. A held state that `accepts` turns down is read anew
 * before `act` runs, so a stale state never refuses. */
export async function onHeldState<Id, State, T>(
  deps: HandlerDeps,
  stream: HeldStream<Id, State>,
  id: Id,
  accepts: (state: State) => boolean,
  act: (at: GuardedState<State>) => Promise<T>,
): Promise<T> {
  const streamId = stream.streamId(id);
  const held = stream.cached(deps, id);
  let at = held && accepts(held.state) ? held : await stream.load(deps, id);
  for (let retry = 0; ; retry++) {
    try {
      return await act({ state: at.state, version: at.version, guard: { streamId, version: at.version } });
    } catch (error) {
      if (!(error instanceof GuardMoved)) throw error;
      if (retry >= maxGuardRetries) throw new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
      at = await stream.load(deps, id);
    }
  }
}
