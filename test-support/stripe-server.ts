// A stand-in for Stripe's HTTP API (stripe-mock cannot be installed here): the real `stripe` SDK
// talks to it over HTTP. It keeps PaymentIntents in memory and honours Idempotency-Key, and builds
// webhook payloads signed the way Stripe signs them. Browser tests also confirm intents here (the
// Stripe.js stand-in posts the card with the client secret, as Stripe.js does to api.stripe.com):
// Stripe's test cards decide the outcome, and a success is delivered as a signed webhook.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentSettings } from '@murmur/platform';
import type { PaymentPorts } from '../command-api/src/payments/ports.ts';
import { StripeCardProvider } from '../command-api/src/payments/stripe-card-provider.ts';

export interface StripeServer {
  port: number;
  stripe: Stripe;
  webhookSecret: string;
  intents: Map<string, Record<string, unknown>>;
  /** A signed webhook for an intent: body and header to post to our route. */
  webhook(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    intentId: string,
    overrides?: Record<string, unknown>,
  ): { body: string; signature: string };
  /** Where confirmed intents' webhooks go (our route), as configured in Stripe's dashboard; none when unset. */
  webhookUrl: string | null;
  stop(): Promise<void>;
}

/** Stripe's documented test cards: success, a generic decline, insufficient funds. */
const testCards: Record<string, { code: string; message: string } | null> = {
  '4242424242424242': null,
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
};

export async function startStripeServer(): Promise<StripeServer> {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  // Filled in below; the confirm route reads it when a browser confirms.
  let self: StripeServer | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      // Stripe's API answers browsers (Stripe.js) from any origin.
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-allow-methods': 'GET, POST',
      };
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...cors });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
      if (req.method === 'POST' && confirm) {
        const intent = intents.get(confirm[1]!);
        const form = new URLSearchParams(raw);
        if (!intent || form.get('client_secret') !== intent.client_secret)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (intent.status === 'succeeded')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent has already succeeded.',
            },
          });
        const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\s+/g, '');
        if (!(number in testCards))
          return send(402, { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
        const decline = testCards[number];
        if (decline) {
          Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { ...decline, type: 'card_error' } });
          return send(402, { error: { type: 'card_error', ...decline, payment_intent: intent } });
        }
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
        send(200, intent);
        const target = self?.webhookUrl;
        if (target) {
          const { body, signature } = self!.webhook('payment_intent.succeeded', intent.id as string);
          void fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body,
          }).catch(() => undefined);
        }
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'] as string | undefined;
        if (key && byKey.has(key)) return send(200, intents.get(byKey.get(key)!));
        const form = new URLSearchParams(raw);
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const id = `pi_${randomBytes(8).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          currency: form.get('currency'),
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
          metadata,
          last_payment_error: null,
        };
        intents.set(id, intent);
        if (key) byKey.set(key, id);
        return send(200, intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(m[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  self = {
    port,
    stripe,
    webhookSecret,
    intents,
    webhookUrl: null,
    webhook(type, intentId, overrides = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const object =
        type === 'payment_intent.succeeded'
          ? { ...intent, status: 'succeeded', amount_received: intent.amount, ...overrides }
          : { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' }, ...overrides };
      const body = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
  return self;
}

/** Both services' payment configuration for a browser test paying by card through this server (no
 * chain; the sandbox on), for `startFullStack({ payments })`. */
export function cardPayments(stripe: StripeServer, cardPublishableKey: string | null): { command: PaymentPorts; query: PaymentSettings } {
  const config = { depositAddress: null, tokens: [], confirmations: 3, sandboxEnabled: true };
  return {
    command: { card: new StripeCardProvider(stripe.stripe, stripe.webhookSecret), chain: null, config },
    query: { ...config, chainRpcUrls: {}, stripe: { secretKey: 'sk_test_local', webhookSecret: stripe.webhookSecret }, cardPublishableKey },
  };
}
