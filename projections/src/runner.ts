// Runs each projector as a named subscription: a batch and its checkpoint in one transaction.
import { LogListener, Subscription, type RecordedEvent, type SubscriptionHandler } from '@murmur/eventstore';
import type pg from 'pg';
import { LIVE_SCHEMA, type Projector } from './projector.ts';

export function relevantEvents(projector: Projector, events: RecordedEvent[]): RecordedEvent[] {
  if (projector.handles.length === 0) return events;
  const wanted = new Set(projector.handles);
  return events.filter((e) => wanted.has(e.type));
}

export function projectorHandler(projector: Projector, schema = LIVE_SCHEMA): SubscriptionHandler {
  return {
    name: projector.name,
    async handle(events, client) {
      const mine = relevantEvents(projector, events);
      if (mine.length > 0) await projector.apply(mine, { client, schema });
    },
  };
}

export interface RunnerOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  onError?: (projector: string, error: unknown) => void;
  onBatch?: (info: { name: string; count: number }) => void;
}

/** Runs every projector over ONE connection and one advisory lock: each batch is read from the log
 * once and applied by every projector past its own checkpoint, all in one transaction. */
export class ProjectionRunner {
  readonly subscription: Subscription;
  private readonly listener: LogListener;

  constructor(pool: pg.Pool, connectionString: string, projectors: Projector[], options: RunnerOptions = {}) {
    this.listener = new LogListener(connectionString);
    this.subscription = new Subscription(
      pool,
      this.listener,
      projectors.map((p) => projectorHandler(p)),
      {
        lockName: 'projections-runner',
        batchSize: options.batchSize,
        pollIntervalMs: options.pollIntervalMs,
        onError: (e) => options.onError?.((e as { handler?: string }).handler ?? 'projections-runner', e),
        onBatch: options.onBatch,
      },
    );
  }

  async start(): Promise<void> {
    await this.listener.start();
    this.subscription.start();
  }

  async stop(): Promise<void> {
    await this.subscription.stop();
    await this.listener.close();
  }
}
