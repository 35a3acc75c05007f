// The payment-credits reactor: turns every PaymentConfirmed in the log into its wallet credit.
// The request that confirms also credits inline (for latency); this catches the case where the
// process died between the two appends. One runner at a time (the subscription's advisory lock).
import { eventOf } from '@murmur/contracts';
import { LogListener, Subscription } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { settlePayment } from './settle.ts';

export const PAYMENT_CREDITS = 'payment-credits';

export function startPaymentReactor(deps: CommandDeps, options: { pollIntervalMs?: number } = {}): { stop(): Promise<void> } {
  const connectionString = (deps.pool as unknown as { options?: { connectionString?: string } }).options?.connectionString;
  const listener = new LogListener(connectionString ?? '');
  // Without a connection string the reactor still runs, by polling.
  if (connectionString) void listener.start().catch((err) => deps.logger.warn({ err }, 'payment reactor polls without LISTEN'));
  const subscription = new Subscription(deps.pool, listener, {
    name: PAYMENT_CREDITS,
    async handle(events) {
      for (const e of events) {
        const confirmed = eventOf(e, ['PaymentConfirmed']);
        if (!confirmed) continue;
        try {
          await settlePayment(deps, confirmed.data);
        } catch (error) {
          // A refusal will refuse again on every retry: log it for the audit to show and go on,
          // rather than hold every later payment back. Other errors (database) retry the batch.
          if (!(error instanceof ApiError)) throw error;
          deps.logger.error({ err: error, paymentId: confirmed.data.paymentId }, 'confirmed payment could not be credited');
        }
      }
    },
  }, {
    pollIntervalMs: options.pollIntervalMs ?? 250,
    onError: (err) => deps.logger.error({ err }, 'payment-credits batch failed; retrying'),
  });
  subscription.start();
  return {
    async stop() {
      await subscription.stop();
      await listener.close();
    },
  };
}
