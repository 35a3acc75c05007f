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

export class ProjectionRunner {
  readonly subscriptions: Subscription[];
  private readonly listener: LogListener;

  constructor(pool: pg.Pool, connectionString: string, projectors: Projector[], options: RunnerOptions = {}) {
    this.listener = new LogListener(connectionString);
    this.subscriptions = projectors.map(
      (p) =>
        new Subscription(pool, this.listener, projectorHandler(p), {
          batchSize: options.batchSize,
          pollIntervalMs: options.pollIntervalMs,
          onError: (e) => options.onError?.(p.name, e),
          onBatch: options.onBatch,
        }),
    );
  }

  async start(): Promise<void> {
    await this.listener.start();
    for (const s of this.subscriptions) s.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    await this.listener.close();
  }
}
