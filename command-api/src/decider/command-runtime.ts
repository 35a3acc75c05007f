// What the command handlers of one command-api process hold in memory: the shared state cache, the
// handlers' own caches and per-stream queues, and the snapshot marks. One per process, passed in
// `CommandDeps.commands` (never a module-level registry), so two instances in one test are two
// processes.
import { SnapshotMarks } from './snapshots.ts';
import { StateCache } from './state-cache.ts';
import { KeyedMutex } from './stream-queue.ts';

/** What a handler's definition says about its in-memory needs (see command-handler.ts). */
export interface RuntimeNeeds {
  /** Its own cache of this capacity (big states such as lobbies); else the shared one. */
  cacheCapacity?: number;
}

export class CommandRuntime {
  readonly snapshots = new SnapshotMarks();
  private readonly caches = new Map<RuntimeNeeds, StateCache>();
  private readonly queues = new Map<RuntimeNeeds, KeyedMutex>();

  constructor(readonly cache: StateCache = new StateCache()) {}

  cacheFor(handler: RuntimeNeeds): StateCache {
    if (handler.cacheCapacity === undefined) return this.cache;
    let cache = this.caches.get(handler);
    if (!cache) this.caches.set(handler, (cache = new StateCache(handler.cacheCapacity)));
    return cache;
  }

  queueFor(handler: RuntimeNeeds): KeyedMutex {
    let queue = this.queues.get(handler);
    if (!queue) this.queues.set(handler, (queue = new KeyedMutex()));
    return queue;
  }
}
