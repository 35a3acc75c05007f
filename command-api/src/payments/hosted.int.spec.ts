// The hosted checkouts through their real adapters and routes, against local fakes of the providers
// (test-support/web-payment-server.ts, ewallet-server.ts): per provider, notifications delivered
// 5 times and out of order credit once; forged or stale signatures write nothing; the server reads
// the order back, so a signed notification about an unpaid order credits nothing; an abandoned order
// expires at the provider and credits nothing; the PHP amount is the one fixed at creation; and the
// ledger audit passes with the PHP charges counted.
import { headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startEWalletServer, type EWalletServer } from '../../../test-support/ewallet-server.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { startWebPaymentServer, type WebPaymentServer } from '../../../test-support/web-payment-server.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { paymentPortsFromEnv } from './config.ts';
import { sweepHostedPayments } from './hosted.ts';
import { paymentCommands } from './settle.ts';
import { PayMongoEWallet } from './paymongo-ewallet.ts';
import { PayPalWebPayment } from './paypal-web-payment.ts';
import { appendedSince } from '../../../test-support/nothing-written.ts';

let stack: TestStack;
let webpay: WebPaymentServer;
let ewallet: EWalletServer;

beforeAll(async () => {
  [webpay, ewallet] = await Promise.all([startWebPaymentServer(), startEWalletServer()]);
  const ports = paymentPortsFromEnv();
  stack = await startTestStack({
    commandOverrides: {
      payments: {
        ...ports,
        webpay: new PayPalWebPayment({
          apiUrl: webpay.url,
          clientId: webpay.clientId,
          clientSecret: webpay.clientSecret,
          webhookId: webpay.webhookId,
        }),
        ewallet: new PayMongoEWallet({ apiUrl: ewallet.url, secretKey: ewallet.secretKey, webhookSecret: ewallet.webhookSecret }),
        config: { ...ports.config, phpPerUsd: 58.82, orderTtlMinutes: 30, publicUrl: 'http://app.local' },
      },
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([webpay?.stop(), ewallet?.stop()]);
});

const walletEvents = async (uid: string) =>
  Number((await stack.db.pool.query(`select count(*)::int as n from events where stream_id = $1`, [`wallet-${uid}`])).rows[0].n);
const balance = async (uid: string) => (await loadWallet(stack.command.deps, uid)).balance;

async function deliver(kind: 'webpay' | 'ewallet', hook: { body: string; headers: Record<string, string> }) {
  const res = await fetch(`${stack.commandUrl}/api/v1/payment/${kind}/webhook`, { method: 'POST', headers: hook.headers, body: hook.body });
  return { status: res.status, body: await res.json() };
}

const init = (kind: 'webpay' | 'ewallet', token: string, body: unknown, key: string) =>
  stack.api(`/payment/${kind}/init`, { method: 'POST', token, body, headers: { 'idempotency-key': key } });

describe('web payment (hosted order)', () => {
  it('creates an order and answers with its approval page, once per key', async () => {
    const token = await stack.tokenFor('wp-1');
    const res = await init('webpay', token, { value: 10 }, 'wp-init-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'requires_action', clientSecret: null, metadata: { currencyKind: 'USD', value: 10 } });
    expect(res.body.approvalUrl).toBe(`${webpay.url}/checkoutnow?token=${res.body.referenceId}`);
    const order = webpay.orders.get(res.body.referenceId)!;
    expect(order).toMatchObject({ custom_id: res.body.transactionId, amount: { currency_code: 'USD', value: '10.00' } });
    expect(order.return_url).toBe(`http://app.local/wallet/payment-return?method=webpay&payment=${res.body.transactionId}&result=approved`);
    const again = await init('webpay', token, { value: 10 }, 'wp-init-1');
    expect(again.body).toMatchObject({
      transactionId: res.body.transactionId,
      referenceId: res.body.referenceId,
      approvalUrl: res.body.approvalUrl,
    });
    expect(webpay.orders.size).toBe(1);
  });

  it('credits once when notifications arrive 5 times, out of order, and captures once', async () => {
    const token = await stack.tokenFor('wp-2');
    const { body } = await init('webpay', token, { value: 25 }, 'wp-init-2');
    webpay.approve(body.referenceId);
    const approved = webpay.notification('CHECKOUT.ORDER.APPROVED', body.referenceId);
    // A capture notification before any capture: the order read back is approved, so we capture it.
    const early = webpay.notification('PAYMENT.CAPTURE.COMPLETED', body.referenceId);
    const results = await Promise.all([
      deliver('webpay', early),
      deliver('webpay', approved),
      deliver('webpay', approved),
      deliver('webpay', early),
      deliver('webpay', approved),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance('wp-2')).toBe(2500);
    expect(await walletEvents('wp-2')).toBe(1);
    const order = webpay.orders.get(body.referenceId)!;
    expect(order.status).toBe('COMPLETED');
    // Later duplicates change nothing.
    await deliver('webpay', webpay.notification('PAYMENT.CAPTURE.COMPLETED', body.referenceId));
    expect(await walletEvents('wp-2')).toBe(1);
    const status = await stack.api(`/payment/status/${body.transactionId}`, {
      token,
      headers: { 'x-min-position': String(await stack.command.deps.store.headPosition()) },
    });
    expect(status.body).toMatchObject({ provider: 'webpay', status: 'completed', amountUsdCents: 2500 });
  });

  it("captures on the user's return from the approval page (the server asks the provider)", async () => {
    const token = await stack.tokenFor('wp-3');
    const { body } = await init('webpay', token, { value: 5 }, 'wp-init-3');
    const before = await stack.api('/payment/webpay/capture', { method: 'POST', token, body: { transactionId: body.transactionId } });
    expect(before.body).toMatchObject({ status: 'requires_action' });
    expect(await balance('wp-3')).toBe(0);
    webpay.approve(body.referenceId);
    const after = await stack.api('/payment/webpay/capture', { method: 'POST', token, body: { transactionId: body.transactionId } });
    expect(after.body).toMatchObject({ status: 'succeeded', transactionId: body.transactionId, approvalUrl: null });
    expect(await balance('wp-3')).toBe(500);
    // Someone else cannot capture (or even see) this payment.
    const other = await stack.api('/payment/webpay/capture', {
      method: 'POST',
      token: await stack.tokenFor('wp-3b'),
      body: { transactionId: body.transactionId },
    });
    expect(other.status).toBe(404);
  });

  it('rejects forged, tampered and unsigned notifications and writes nothing; a signed one about an unpaid order credits nothing', async () => {
    const token = await stack.tokenFor('wp-4');
    const { body } = await init('webpay', token, { value: 10 }, 'wp-init-4');
    const real = webpay.notification('PAYMENT.CAPTURE.COMPLETED', body.referenceId);
    const before = await headPosition(stack.db.pool);
    const tampered = await deliver('webpay', { body: real.body.replace('"10.00"', '"99.00"'), headers: real.headers });
    expect(tampered).toEqual({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid notification signature.' } } });
    const forged = await deliver('webpay', {
      body: real.body,
      headers: { ...real.headers, 'paypal-transmission-sig': Buffer.alloc(32).toString('base64') },
    });
    expect(forged.status).toBe(400);
    const unsigned = await deliver('webpay', { body: real.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    // Genuinely signed, but it says "completed" of an order the user never approved: read back, it is not paid.
    expect((await deliver('webpay', real)).status).toBe(200);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    expect(await balance('wp-4')).toBe(0);
  });

  it('fails a declined capture with its reason, crediting nothing', async () => {
    const token = await stack.tokenFor('wp-5');
    const { body } = await init('webpay', token, { value: 10 }, 'wp-init-5');
    webpay.approve(body.referenceId);
    webpay.declineNextCapture = true;
    const res = await stack.api('/payment/webpay/capture', { method: 'POST', token, body: { transactionId: body.transactionId } });
    expect(res.body).toMatchObject({ status: 'failed' });
    const { state } = await paymentCommands.load(stack.command.deps, body.transactionId);
    expect(state).toMatchObject({ status: 'failed', failureReason: 'The payment was declined.' });
    expect(await balance('wp-5')).toBe(0);
  });
});

describe('PH e-wallet (GCash / Maya through the aggregator)', () => {
  it('charges in PHP at the rate fixed when the charge is created, and records it on the payment', async () => {
    const token = await stack.tokenFor('ew-1');
    const res = await init('ewallet', token, { value: 10, channel: 'maya' }, 'ew-init-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'requires_action', metadata: { currencyKind: 'PHP', value: 588.2 } });
    const session = ewallet.sessions.get(res.body.referenceId)!;
    expect(session.attributes).toMatchObject({
      payment_method_types: ['paymaya'],
      reference_number: res.body.transactionId,
      line_items: [{ amount: 58820, currency: 'PHP', quantity: 1 }],
    });
    expect(res.body.approvalUrl).toBe(session.attributes.checkout_url);
    const { events } = await stack.command.deps.store.readStream(`payment-${res.body.transactionId}`);
    expect(events[0]!.data).toMatchObject({
      provider: 'ewallet',
      amountUsdCents: 1000,
      diamonds: 1000,
      charged: { currency: 'PHP', amount: '58820', rate: 58.82 },
    });
    // The rate moves; this charge still owes what it was created for, and credits for it.
    stack.command.deps.payments.config.phpPerUsd = 60;
    try {
      ewallet.authorise(res.body.referenceId, 'paid');
      await deliver('ewallet', ewallet.notification('checkout_session.payment.paid', res.body.referenceId));
      expect(await balance('ew-1')).toBe(1000);
    } finally {
      stack.command.deps.payments.config.phpPerUsd = 58.82;
    }
  });

  it('credits once when the success arrives 5 times, out of order with a failure', async () => {
    const token = await stack.tokenFor('ew-2');
    const { body } = await init('ewallet', token, { value: 20 }, 'ew-init-2');
    ewallet.authorise(body.referenceId, 'paid');
    const paid = ewallet.notification('checkout_session.payment.paid', body.referenceId);
    const failed = ewallet.notification('payment.failed', body.referenceId);
    const results = await Promise.all([
      deliver('ewallet', failed),
      deliver('ewallet', paid),
      deliver('ewallet', paid),
      deliver('ewallet', failed),
      deliver('ewallet', paid),
      deliver('ewallet', paid),
      deliver('ewallet', paid),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(await balance('ew-2')).toBe(2000);
    expect(await walletEvents('ew-2')).toBe(1);
  });

  it('rejects a forged, tampered or stale signature and writes nothing', async () => {
    const token = await stack.tokenFor('ew-3');
    const { body } = await init('ewallet', token, { value: 10 }, 'ew-init-3');
    ewallet.authorise(body.referenceId, 'paid');
    const real = ewallet.notification('checkout_session.payment.paid', body.referenceId);
    const before = await headPosition(stack.db.pool);
    const tampered = await deliver('ewallet', { body: real.body.replace('"amount":58820', '"amount":1'), headers: real.headers });
    expect(tampered.body.error.message).toBe('Invalid notification signature.');
    const forged = await deliver('ewallet', {
      body: real.body,
      headers: {
        ...real.headers,
        'paymongo-signature': real.headers['paymongo-signature']!.replace(/te=[0-9a-f]+/, `te=${'0'.repeat(64)}`),
      },
    });
    const stale = await deliver(
      'ewallet',
      ewallet.notification('checkout_session.payment.paid', body.referenceId, { at: Math.floor(Date.now() / 1000) - 3600 }),
    );
    const unsigned = await deliver('ewallet', { body: real.body, headers: { 'content-type': 'application/json' } });
    expect([tampered.status, forged.status, stale.status, unsigned.status]).toEqual([400, 400, 400, 400]);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    expect(await balance('ew-3')).toBe(0);
    // Polling on return (a lost notification) reads the charge back and credits it.
    const check = await stack.api('/payment/ewallet/check', { method: 'POST', token, body: { transactionId: body.transactionId } });
    expect(check.body).toMatchObject({ status: 'succeeded' });
    expect(await balance('ew-3')).toBe(1000);
  });

  it('shows a declined wallet as failed, and a later authorisation on the same charge still credits', async () => {
    const token = await stack.tokenFor('ew-4');
    const { body } = await init('ewallet', token, { value: 10, channel: 'gcash' }, 'ew-init-4');
    ewallet.authorise(body.referenceId, 'failed');
    await deliver('ewallet', ewallet.notification('payment.failed', body.referenceId));
    expect((await paymentCommands.load(stack.command.deps, body.transactionId)).state).toMatchObject({
      status: 'failed',
      failureReason: 'The e-wallet declined the payment.',
    });
    ewallet.authorise(body.referenceId, 'paid');
    await deliver('ewallet', ewallet.notification('checkout_session.payment.paid', body.referenceId));
    expect(await balance('ew-4')).toBe(1000);
  });
});

describe('abandoned orders and the audit', () => {
  it('expires abandoned orders at the provider and credits nothing; a lost notification of a paid one is credited', async () => {
    const token = await stack.tokenFor('ab-1');
    const abandonedWeb = await init('webpay', token, { value: 10 }, 'ab-web');
    const abandonedWallet = await init('ewallet', token, { value: 10 }, 'ab-wallet');
    const paidQuietly = await init('ewallet', token, { value: 3 }, 'ab-paid');
    ewallet.authorise(paidQuietly.body.referenceId, 'paid'); // its notification never arrives
    const head = await stack.command.deps.store.headPosition();
    await stack.api(`/payment/status/${abandonedWeb.body.transactionId}`, { token, headers: { 'x-min-position': String(head) } });
    // Not yet past the expiry: nothing happens.
    expect(await sweepHostedPayments(stack.command.deps, new Date(Date.now() + 10 * 60_000))).toBe(0);
    expect(await sweepHostedPayments(stack.command.deps, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(3);
    for (const r of [abandonedWeb, abandonedWallet]) {
      expect((await paymentCommands.load(stack.command.deps, r.body.transactionId)).state).toMatchObject({
        status: 'failed',
        failureReason: 'This payment expired before it was completed. Nothing was charged.',
      });
    }
    expect(ewallet.sessions.get(abandonedWallet.body.referenceId)!.attributes.status).toBe('expired');
    expect(await balance('ab-1')).toBe(300);
    // Approved too late: the server never captures an expired order.
    webpay.approve(abandonedWeb.body.referenceId);
    const late = await stack.api('/payment/webpay/capture', {
      method: 'POST',
      token,
      body: { transactionId: abandonedWeb.body.transactionId },
    });
    expect(late.body).toMatchObject({ status: 'failed' });
    expect(webpay.orders.get(abandonedWeb.body.referenceId)!.captureCalls).toBe(0);
    expect(await balance('ab-1')).toBe(300);
  });

  it('passes the ledger audit with the PHP charges counted', async () => {
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.charged?.PHP).toEqual({ amount: String(58820 + 117640 + 58820 + 58820 + 17646), payments: 5 });
  });
});
