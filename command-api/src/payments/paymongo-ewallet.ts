// GCash and Maya through the aggregator's checkout sessions (PayMongo's API), over fetch: create a
// session in PHP for one wallet (payment_method_types gcash or paymaya, our payment id as
// reference_number and metadata), send the user to its checkout_url, read it back, expire it, and
// verify webhooks by the Paymongo-Signature header (HMAC-SHA256 of "{t}.{raw body}" with the
// webhook's secret; `te` in test mode, `li` live). In tests the same code talks to
// test-support/ewallet-server.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { HostedCheckoutProvider, HostedNotification, HostedOrder, HostedOrderStatus } from './ports.ts';

const PaymentResource = z.object({
  id: z.string(),
  attributes: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      failed_message: z.string().nullable().optional(),
      metadata: z.record(z.string(), z.string()).nullable().optional(),
    })
    .passthrough(),
});
const Session = z.object({
  id: z.string(),
  attributes: z
    .object({
      checkout_url: z.string().nullable().optional(),
      status: z.string(),
      reference_number: z.string().nullable().optional(),
      metadata: z.record(z.string(), z.string()).nullable().optional(),
      line_items: z.array(z.object({ amount: z.number().int(), currency: z.string(), quantity: z.number().int() })).default([]),
      payments: z.array(PaymentResource).default([]),
    })
    .passthrough(),
});
type Session = z.infer<typeof Session>;
const Envelope = z.object({ data: Session });
const WebhookEvent = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({
      type: z.string(),
      livemode: z.boolean().default(false),
      data: z.object({ id: z.string(), attributes: z.record(z.string(), z.unknown()) }).passthrough(),
    }),
  }),
});

/** A signature older than this is refused (a replay of a captured message). */
const TOLERANCE_SECONDS = 300;

/** Our channel names to the aggregator's payment method types. */
const methodType: Record<string, string> = { gcash: 'gcash', maya: 'paymaya' };

export class PayMongoEWallet implements HostedCheckoutProvider {
  constructor(
    private readonly config: { apiUrl: string; secretKey: string; webhookSecret: string },
    private readonly now: () => number = Date.now,
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<Session> {
    const res = await fetch(`${this.config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.config.secretKey}:`).toString('base64')}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`e-wallet: ${method} ${path.split('/').slice(0, 3).join('/')} answered ${res.status}`);
    return Envelope.parse(await res.json()).data;
  }

  private toOrder(s: Session): HostedOrder {
    const a = s.attributes;
    const paid = a.payments.find((p) => p.attributes.status === 'paid');
    const last = a.payments.at(-1);
    const item = a.line_items[0];
    let status: HostedOrderStatus = 'open';
    if (paid) status = 'paid';
    else if (a.status === 'expired') status = 'expired';
    else if (last?.attributes.status === 'failed') status = 'failed';
    const amount = paid
      ? { currency: paid.attributes.currency, minor: String(paid.attributes.amount) }
      : { currency: item?.currency ?? 'PHP', minor: String((item?.amount ?? 0) * (item?.quantity ?? 1)) };
    return {
      id: s.id,
      status,
      paymentId: a.metadata?.paymentId ?? a.reference_number ?? null,
      approvalUrl: status === 'open' || status === 'failed' ? (a.checkout_url ?? null) : null,
      amount,
      failureReason: status === 'failed' ? (last?.attributes.failed_message ?? 'The payment was declined.') : null,
    };
  }

  async create(input: Parameters<HostedCheckoutProvider['create']>[0], idempotencyKey: string): Promise<HostedOrder> {
    const type = methodType[input.channel ?? 'gcash'];
    if (!type) throw new Error(`e-wallet: unknown channel ${input.channel}`);
    const session = await this.call(
      'POST',
      '/v1/checkout_sessions',
      {
        data: {
          attributes: {
            line_items: [{ name: input.description, amount: Number(input.amount.minor), currency: input.amount.currency, quantity: 1 }],
            payment_method_types: [type],
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            description: input.description,
            reference_number: input.paymentId,
            metadata: { paymentId: input.paymentId },
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
          },
        },
      },
      idempotencyKey,
    );
    return this.toOrder(session);
  }

  async retrieve(orderId: string): Promise<HostedOrder> {
    return this.toOrder(await this.call('GET', `/v1/checkout_sessions/${encodeURIComponent(orderId)}`));
  }

  async complete(orderId: string): Promise<HostedOrder> {
    // A checkout session charges the wallet by itself once the user authorises it.
    return this.retrieve(orderId);
  }

  async expire(orderId: string): Promise<HostedOrder> {
    const order = await this.retrieve(orderId);
    if (order.status === 'paid' || order.status === 'expired') return order;
    return this.toOrder(await this.call('POST', `/v1/checkout_sessions/${encodeURIComponent(orderId)}/expire`));
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<HostedNotification> {
    const header = headers['paymongo-signature'];
    if (!header) throw new Error('missing Paymongo-Signature');
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || Math.abs(this.now() / 1000 - t) > TOLERANCE_SECONDS) throw new Error('stale or missing timestamp');
    const event = WebhookEvent.parse(JSON.parse(rawBody.toString('utf8')));
    const given = event.data.attributes.livemode ? parts.li : parts.te;
    const expected = createHmac('sha256', this.config.webhookSecret).update(`${parts.t}.`).update(rawBody).digest();
    const givenBytes = Buffer.from(given ?? '', 'hex');
    if (givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected))
      throw new Error('Paymongo-Signature does not match');
    const resource = event.data.attributes.data;
    const isSession = resource.id.startsWith('cs_');
    const metadata = (resource.attributes.metadata ?? null) as Record<string, string> | null;
    return {
      eventId: event.data.id,
      type: event.data.attributes.type,
      orderId: isSession ? resource.id : null,
      paymentId: metadata?.paymentId ?? null,
    };
  }
}
