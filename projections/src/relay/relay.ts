// The log relay: a subscription to the whole log that hands each batch to a broker and moves its
// checkpoint only once the broker has stored the batch. One process relays at a time (the
// subscription's advisory lock); another takes over when it dies, and the broker's own head tells
// it what was already published (docs/decisions/log-relay.md).
import type pg from 'pg';
import { listenerNameFor, LogListener, Subscription, type Checkpoint } from '@murmur/eventstore';
import type { LogPublisher } from './publisher.ts';

export const RELAY_SUBSCRIPTION = 'log-relay';

export interface LogRelayOptions {
  batchSize?: number;
  onBatch?: (info: { published: number; skipped: number; checkpoint: Checkpoint }) => void;
  onError?: (error: unknown) => void;
}

export class LogRelay {
  private readonly subscription: Subscription;
  private readonly listener: LogListener;
  published = 0;
  skipped = 0;

  constructor(pool: pg.Pool, connectionString: string, publisher: LogPublisher, options: LogRelayOptions = {}) {
    this.listener = new LogListener(connectionString, listenerNameFor(pool));
    this.subscription = new Subscription(
      pool,
      this.listener,
      {
        name: RELAY_SUBSCRIPTION,
        handle: async (events) => {
          const outcome = await publisher.publish(events);
          this.published += outcome.published;
          this.skipped += outcome.skipped;
          const last = events.at(-1);
          if (last)
            options.onBatch?.({ ...outcome, checkpoint: { transactionId: last.transactionId, globalPosition: last.globalPosition } });
        },
      },
      { batchSize: options.batchSize ?? 500, onError: options.onError },
    );
  }

  get holdsLease(): boolean {
    return this.subscription.holdsLock;
  }

  get checkpoint(): Checkpoint {
    return this.subscription.checkpoint;
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
