// The hosted web-payment checkout on PayPal's REST API (Orders v2), over fetch: an OAuth client
// credentials token, create order (intent CAPTURE, our payment id as custom_id, PayPal-Request-Id
// for idempotency), the approval link the user opens, capture on return, and webhook notifications
// verified by PayPal's verify-webhook-signature call against the configured webhook id. In tests
// the same code talks to test-support/web-payment-server.ts.
import { z } from 'zod';
import type { HostedCheckoutProvider, HostedNotification, HostedOrder, HostedOrderStatus } from './ports.ts';

const Amount = z.object({ currency_code: z.string(), value: z.string() });
const Capture = z.object({ id: z.string(), status: z.string(), amount: Amount.optional() });
const Order = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).default([]),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: Amount.optional(),
        payments: z.object({ captures: z.array(Capture).default([]) }).optional(),
      }),
    )
    .default([]),
});
type Order = z.infer<typeof Order>;
const Token = z.object({ access_token: z.string(), expires_in: z.number() });
const WebhookEvent = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      custom_id: z.string().optional(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
    })
    .passthrough(),
});

/** "10.00" in a currency with 2 decimals -> "1000". */
function toMinor(value: string): string {
  const [whole = '0', frac = ''] = value.split('.');
  return String(BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2)));
}
const fromMinor = (minor: string): string => {
  const n = BigInt(minor);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
};

export class PayPalWebPayment implements HostedCheckoutProvider {
  private token: { value: string; until: number } | null = null;

  constructor(private readonly config: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string }) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await fetch(`${this.config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`web payment: token request answered ${res.status}`);
    const t = Token.parse(await res.json());
    // Renewed a minute early: a token never expires in the middle of a call.
    this.token = { value: t.access_token, until: Date.now() + Math.max(0, t.expires_in - 60) * 1000 };
    return t.access_token;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`${this.config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  private toOrder(o: Order): HostedOrder {
    const unit = o.purchase_units[0];
    const capture = unit?.payments?.captures[0];
    const amount = capture?.amount ?? unit?.amount ?? { currency_code: 'USD', value: '0.00' };
    let status: HostedOrderStatus = 'open';
    if (o.status === 'COMPLETED' && capture?.status === 'COMPLETED') status = 'paid';
    else if (o.status === 'COMPLETED' && capture && capture.status !== 'PENDING') status = 'failed';
    else if (o.status === 'APPROVED') status = 'approved';
    else if (o.status === 'VOIDED') status = 'expired';
    return {
      id: o.id,
      status,
      paymentId: unit?.custom_id ?? null,
      approvalUrl: status === 'open' ? (o.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null) : null,
      amount: { currency: amount.currency_code, minor: toMinor(amount.value) },
      failureReason: status === 'failed' ? `The payment was ${capture?.status.toLowerCase() ?? 'declined'}.` : null,
    };
  }

  async create(input: Parameters<HostedCheckoutProvider['create']>[0], idempotencyKey: string): Promise<HostedOrder> {
    const { status, json } = await this.call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: input.paymentId,
            description: input.description,
            amount: { currency_code: input.amount.currency, value: fromMinor(input.amount.minor) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
      idempotencyKey,
    );
    if (status >= 300) throw new Error(`web payment: create order answered ${status}`);
    return this.toOrder(Order.parse(json));
  }

  async retrieve(orderId: string): Promise<HostedOrder> {
    const { status, json } = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status >= 300) throw new Error(`web payment: get order answered ${status}`);
    return this.toOrder(Order.parse(json));
  }

  async complete(orderId: string, idempotencyKey: string): Promise<HostedOrder> {
    const { status, json } = await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, idempotencyKey);
    // 422 ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, INSTRUMENT_DECLINED...: the order says what happened.
    if (status === 422 || status === 400) return this.retrieve(orderId);
    if (status >= 300) throw new Error(`web payment: capture answered ${status}`);
    return this.toOrder(Order.parse(json));
  }

  async expire(orderId: string): Promise<HostedOrder> {
    // Orders v2 has no call to cancel an unpaid order: PayPal drops it by itself. We stop
    // capturing it (the payment is failed as expired); one paid meanwhile is returned as paid.
    const order = await this.retrieve(orderId);
    return order.status === 'paid' ? order : { ...order, status: 'expired', approvalUrl: null };
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<HostedNotification> {
    const h = (name: string) => headers[name];
    const needed = ['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'];
    if (needed.some((n) => !h(n))) throw new Error('missing PayPal transmission headers');
    const event = WebhookEvent.parse(JSON.parse(rawBody.toString('utf8')));
    const { status, json } = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: this.config.webhookId,
      webhook_event: JSON.parse(rawBody.toString('utf8')),
    });
    if (status !== 200 || (json as { verification_status?: string } | null)?.verification_status !== 'SUCCESS')
      throw new Error('PayPal notification signature did not verify');
    const r = event.resource;
    const orderId = event.event_type.startsWith('CHECKOUT.ORDER.') ? (r.id ?? null) : (r.supplementary_data?.related_ids?.order_id ?? null);
    return { eventId: event.id, type: event.event_type, orderId, paymentId: r.custom_id ?? null };
  }
}
