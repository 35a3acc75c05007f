// Read, fold, decide, append with the expected version; on a version clash, read again and
// decide again, a bounded number of times.
import type pg from 'pg';
import { WrongExpectedVersion, type EventMetadata, type EventStore, type RecordedEvent, type StreamGuard } from '@murmur/eventstore';
import { isDeciderEvent, toNewEvents, type DecidedEvent, type Decider, type DomainEvent } from './decider.ts';
import { retryOnClash } from './retry.ts';
import type { StateCache } from './state-cache.ts';

export interface CommandResult<State, Event extends DecidedEvent> {
  /** Events appended by this command (or, for a repeated idempotency key, by its first run). */
  events: Event[];
  state: State;
  /** Global position of the last appended event; read models reach it for read-your-writes. */
  position: bigint;
  duplicate: boolean;
}

/** A command, or one built from the state it is decided on (a retry builds it again on the newer state). */
export type CommandInput<State, Command> = Command | ((state: State) => Command | Promise<Command>);

export interface HandleOptions {
  idempotencyKey?: string;
  metadata?: EventMetadata;
  maxRetries?: number;
  cache?: StateCache;
  /** First decide on the cached state and append with its version, without reading the stream:
   * one round trip when this process wrote the stream last (commands on the stream queue here).
   * A clash, a refusal or "nothing to do" may come from a stale state and falls back to the
   * read-decide-append loop, so the outcome is the same as without it. */
  decideOnCache?: boolean;
  /** Append only while another stream is at this version (the store's guard): the command was built
   * from that stream's state. When it moved, GuardMoved goes up to the caller, who built the command
   * and must build it again on the newer state; this stream's clash loop cannot. */
  guard?: StreamGuard;
}

/** The guard's stream moved since the command was built from it: nothing was written. */
export class GuardMoved extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} moved since the command was decided on it`);
  }
}

export async function handleCommand<State, Command, Event extends DecidedEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: CommandInput<State, Command>,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const maxRetries = options.maxRetries ?? 10;
  const toCommand = async (state: State) =>
    typeof command === 'function' ? (command as (s: State) => Command | Promise<Command>)(state) : command;
  const cached = options.decideOnCache ? options.cache?.get<State>(streamId, decider) : undefined;
  if (cached) {
    const settled = await attempt(store, streamId, decider, toCommand, cached, options, true).catch((error: unknown) => {
      if (error instanceof WrongExpectedVersion) return null;
      throw error;
    });
    if (settled) return settled;
  }
  // The cached state is still right at its own version after a clash: a retry reads only what came after.
  return retryOnClash(async () => {
    const loaded = await loadState(store, streamId, decider, options.cache);
    return (
      (await attempt(store, streamId, decider, toCommand, loaded, options, false)) ?? {
        events: [],
        state: loaded.state,
        position: 0n,
        duplicate: false,
      }
    );
  }, maxRetries);
}

/** Decides on `at` and appends with its version. Null when there is nothing to append; on a cached
 * (maybe stale) state a refusal is null too, so that the caller decides again on the stream. */
async function attempt<State, Command, Event extends DecidedEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  toCommand: (state: State) => Promise<Command>,
  at: { state: State; version: bigint },
  options: HandleOptions,
  fromCache: boolean,
): Promise<CommandResult<State, Event> | null> {
  let events: Event[];
  try {
    events = decider.decide(await toCommand(at.state), at.state);
  } catch (error) {
    if (fromCache) return null;
    throw error;
  }
  if (events.length === 0) return null;
  const result = await store
    .append(streamId, toNewEvents(events, options.metadata), {
      expectedVersion: at.version,
      idempotencyKey: options.idempotencyKey,
      ...(options.guard ? { guard: options.guard } : {}),
    })
    .catch((error: unknown) => {
      throw error instanceof WrongExpectedVersion && options.guard && error.streamId === options.guard.streamId
        ? new GuardMoved(error.streamId)
        : error;
    });
  if (result.duplicate) {
    const first = await eventsOfAppend(store, streamId, result.firstPosition, result.lastPosition, result.nextExpectedVersion);
    const after = await loadState(store, streamId, decider, options.cache);
    return { events: first.filter((e) => isDeciderEvent(decider, e)), state: after.state, position: result.lastPosition, duplicate: true };
  }
  const next = events.reduce(decider.evolve, at.state);
  options.cache?.set(streamId, { version: result.nextExpectedVersion, state: next, owner: decider });
  return { events, state: next, position: result.lastPosition, duplicate: false };
}

export async function loadState<State, Event extends DecidedEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'evolvesOn' | 'initialState' | 'evolve'>,
  cache?: StateCache,
  /** The transaction to read in, when the caller holds one. */
  client?: pg.PoolClient,
): Promise<{ state: State; version: bigint }> {
  const cached = cache?.get<State>(streamId, decider);
  const from = cached ? cached.version + 1n : 1n;
  const { events } = await store.readStream(streamId, { fromVersion: from, ...(client ? { client } : {}) });
  let state = cached ? cached.state : decider.initialState();
  let version = cached ? cached.version : 0n;
  for (const event of events) {
    const view: DomainEvent = { type: event.type, data: event.data };
    if (isDeciderEvent(decider, view)) state = decider.evolve(state, view);
    version = event.streamVersion;
  }
  // A stream read empty is remembered too (version 0, the initial state: true of it), so the next
  // load skips the snapshot lookup; its events are still read from version 1 on.
  if (cache && (events.length > 0 || !cached)) cache.set(streamId, { version, state, owner: decider });
  return { state, version };
}

/** The events of an earlier append, read from the stream's tail only: an append of n events ends at
 * its recorded version and spans at most last - first + 1 positions, so a long stream is not re-read. */
async function eventsOfAppend(
  store: EventStore,
  streamId: string,
  first: bigint,
  last: bigint,
  endVersion: bigint,
): Promise<DomainEvent[]> {
  const span = last - first + 1n;
  const fromVersion = endVersion - span + 1n > 1n ? endVersion - span + 1n : 1n;
  const { events } = await store.readStream(streamId, { fromVersion, limit: Number(span) });
  return events
    .filter((e: RecordedEvent) => e.globalPosition >= first && e.globalPosition <= last)
    .map((e) => ({ type: e.type, data: e.data }));
}
