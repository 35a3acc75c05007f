// The card provider on the real Stripe SDK: PaymentIntents for top-ups, signed webhooks for the result.
import Stripe from 'stripe';
import type { CardPaymentIntent, CardProvider, CardWebhookEvent } from './ports.ts';

export class StripeCardProvider implements CardProvider {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  async createPaymentIntent(
    input: { amountUsdCents: number; paymentId: string; uid: string; purpose: string; diamonds: number },
    idempotencyKey: string,
  ): Promise<CardPaymentIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amountUsdCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        metadata: { paymentId: input.paymentId, uid: input.uid, purpose: input.purpose, diamonds: String(input.diamonds) },
      },
      // Stripe's own idempotency: a retried init never creates a second intent.
      { idempotencyKey },
    );
    return { id: pi.id, clientSecret: pi.client_secret, status: pi.status };
  }

  async retrievePaymentIntent(id: string): Promise<CardPaymentIntent> {
    const pi = await this.stripe.paymentIntents.retrieve(id);
    return { id: pi.id, clientSecret: pi.client_secret, status: pi.status };
  }

  parseWebhook(rawBody: Buffer, signature: string): CardWebhookEvent {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const pi = event.data.object as Stripe.PaymentIntent;
      const paymentId = pi.metadata?.paymentId;
      if (!paymentId) return { kind: 'ignored', eventId: event.id, type: event.type };
      if (event.type === 'payment_intent.succeeded') {
        return {
          kind: 'succeeded',
          eventId: event.id,
          paymentId,
          amountUsdCents: pi.amount_received || pi.amount,
          currency: pi.currency,
          providerRef: pi.id,
        };
      }
      return {
        kind: 'failed',
        eventId: event.id,
        paymentId,
        reason: pi.last_payment_error?.message ?? 'The payment failed.',
        providerRef: pi.id,
      };
    }
    return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
