// One command handler per kind of stream, configured once (Emmett's `handleCommand`, configured per
// decider): the decider, the stream id, queueing, the cache, snapshots, the idempotency scope and,
// for the few commands that must commit with other rows, a transaction. Every module's commands run
// through it; the read-fold-decide-append loop is handle-command.ts and the clash rule retry.ts.
import { createHash } from 'node:crypto';
import { firstResultOfKey, type EventMetadata, type PostgresEventStore, type StreamGuard } from '@murmur/eventstore';
import { ApiError, type Logger } from '@murmur/platform';
import type pg from 'pg';
import type { CommandRuntime } from './command-runtime.ts';
import { isDeciderEvent, toNewEvents, type DecidedEvent, type Decider } from './decider.ts';
import { handleCommand, loadState, type CommandInput, type CommandResult } from './handle-command.ts';
import { retryOnClash } from './retry.ts';
import type { SnapshotPolicy } from './snapshots.ts';

export interface CommandHandlerConfig<Id, State, Command, Event extends DecidedEvent> {
  decider: Decider<State, Command, Event>;
  streamId: (id: Id) => string;
  /** 'per-stream': commands on one stream queue in this process and decide first on the state it
   * holds, so a warm command is one append; a clash, a refusal or "nothing to do" decides again on
   * the stream. Other processes still meet at the expected-version check. */
  queue?: 'per-stream';
  /** Its own state cache of this capacity (big states such as lobbies); else the service's shared one. */
  cacheCapacity?: number;
  snapshots?: SnapshotPolicy;
  /** 'stream': the caller's key is scoped by the stream id (`{streamId}:{key}`), so the same caller
   * key on two streams moves both, and a key never collides with another stream's append.
   * 'as-given' (default): the caller's key names its step already (`payment:{id}:confirmed`). */
  idempotencyScope?: 'stream' | 'as-given';
}

export interface RunOptions {
  /** A repeated key answers with the first result and writes nothing, even when deciding again
   * would now refuse (the balance has since been spent). */
  idempotencyKey?: string;
  actorUid?: string;
  metadata?: EventMetadata;
  maxRetries?: number;
  /** Append only while another stream is at this version (see HandleOptions.guard). */
  guard?: StreamGuard;
}

/** What a handler needs from the service's dependencies. */
export interface HandlerDeps {
  store: PostgresEventStore;
  pool: pg.Pool;
  logger: Logger;
  commands: CommandRuntime;
}

export interface TransactionSteps<State, T> {
  /** Before each attempt takes its connection: reads of other streams or read models the command
   * needs. Run inside the transaction they would hold a second connection per request, and enough
   * requests at once would each wait for a connection none gives back. */
  prepare?: () => Promise<void>;
  /** First in the transaction: rows that must commit with the events (credential links). */
  before?: (client: pg.PoolClient) => Promise<void>;
  /** After the append, in the same transaction: other streams' appends, session rows. */
  after?: (client: pg.PoolClient, state: State) => Promise<T>;
}

export interface CommandHandler<Id, State, Command, Event extends DecidedEvent> {
  readonly config: CommandHandlerConfig<Id, State, Command, Event>;
  streamId(id: Id): string;
  /** Decides and appends with the expected version; retries on a clash (retry.ts). */
  run(deps: HandlerDeps, id: Id, command: CommandInput<State, Command>, options?: RunOptions): Promise<CommandResult<State, Event>>;
  /** As `run`, inside one transaction with `steps`; a clash anywhere in it retries the whole
   * transaction. The state is cached only after the commit. */
  runInTransaction<T>(
    deps: HandlerDeps,
    id: Id,
    command: CommandInput<State, Command>,
    steps: TransactionSteps<State, T>,
    options?: Omit<RunOptions, 'idempotencyKey'>,
  ): Promise<CommandResult<State, Event> & { extra: T | undefined }>;
  /** Decides on this stream and appends inside the caller's transaction (a second stream of a
   * `runInTransaction` step). No retry here: a clash rolls back and retries the caller's whole
   * transaction. Nothing is cached, since the transaction may still roll back. */
  decideWithin(
    deps: HandlerDeps,
    client: pg.PoolClient,
    id: Id,
    command: CommandInput<State, Command>,
    options?: Omit<RunOptions, 'maxRetries'>,
  ): Promise<{ events: Event[]; state: State; position: bigint }>;
  /** The stream's current state (the cache, a snapshot, then the events after them). */
  load(deps: HandlerDeps, id: Id): Promise<{ state: State; version: bigint }>;
  /** The state this process holds, without a read: maybe old, never wrong for its version. */
  cached(deps: Pick<HandlerDeps, 'commands'>, id: Id): { state: State; version: bigint } | undefined;
}

/** The store takes keys up to 300 characters; a long scoped key is replaced by its digest. */
export function streamScopedKey(streamId: string, key: string): string {
  const scoped = `${streamId}:${key}`;
  return scoped.length <= 250 ? scoped : `${streamId}:sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function defineCommandHandler<Id, State, Command, Event extends DecidedEvent>(
  config: CommandHandlerConfig<Id, State, Command, Event>,
): CommandHandler<Id, State, Command, Event> {
  const { decider } = config;
  const scope = (streamId: string, key: string | undefined) =>
    key === undefined ? undefined : config.idempotencyScope === 'stream' ? streamScopedKey(streamId, key) : key;

  const prime = async (deps: HandlerDeps, streamId: string, client?: pg.PoolClient) => {
    if (config.snapshots)
      await deps.commands.snapshots.prime(client ?? deps.pool, config.snapshots, deps.commands.cacheFor(config), streamId, decider);
  };

  const load = async (deps: HandlerDeps, id: Id) => {
    const streamId = config.streamId(id);
    await prime(deps, streamId);
    return loadState(deps.store, streamId, decider, deps.commands.cacheFor(config));
  };

  /** The first result of a key, when it has one: what a retried command answers. */
  const firstResult = async (deps: HandlerDeps, id: Id, key: string): Promise<CommandResult<State, Event> | null> => {
    const first = await firstResultOfKey(deps.pool, key);
    if (!first) return null;
    const { state } = await load(deps, id);
    return { events: first.events.filter((e) => isDeciderEvent(decider, e)), state, position: first.lastPosition, duplicate: true };
  };

  const decideWithin = async (
    deps: HandlerDeps,
    client: pg.PoolClient,
    id: Id,
    command: CommandInput<State, Command>,
    options: Pick<RunOptions, 'actorUid' | 'metadata' | 'idempotencyKey'>,
  ) => {
    const streamId = config.streamId(id);
    // Everything through the caller's transaction: taking a second connection while holding one
    // starved the pool when as many sign-ins as connections ran at once, and every one hung.
    await prime(deps, streamId, client);
    const { state, version } = await loadState(deps.store, streamId, decider, deps.commands.cacheFor(config), client);
    const events = decider.decide(
      typeof command === 'function' ? await (command as (s: State) => Command | Promise<Command>)(state) : command,
      state,
    );
    const next = events.reduce(decider.evolve, state);
    if (events.length === 0) return { events, state: next, position: 0n, version };
    const metadata = { ...(options.actorUid !== undefined ? { actorUid: options.actorUid } : {}), ...options.metadata };
    // A key here marks the events (money events carry one); the decider itself must make a repeat a no-op.
    const idempotencyKey = scope(streamId, options.idempotencyKey);
    const appended = await deps.store.append(streamId, toNewEvents(events, metadata), {
      expectedVersion: version,
      client,
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    });
    return { events, state: next, position: appended.lastPosition, version: appended.nextExpectedVersion };
  };

  return {
    config,
    streamId: config.streamId,
    decideWithin: async (deps, client, id, command, options = {}) => {
      const { events, state, position } = await decideWithin(deps, client, id, command, options);
      return { events, state, position };
    },
    load,
    cached(deps, id) {
      const hit = deps.commands.cacheFor(config).get<State>(config.streamId(id), decider);
      return hit && { state: hit.state, version: hit.version };
    },

    async run(deps, id, command, options = {}) {
      const streamId = config.streamId(id);
      const key = scope(streamId, options.idempotencyKey);
      const cache = deps.commands.cacheFor(config);
      const decideAndAppend = async () => {
        await prime(deps, streamId);
        const result = await handleCommand(deps.store, streamId, decider, command, {
          cache,
          decideOnCache: config.queue === 'per-stream',
          idempotencyKey: key,
          metadata: { ...(options.actorUid !== undefined ? { actorUid: options.actorUid } : {}), ...options.metadata },
          maxRetries: options.maxRetries,
          ...(options.guard ? { guard: options.guard } : {}),
        });
        if (config.snapshots) deps.commands.snapshots.maybeSave(deps, config.snapshots, cache, streamId, decider);
        return result;
      };
      try {
        return config.queue === 'per-stream'
          ? await deps.commands.queueFor(config).run(streamId, decideAndAppend)
          : await decideAndAppend();
      } catch (error) {
        // A refusal may answer a retry whose first run completed earlier: the key's first result is the answer.
        if (key !== undefined && error instanceof ApiError) {
          const first = await firstResult(deps, id, key);
          if (first) return first;
        }
        throw error;
      }
    },

    async runInTransaction(deps, id, command, steps, options = {}) {
      const streamId = config.streamId(id);
      const cache = deps.commands.cacheFor(config);
      return retryOnClash(async () => {
        await steps.prepare?.();
        const client = await deps.pool.connect();
        try {
          await client.query('begin');
          await steps.before?.(client);
          const { events, state: next, position, version } = await decideWithin(deps, client, id, command, options);
          const extra = steps.after ? await steps.after(client, next) : undefined;
          await client.query('commit');
          if (events.length > 0) cache.set(streamId, { version, state: next, owner: decider });
          return { events, state: next, position, duplicate: false, extra };
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }, options.maxRetries);
    },
  };
}
