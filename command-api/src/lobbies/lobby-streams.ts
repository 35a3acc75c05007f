// How lobby, room and chat commands reach their streams inside one command-api process.
// - Commands on one stream queue here (like the wallet's), so a burst of joins into a popular
//   lobby runs one after another instead of 32 writers clashing on the expected version, each
//   clash costing a round trip. Other processes still meet at the expected-version check.
// - A version clash leaves a cached state valid for its version, so this cache keeps it: a retry
//   then reads only the events appended since instead of refolding the lobby from its first event.
// - With the queue, the cached state is almost always the stream's latest, so a command first
//   decides on it and appends with its version: one round trip. A clash (another process wrote)
//   or a refusal (which may come from a stale state) falls back to the full read-decide-append loop.
// Figures in docs/BENCHMARKS.md, "Lobbies".
import type { DomainEvent, Decider } from '../decider/decider.ts';
import { handleCommand, type CommandResult } from '../decider/handle-command.ts';
import { StateCache } from '../decider/state-cache.ts';
import type { CommandDeps } from '../dependencies.ts';
import { KeyedMutex } from '../wallet/stream-lock.ts';

export class KeepOnClashCache extends StateCache {
  override delete(_key: string): void {
    // Every entry is a (version, state) pair folded from the stream itself: never stale, only old.
  }
}

interface Access {
  cache: StateCache;
  queue: KeyedMutex;
}
const access = new WeakMap<object, Access>();

function accessFor(deps: Pick<CommandDeps, 'cache'>): Access {
  let a = access.get(deps.cache);
  if (!a) access.set(deps.cache, (a = { cache: new KeepOnClashCache(20_000), queue: new KeyedMutex() }));
  return a;
}

/** One cache per command-api instance (keyed by its shared cache). */
export function lobbyCache(deps: Pick<CommandDeps, 'cache'>): StateCache {
  return accessFor(deps).cache;
}

/** handleCommand, queued behind the other commands on the same stream in this process, deciding
 * first on the cached state. */
export function runQueued<State, Command, Event extends DomainEvent>(
  deps: Pick<CommandDeps, 'cache' | 'store'>,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  actorUid: string,
): Promise<CommandResult<State, Event>> {
  const { cache, queue } = accessFor(deps);
  return queue.run(streamId, () => handleCommand(deps.store, streamId, decider, command, { cache, metadata: { actorUid }, decideOnCache: true }));
}
