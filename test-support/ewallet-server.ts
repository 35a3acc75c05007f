// A stand-in for the e-wallet aggregator's API (PayMongo checkout sessions), so the real adapter
// (command-api/src/payments/paymongo-ewallet.ts) runs against it over HTTP: secret-key basic auth,
// create (Idempotency-Key honoured) / retrieve / expire checkout sessions in PHP, the wallet's
// authorisation page (GCash or Maya: authorise or decline), and webhooks signed the documented way
// (Paymongo-Signature: t=<unix>,te=<hmac-sha256 of "t.body">,li=). Authorising or declining on the
// page delivers checkout_session.payment.paid or payment.failed to the configured webhook URL.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface PaymentRow {
  id: string;
  attributes: {
    amount: number;
    currency: string;
    status: 'paid' | 'failed';
    failed_message: string | null;
    metadata: Record<string, string>;
    source: { type: string };
  };
}

export interface EWalletSession {
  id: string;
  attributes: {
    checkout_url: string;
    status: 'active' | 'expired';
    reference_number: string;
    metadata: Record<string, string>;
    line_items: Array<{ name: string; amount: number; currency: string; quantity: number }>;
    payment_method_types: string[];
    success_url: string;
    cancel_url: string;
    payments: PaymentRow[];
  };
}

export interface EWalletServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, EWalletSession>;
  webhookUrl: string | null;
  /** The user authorises (or declines) in the wallet app (tests without a browser). */
  authorise(sessionId: string, outcome: 'paid' | 'failed'): void;
  /** A signed webhook for the session's last payment (or the session itself). */
  notification(
    type: 'checkout_session.payment.paid' | 'payment.paid' | 'payment.failed',
    sessionId: string,
    options?: { at?: number },
  ): { body: string; headers: Record<string, string> };
  stop(): Promise<void>;
}

const walletNames: Record<string, string> = { gcash: 'GCash', paymaya: 'Maya' };

const page = (
  title: string,
  colour: string,
  body: string,
) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui;background:${colour};color:#fff;display:flex;justify-content:center;padding:40px 16px;margin:0}
main{background:#fff;color:#1a1a2e;border-radius:16px;padding:28px;max-width:380px;width:100%}
h1{font-size:22px;margin:0 0 6px;color:${colour}}.amount{font-size:34px;font-weight:700;margin:18px 0}
button{width:100%;padding:14px;border-radius:10px;border:0;background:${colour};color:#fff;font-weight:700;font-size:16px;cursor:pointer;margin-top:8px}
.decline{background:#eee;color:#333}small{color:#666}</style></head><body><main>${body}</main></body></html>`;

export async function startEWalletServer(): Promise<EWalletServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsk_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, EWalletSession>();
  const byKey = new Map<string, string>();
  let base = '';
  let self: EWalletServer | null = null;

  const authorise = (id: string, outcome: 'paid' | 'failed') => {
    const s = sessions.get(id);
    if (!s || s.attributes.status !== 'active' || s.attributes.payments.some((p) => p.attributes.status === 'paid')) return false;
    const item = s.attributes.line_items[0]!;
    s.attributes.payments.push({
      id: `pay_${randomBytes(10).toString('hex')}`,
      attributes: {
        amount: item.amount * item.quantity,
        currency: item.currency,
        status: outcome,
        failed_message: outcome === 'failed' ? 'The e-wallet declined the payment.' : null,
        metadata: { ...s.attributes.metadata },
        source: { type: s.attributes.payment_method_types[0] ?? 'gcash' },
      },
    });
    const target = self?.webhookUrl;
    if (target) {
      const { body, headers } = self!.notification(outcome === 'paid' ? 'checkout_session.payment.paid' : 'payment.failed', id);
      void fetch(target, { method: 'POST', headers, body }).catch(() => undefined);
    }
    return true;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const html = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      };
      const url = new URL(req.url ?? '/', base);
      const error = (status: number, code: string, detail: string) => send(status, { errors: [{ code, detail }] });

      // ---- the wallet's authorisation page ----
      const checkout = /^\/checkout\/([^/]+)(?:\/(authorise|decline))?$/.exec(url.pathname);
      if (checkout) {
        const s = sessions.get(checkout[1]!);
        if (!s) return html(404, page('Not found', '#555', '<h1>Checkout not found</h1>'));
        const type = s.attributes.payment_method_types[0] ?? 'gcash';
        const name = walletNames[type] ?? type;
        const colour = type === 'paymaya' ? '#00a651' : '#007dfe';
        if (req.method === 'POST' && checkout[2]) {
          authorise(s.id, checkout[2] === 'authorise' ? 'paid' : 'failed');
          res.writeHead(302, { location: checkout[2] === 'authorise' ? s.attributes.success_url : s.attributes.cancel_url });
          return res.end();
        }
        if (s.attributes.status !== 'active' || s.attributes.payments.some((p) => p.attributes.status === 'paid'))
          return html(409, page(name, colour, '<h1>This checkout is closed</h1>'));
        const item = s.attributes.line_items[0]!;
        const php = (item.amount / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 });
        return html(
          200,
          page(
            `Pay with ${name}`,
            colour,
            `<h1>${name}</h1><small>Test wallet · ${item.name}</small>
<div class="amount" data-testid="ewallet-amount">₱${php}</div>
<form method="post" action="/checkout/${s.id}/authorise"><button type="submit" data-testid="ewallet-authorise">Authorise payment</button></form>
<form method="post" action="/checkout/${s.id}/decline"><button type="submit" class="decline" data-testid="ewallet-decline">Decline</button></form>`,
          ),
        );
      }

      // ---- the API ----
      if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`)
        return error(401, 'api_key_invalid', 'API key is invalid.');
      let body: Record<string, any> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return error(400, 'parameter_invalid', 'The request body is not valid JSON.');
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout_sessions') {
        const key = req.headers['idempotency-key'] as string | undefined;
        if (key && byKey.has(key)) return send(200, { data: sessions.get(byKey.get(key)!) });
        const a = body.data?.attributes ?? {};
        const items = a.line_items as EWalletSession['attributes']['line_items'] | undefined;
        if (!items?.length || items.some((i) => !Number.isInteger(i.amount) || i.amount < 2000 || i.currency !== 'PHP'))
          return error(400, 'parameter_below_minimum', 'line_items amount must be at least 2000 centavos in PHP.');
        if (!Array.isArray(a.payment_method_types) || a.payment_method_types.some((t: string) => !(t in walletNames)))
          return error(400, 'parameter_invalid', 'payment_method_types is invalid.');
        const id = `cs_${randomBytes(12).toString('hex')}`;
        const session: EWalletSession = {
          id,
          attributes: {
            checkout_url: `${base}/checkout/${id}`,
            status: 'active',
            reference_number: a.reference_number ?? '',
            metadata: a.metadata ?? {},
            line_items: items,
            payment_method_types: a.payment_method_types,
            success_url: a.success_url ?? '',
            cancel_url: a.cancel_url ?? '',
            payments: [],
          },
        };
        sessions.set(id, session);
        if (key) byKey.set(key, id);
        return send(200, { data: session });
      }
      const expire = /^\/v1\/checkout_sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire) {
        const s = sessions.get(expire[1]!);
        if (!s) return error(404, 'resource_not_found', 'No such checkout session.');
        if (s.attributes.payments.some((p) => p.attributes.status === 'paid'))
          return error(400, 'resource_failed_state', 'The checkout session is already paid.');
        s.attributes.status = 'expired';
        return send(200, { data: s });
      }
      const get = /^\/v1\/checkout_sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const s = sessions.get(get[1]!);
        return s ? send(200, { data: s }) : error(404, 'resource_not_found', 'No such checkout session.');
      }
      error(404, 'resource_not_found', `${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self = {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    webhookUrl: null,
    authorise: (id, outcome) => void authorise(id, outcome),
    notification(type, sessionId, options = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const payment = s.attributes.payments.at(-1);
      const resource =
        type === 'checkout_session.payment.paid' ? s : (payment ?? { id: 'pay_none', attributes: { metadata: s.attributes.metadata } });
      const body = JSON.stringify({
        data: {
          id: `evt_${randomBytes(10).toString('hex')}`,
          type: 'event',
          attributes: { type, livemode: false, data: resource, created_at: Math.floor(Date.now() / 1000) },
        },
      });
      const t = String(options.at ?? Math.floor(Date.now() / 1000));
      const te = createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'paymongo-signature': `t=${t},te=${te},li=` } };
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return self;
}
