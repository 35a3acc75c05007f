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
import { WrongExpectedVersion } from '@murmur/eventstore';
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

/** handleCommand, queued behind the other commands on the same stream in this process. */
export function runQueued<State, Command, Event extends DomainEvent>(
  deps: Pick<CommandDeps, 'cache' | 'store'>,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  actorUid: string,
): Promise<CommandResult<State, Event>> {
  const { cache, queue } = accessFor(deps);
  return queue.run(streamId, async () => {
    const fast = await onCachedState(deps, cache, streamId, decider, command, actorUid);
    return fast ?? handleCommand(deps.store, streamId, decider, command, { cache, metadata: { actorUid } });
  });
}

/** Decide on the cached state and append with its version; null when that cannot settle it. */
async function onCachedState<State, Command, Event extends DomainEvent>(
  deps: Pick<CommandDeps, 'store'>,
  cache: StateCache,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  actorUid: string,
): Promise<CommandResult<State, Event> | null> {
  const cached = cache.get<State>(streamId);
  if (!cached) return null;
  let events: Event[];
  try {
    const cmd = typeof command === 'function' ? (command as (s: State) => Command)(cached.state) : command;
    events = decider.decide(cmd, cached.state);
  } catch {
    return null;
  }
  // "Nothing to do" may also come from a stale state: let the full loop confirm it.
  if (events.length === 0) return null;
  try {
    const result = await deps.store.append(
      streamId,
      events.map((e) => ({ type: e.type, data: e.data, metadata: { actorUid } })),
      { expectedVersion: cached.version },
    );
    const state = events.reduce(decider.evolve, cached.state);
    cache.set(streamId, { version: result.nextExpectedVersion, state });
    return { events, state, position: result.lastPosition, duplicate: false };
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return null;
    throw error;
  }
}
