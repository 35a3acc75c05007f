// A stand-in for the hosted web-payment provider's REST API (PayPal Orders v2), so the real adapter
// (command-api/src/payments/paypal-web-payment.ts) runs against it over HTTP: OAuth client
// credentials, create / get / capture orders (PayPal-Request-Id honoured), an approval page the
// user opens in a popup or a redirect (approve, or cancel and return), and webhook notifications
// signed over "transmission id|time|webhook id|crc32(body)" that only this server can verify, through
// the documented verify-webhook-signature call. Approving delivers CHECKOUT.ORDER.APPROVED to the
// configured webhook URL, as PayPal's dashboard would.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface WebPaymentOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  custom_id: string;
  amount: { currency_code: string; value: string };
  return_url: string;
  cancel_url: string;
  capture: { id: string; status: 'COMPLETED' | 'DECLINED' } | null;
  captureCalls: number;
}

export interface WebPaymentServer {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, WebPaymentOrder>;
  /** Where approvals are notified (our route); none when unset. */
  webhookUrl: string | null;
  /** The next capture is declined (its capture's status DECLINED). */
  declineNextCapture: boolean;
  /** The user approves on the provider's page (tests without a browser). */
  approve(orderId: string): void;
  /** A signed notification: body and headers to post to our route. */
  notification(
    type: 'CHECKOUT.ORDER.APPROVED' | 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED',
    orderId: string,
    overrides?: Record<string, unknown>,
  ): { body: string; headers: Record<string, string> };
  stop(): Promise<void>;
}

const page = (
  title: string,
  body: string,
) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui;background:#f5f7fa;color:#1a1a2e;display:flex;justify-content:center;padding:40px 16px;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:28px;max-width:380px;width:100%}
h1{font-size:20px;margin:0 0 4px;color:#003087}.amount{font-size:32px;font-weight:700;margin:18px 0}
button{width:100%;padding:14px;border-radius:24px;border:0;background:#ffc439;font-weight:700;font-size:16px;cursor:pointer;margin-top:8px}
.cancel{background:none;color:#0070ba;font-weight:400}small{color:#666}</style></head><body><main>${body}</main></body></html>`;

export async function startWebPaymentServer(): Promise<WebPaymentServer> {
  const clientId = `client_${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const webhookId = `WH-${randomBytes(8).toString('hex').toUpperCase()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, WebPaymentOrder>();
  const byRequestId = new Map<string, unknown>();
  let base = '';
  let self: WebPaymentServer | null = null;

  const sign = (id: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${hookId}|${crc32(Buffer.from(body))}`)
      .digest('base64');

  const orderJson = (o: WebPaymentOrder) => ({
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ],
    purchase_units: [
      {
        reference_id: 'default',
        custom_id: o.custom_id,
        amount: o.amount,
        ...(o.capture
          ? { payments: { captures: [{ id: o.capture.id, status: o.capture.status, amount: o.amount, custom_id: o.custom_id }] } }
          : {}),
      },
    ],
  });

  const approve = (orderId: string) => {
    const o = orders.get(orderId);
    if (!o || o.status !== 'PAYER_ACTION_REQUIRED') return false;
    o.status = 'APPROVED';
    const target = self?.webhookUrl;
    if (target) {
      const { body, headers } = self!.notification('CHECKOUT.ORDER.APPROVED', orderId);
      void fetch(target, { method: 'POST', headers, body }).catch(() => undefined);
    }
    return true;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
        res.end(JSON.stringify(body));
      };
      const html = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      };
      const redirect = (to: string) => {
        res.writeHead(302, { location: to });
        res.end();
      };
      const url = new URL(req.url ?? '/', base);
      const auth = req.headers.authorization ?? '';

      // ---- the approval page the user sees ----
      if (req.method === 'GET' && url.pathname === '/checkoutnow') {
        const o = orders.get(url.searchParams.get('token') ?? '');
        if (!o) return html(404, page('Not found', '<h1>This order was not found</h1>'));
        if (o.status !== 'PAYER_ACTION_REQUIRED') return html(409, page('Done', '<h1>This order cannot be approved any more</h1>'));
        return html(
          200,
          page(
            'Pay with WebPay',
            `<h1>WebPay checkout</h1><small>Test provider · order ${o.id}</small>
<div class="amount" data-testid="webpay-amount">$${o.amount.value} ${o.amount.currency_code}</div>
<form method="post" action="/checkoutnow/approve?token=${o.id}"><button type="submit" data-testid="webpay-approve">Pay now</button></form>
<form method="post" action="/checkoutnow/cancel?token=${o.id}"><button type="submit" class="cancel" data-testid="webpay-cancel">Cancel and return</button></form>`,
          ),
        );
      }
      const action = /^\/checkoutnow\/(approve|cancel)$/.exec(url.pathname);
      if (req.method === 'POST' && action) {
        const o = orders.get(url.searchParams.get('token') ?? '');
        if (!o) return html(404, page('Not found', '<h1>This order was not found</h1>'));
        const back = (to: string) => `${to}${to.includes('?') ? '&' : '?'}token=${o.id}`;
        if (action[1] === 'cancel') return redirect(back(o.cancel_url));
        approve(o.id);
        return redirect(`${back(o.return_url)}&PayerID=${randomBytes(6).toString('hex').toUpperCase()}`);
      }

      // ---- the REST API ----
      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        if (auth !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`)
          return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        const token = `A21AA${randomBytes(16).toString('hex')}`;
        tokens.add(token);
        return send(200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-LOCAL',
          expires_in: 32400,
        });
      }
      if (!tokens.has(auth.replace(/^Bearer /, '')))
        return send(401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        });
      const requestId = req.headers['paypal-request-id'] as string | undefined;
      const remembered = requestId ? byRequestId.get(`${url.pathname}:${requestId}`) : undefined;
      if (remembered) return send(200, remembered);
      let body: Record<string, any> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.' });
      }

      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
        const unit = body.purchase_units?.[0];
        const ctx = body.payment_source?.paypal?.experience_context ?? {};
        if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value))
          return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
        const id = randomBytes(8).toString('hex').toUpperCase().slice(0, 17);
        const order: WebPaymentOrder = {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          custom_id: unit.custom_id ?? '',
          amount: unit.amount,
          return_url: ctx.return_url ?? '',
          cancel_url: ctx.cancel_url ?? '',
          capture: null,
          captureCalls: 0,
        };
        orders.set(id, order);
        const answer = orderJson(order);
        if (requestId) byRequestId.set(`${url.pathname}:${requestId}`, answer);
        return send(201, answer);
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
      if (req.method === 'POST' && capture) {
        const o = orders.get(capture[1]!);
        if (!o) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        o.captureCalls++;
        if (o.status === 'COMPLETED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
        if (o.status !== 'APPROVED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
        // A declined capture completes the order with a DECLINED capture, as PayPal answers it.
        const declined = self!.declineNextCapture;
        self!.declineNextCapture = false;
        o.status = 'COMPLETED';
        o.capture = { id: randomBytes(8).toString('hex').toUpperCase(), status: declined ? 'DECLINED' : 'COMPLETED' };
        const answer = orderJson(o);
        if (requestId) byRequestId.set(`${url.pathname}:${requestId}`, answer);
        return send(201, answer);
      }
      const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const o = orders.get(get[1]!);
        return o ? send(200, orderJson(o)) : send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      }
      if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const ok =
          body.webhook_id === webhookId &&
          body.auth_algo === 'SHA256withRSA' &&
          typeof body.transmission_sig === 'string' &&
          body.transmission_sig ===
            sign(String(body.transmission_id), String(body.transmission_time), webhookId, JSON.stringify(body.webhook_event));
        return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      send(404, { name: 'RESOURCE_NOT_FOUND', message: `${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self = {
    url: base,
    clientId,
    clientSecret,
    webhookId,
    orders,
    webhookUrl: null,
    declineNextCapture: false,
    approve: (orderId) => void approve(orderId),
    notification(type, orderId, overrides = {}) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`no order ${orderId}`);
      const resource =
        type === 'CHECKOUT.ORDER.APPROVED'
          ? { ...orderJson(o), ...overrides }
          : {
              id: o.capture?.id ?? 'CAPTURE',
              status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
              amount: o.amount,
              custom_id: o.custom_id,
              supplementary_data: { related_ids: { order_id: o.id } },
              ...overrides,
            };
      const body = JSON.stringify({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: type.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
        event_type: type,
        resource,
      });
      const id = randomBytes(12).toString('hex');
      const time = new Date().toISOString();
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': id,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sign(id, time, webhookId, body),
          'paypal-cert-url': `${base}/v1/notifications/certs/CERT-LOCAL`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return self;
}
