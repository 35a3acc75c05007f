// Runs each projector as a named subscription: a batch and its checkpoint in one transaction.
import { listenerNameFor, LogListener, Subscription, type RecordedEvent, type SubscriptionHandler } from '@murmur/eventstore';
import type pg from 'pg';
import { projectorsInFirstPass, startFirstPasses } from './first-pass.ts';
import type { LaneLeases } from './lane-leases.ts';
import { preparingClient } from './prepared-client.ts';
import { LIVE_SCHEMA, type Projector } from './projector.ts';

export function relevantEvents(projector: Projector, events: RecordedEvent[]): RecordedEvent[] {
  if (projector.handles.length === 0) return events;
  const wanted = new Set(projector.handles);
  return events.filter((e) => wanted.has(e.type));
}

/** What one projector's apply of one batch cost, for the time-per-event figures on /metrics. */
export interface AppliedBatch {
  name: string;
  events: number;
  ms: number;
}

export function projectorHandler(
  projector: Projector,
  schema = LIVE_SCHEMA,
  onApplied?: (batch: AppliedBatch) => void,
): SubscriptionHandler {
  return {
    name: projector.name,
    // Named types: the batch fetches only these events' data; the others travel as positions only.
    ...(projector.handles.length > 0 ? { types: projector.handles } : {}),
    async handle(events, client) {
      const mine = relevantEvents(projector, events);
      if (mine.length === 0) return;
      const started = performance.now();
      await projector.apply(mine, { client: preparingClient(client), schema });
      onApplied?.({ name: projector.name, events: mine.length, ms: performance.now() - started });
    },
  };
}

export interface RunnerOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  /** How many groups of projectors run side by side, each over its own connection. */
  lanes?: number;
  onError?: (projector: string, error: unknown) => void;
  onBatch?: (info: { name: string; count: number }) => void;
  /** After each projector's apply of a batch (only when it had events of its types). */
  onApplied?: (batch: AppliedBatch) => void;
  /** Several projections processes on one database: the lanes are shared through these leases
   * (lane-leases.ts). Without, this process takes every lane it can and keeps it. */
  leases?: LaneLeases;
  /** How soon a free lane is tried again (a dead holder's lanes are taken within about this). */
  lockRetryMs?: number;
}

/** Lanes when not told: docs/decisions/foundation.md, "Projectors run in lanes". */
export const DEFAULT_LANES = 4;

/** The projectors dealt round-robin into `lanes` groups, in the registry's order. */
export function lanesOf(projectors: Projector[], lanes: number): Projector[][] {
  const count = Math.max(1, Math.min(lanes, projectors.length));
  const groups: Projector[][] = Array.from({ length: count }, () => []);
  projectors.forEach((p, i) => groups[i % count]!.push(p));
  return groups;
}

/** Runs the projectors in lanes: each lane is one subscription over ONE connection whose batch is
 * read from the log once and applied by each of its projectors past its own checkpoint, the rows
 * and that checkpoint in one transaction; lanes run side by side and never wait for each other. */
export class ProjectionRunner {
  readonly subscriptions: Subscription[];
  readonly lanes: Projector[][];
  /** True once every lane runs (or waits for its lease). */
  started = false;
  private readonly listener: LogListener;

  constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
    projectors: Projector[],
    private readonly options: RunnerOptions = {},
  ) {
    this.listener = new LogListener(connectionString, listenerNameFor(pool));
    this.lanes = lanesOf(projectors, options.lanes ?? DEFAULT_LANES);
    this.subscriptions = this.lanes.map(
      (lane, i) =>
        new Subscription(
          pool,
          this.listener,
          lane.map((p) => projectorHandler(p, LIVE_SCHEMA, options.onApplied)),
          {
            // Named by its projectors, so two processes with the same registry take the same lock.
            lockName: `projections:${lane.map((p) => p.name).join('+')}`,
            batchSize: options.batchSize,
            pollIntervalMs: options.pollIntervalMs,
            lockRetryMs: options.lockRetryMs,
            // Read models are rebuilt from the log: a lane need not wait for its batch's WAL flush
            // (docs/decisions/foundation.md, "Lanes commit without waiting for the disk").
            asynchronousCommit: true,
            ...(options.leases
              ? {
                  lease: options.leases.policy(i, (held) =>
                    held
                      ? startFirstPasses(
                          pool,
                          lane.map((p) => p.name),
                        )
                      : undefined,
                  ),
                }
              : {}),
            onError: (e) => options.onError?.((e as { handler?: string }).handler ?? 'projections-runner', e),
            onBatch: options.onBatch,
          },
        ),
    );
  }

  async start(): Promise<void> {
    await this.options.leases?.join();
    await this.listener.start();
    for (const s of this.subscriptions) s.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    await this.options.leases?.stop();
    await this.listener.close();
  }

  /** The projectors whose lane this process holds now. */
  heldProjectors(): string[] {
    return this.lanes.flatMap((lane, i) => (this.subscriptions[i]!.holdsLock ? lane.map((p) => p.name) : []));
  }

  /** Of the projectors this process holds, those on their first pass (first-pass.ts). */
  inFirstPass(): Promise<string[]> {
    return projectorsInFirstPass(this.pool, this.heldProjectors());
  }
}
