// A stand-in for Stripe's HTTP API (stripe-mock cannot be installed here): the real `stripe` SDK
// talks to it over HTTP. It keeps PaymentIntents in memory and honours Idempotency-Key, and builds
// webhook payloads signed the way Stripe signs them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export interface StripeServer {
  port: number;
  stripe: Stripe;
  webhookSecret: string;
  intents: Map<string, Record<string, unknown>>;
  /** A signed webhook for an intent: body and header to post to our route. */
  webhook(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string, overrides?: Record<string, unknown>): { body: string; signature: string };
  stop(): Promise<void>;
}

export async function startStripeServer(): Promise<StripeServer> {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://local');
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
          id, object: 'payment_intent', amount: Number(form.get('amount')), amount_received: 0, currency: form.get('currency'),
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, status: 'requires_payment_method', metadata, last_payment_error: null,
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
  return {
    port,
    stripe,
    webhookSecret,
    intents,
    webhook(type, intentId, overrides = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const object = type === 'payment_intent.succeeded'
        ? { ...intent, status: 'succeeded', amount_received: intent.amount, ...overrides }
        : { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' }, ...overrides };
      const body = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });
      return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
