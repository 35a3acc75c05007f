// The payment-credits reactor: turns every PaymentConfirmed in the log into its wallet credit.
// The request that confirms also credits inline (for latency); this catches the case where the
// process died between the two appends. One runner at a time (the subscription's advisory lock).
import { eventOf } from '@murmur/contracts';
import { Subscription } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { settlePayment } from './settle.ts';

export const PAYMENT_CREDITS = 'payment-credits';

export function startPaymentReactor(deps: CommandDeps, options: { pollIntervalMs?: number } = {}): { stop(): Promise<void> } {
  // A backstop, so it polls rather than waking on every append's notification, and reads only
  // its own events' bodies: at thousands of gifts a second it costs a few statements a second.
  const subscription = new Subscription(
    deps.pool,
    null,
    {
      name: PAYMENT_CREDITS,
      types: ['PaymentConfirmed'],
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
    },
    {
      pollIntervalMs: options.pollIntervalMs ?? 250,
      onError: (err) => deps.logger.error({ err }, 'payment-credits batch failed; retrying'),
    },
  );
  subscription.start();
  return {
    async stop() {
      await subscription.stop();
    },
  };
}
