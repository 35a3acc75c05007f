// Card top-ups through the real Stripe SDK and the real webhook route: 5 deliveries of the same
// success (mixed with a failure, out of order) credit once; a forged signature writes nothing;
// a confirmation whose credit was lost (the process died) is credited by the reactor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startStripeServer, type StripeServer } from '../../../test-support/stripe-server.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { paymentPortsFromEnv } from './config.ts';
import { runPaymentCommand } from './settle.ts';
import { StripeCardProvider } from './stripe-card-provider.ts';
import { appendedSince } from '../../../test-support/nothing-written.ts';

let stack: TestStack;
let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  stack = await startTestStack({
    commandOverrides: { payments: { ...paymentPortsFromEnv(), card: new StripeCardProvider(stripe.stripe, stripe.webhookSecret) } },
  });
});
afterAll(async () => {
  await stack?.stop();
  await stripe?.stop();
});

async function deliver(hook: { body: string; signature: string }) {
  const res = await fetch(`${stack.commandUrl}/api/v1/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    body: hook.body,
  });
  return { status: res.status, body: await res.json() };
}

async function init(token: string, body: unknown, key: string) {
  return stack.api('/payment/stripe/init', { method: 'POST', token, body, headers: { 'idempotency-key': key } });
}

describe('card top-up (Stripe)', () => {
  it('creates a PaymentIntent through the SDK and answers with its client secret, once per key', async () => {
    const token = await stack.tokenFor('card-1');
    const res = await init(token, { value: 10 }, 'init-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'requires_payment_method',
      referenceId: expect.stringMatching(/^pi_/),
      metadata: { currencyKind: 'USD', value: 10 },
    });
    expect(res.body.clientSecret).toMatch(/_secret_/);
    const again = await init(token, { value: 10 }, 'init-1');
    expect(again.body.transactionId).toBe(res.body.transactionId);
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(stripe.intents.get(res.body.referenceId)).toMatchObject({
      amount: 1000,
      currency: 'usd',
      metadata: { paymentId: res.body.transactionId, uid: 'card-1', diamonds: '1000' },
    });
  });

  it('credits once when the success is delivered 5 times, out of order with a failure', async () => {
    const token = await stack.tokenFor('card-2');
    const { body } = await init(token, { value: 25 }, 'init-2');
    const success = stripe.webhook('payment_intent.succeeded', body.referenceId);
    const failure = stripe.webhook('payment_intent.payment_failed', body.referenceId);
    const first = await deliver(success);
    expect(first).toEqual({ status: 200, body: { received: true } });
    const rest = await Promise.all([
      deliver(failure),
      deliver(success),
      deliver(success),
      deliver(failure),
      deliver(success),
      deliver(success),
    ]);
    expect(rest.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await loadWallet(stack.command.deps, 'card-2')).balance).toBe(2500);
    const credits = await stack.db.pool.query(`select count(*)::int as n from events where stream_id = 'wallet-card-2'`);
    expect(credits.rows[0].n).toBe(1);
    const history = await stack.api(`/transaction/me?currency=USD`, { token, headers: { 'x-min-position': String(await headPosition()) } });
    expect(history.body.items).toEqual([expect.objectContaining({ transactionId: body.transactionId, status: 'completed', amount: 25 })]);
  });

  it('confirms after a failed attempt when the customer pays with another card', async () => {
    const token = await stack.tokenFor('card-3');
    const { body } = await init(token, { value: 5 }, 'init-3');
    await deliver(stripe.webhook('payment_intent.payment_failed', body.referenceId));
    const failed = await stack.api(`/transaction/me`, { token, headers: { 'x-min-position': String(await headPosition()) } });
    expect(failed.body.items[0]).toMatchObject({ status: 'failed' });
    await deliver(stripe.webhook('payment_intent.succeeded', body.referenceId));
    expect((await loadWallet(stack.command.deps, 'card-3')).balance).toBe(500);
  });

  it('rejects a forged or missing signature and writes nothing', async () => {
    const token = await stack.tokenFor('card-4');
    const { body } = await init(token, { value: 10 }, 'init-4');
    const real = stripe.webhook('payment_intent.succeeded', body.referenceId);
    const before = await stack.command.deps.store.headPosition();
    const tampered = await deliver({ body: real.body.replace('"amount":1000', '"amount":999999'), signature: real.signature });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.message).toBe('Invalid Stripe signature.');
    const forged = await deliver({ body: real.body, signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect(forged.status).toBe(400);
    const missing = await fetch(`${stack.commandUrl}/api/v1/payment/stripe/webhook`, { method: 'POST', body: real.body });
    expect(missing.status).toBe(400);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    expect((await loadWallet(stack.command.deps, 'card-4')).balance).toBe(0);
  });

  it('refuses an amount outside the bounds with the spec text', async () => {
    const token = await stack.tokenFor('card-5');
    for (const value of [0.5, 5001]) {
      const res = await init(token, { value }, `bounds-${value}`.replace('.', '_'));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Amount must be between 1 and 5000');
    }
  });

  it('sells the first top-up offer (30 USD of diamonds for 15 USD) once', async () => {
    const token = await stack.tokenFor('card-6');
    const offer = await init(token, { purpose: 'first_topup_offer' }, 'offer-1');
    expect(offer.body.metadata.value).toBe(15);
    await deliver(stripe.webhook('payment_intent.succeeded', offer.body.referenceId));
    expect((await loadWallet(stack.command.deps, 'card-6')).balance).toBe(3000);
    const second = await init(token, { purpose: 'first_topup_offer' }, 'offer-2');
    expect(second.status).toBe(422);
  });

  it('refuses a signed webhook for another intent that names this payment, and credits nothing', async () => {
    const token = await stack.tokenFor('card-9');
    const { body } = await init(token, { value: 20 }, 'init-9');
    const other = await init(await stack.tokenFor('card-9b'), { value: 20 }, 'init-9b');
    // The other intent is real and paid, but its metadata names card-9's payment.
    const hook = stripe.webhook('payment_intent.succeeded', other.body.referenceId, {
      metadata: { paymentId: body.transactionId, uid: 'card-9' },
    });
    const before = await stack.command.deps.store.headPosition();
    const res = await deliver(hook);
    expect(res.status).toBe(422);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    expect((await loadWallet(stack.command.deps, 'card-9')).balance).toBe(0);
    const failed = await deliver(
      stripe.webhook('payment_intent.payment_failed', other.body.referenceId, { metadata: { paymentId: body.transactionId } }),
    );
    expect(failed.status).toBe(422);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    // Its own intent still confirms it.
    await deliver(stripe.webhook('payment_intent.succeeded', body.referenceId));
    expect((await loadWallet(stack.command.deps, 'card-9')).balance).toBe(2000);
  });

  it('credits through the reactor when the process died between confirming and crediting', async () => {
    const token = await stack.tokenFor('card-7');
    const { body } = await init(token, { value: 7 }, 'init-7');
    // Only the confirmation is appended, as if the process had died before its inline credit.
    await runPaymentCommand(stack.command.deps, body.transactionId, {
      type: 'ConfirmPayment',
      paymentId: body.transactionId,
      amountUsdCents: 700,
      at: new Date().toISOString(),
    });
    for (let i = 0; i < 100 && (await loadWallet(stack.command.deps, 'card-7')).balance === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await loadWallet(stack.command.deps, 'card-7')).balance).toBe(700);
    // A late webhook for it changes nothing.
    await deliver(stripe.webhook('payment_intent.succeeded', body.referenceId));
    expect((await loadWallet(stack.command.deps, 'card-7')).balance).toBe(700);
  });

  it('buys VIP through the subscription checkout, and the ledger audit passes', async () => {
    const token = await stack.tokenFor('card-8');
    const checkout = await stack.api('/payment/checkout/pay', {
      method: 'POST',
      token,
      body: { method: 'card' },
      headers: { 'idempotency-key': 'vip-1' },
    });
    expect(checkout.body.metadata.value).toBe(120);
    await deliver(stripe.webhook('payment_intent.succeeded', checkout.body.referenceId));
    const wallet = await loadWallet(stack.command.deps, 'card-8');
    expect(wallet.balance).toBe(0);
    expect(wallet.vipUntil).not.toBeNull();
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.USD.payments).toBe(6);
  });
});

async function headPosition(): Promise<bigint> {
  return stack.command.deps.store.headPosition();
}
