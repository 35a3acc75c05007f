// A creator subscription paid by card through the subscription checkout (`payment/checkout/pay`
// with `creatorUid`): the real Stripe SDK against the local Stripe API, the real signed webhook.
// The card pays the price shown, settling buys the 30 days once however often the success is
// delivered, the creator gets the charm, and refusals are met before anyone is charged.
import { headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startStripeServer, type StripeServer } from '../../../test-support/stripe-server.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { paymentPortsFromEnv } from '../payments/config.ts';
import { StripeCardProvider } from '../payments/stripe-card-provider.ts';
import { loadWallet } from '../wallet/ledger.ts';
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

const { post, get, as } = actors(() => stack);

async function deliver(hook: { body: string; signature: string }) {
  const res = await fetch(`${stack.commandUrl}/api/v1/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    body: hook.body,
  });
  return res.status;
}

async function checkout(uid: string, body: unknown, key: string) {
  return stack.api('/payment/checkout/pay', { method: 'POST', token: await as(uid), body, headers: { 'idempotency-key': key } });
}

describe('creator subscription by card (subscription checkout)', () => {
  it('charges the price in USD, subscribes once on the webhook, and pays the creator', async () => {
    expect((await post('ck-creator', '/user/subscription/price', { price: 450 })).status).toBe(200);
    const opened = await checkout('ck-fan', { creatorUid: 'ck-creator', method: 'card' }, 'sub-1');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ status: 'requires_payment_method', metadata: { currencyKind: 'USD', value: 4.5 } });
    expect(stripe.intents.get(opened.body.referenceId)).toMatchObject({
      amount: 450,
      currency: 'usd',
      metadata: { uid: 'ck-fan', purpose: 'creator_subscription' },
    });
    // Nothing is bought before the card is paid.
    expect((await loadWallet(stack.command.deps, 'ck-fan')).subscriptions).toEqual({});

    const success = stripe.webhook('payment_intent.succeeded', opened.body.referenceId);
    expect(await Promise.all([deliver(success), deliver(success), deliver(success)])).toEqual([200, 200, 200]);
    const wallet = await loadWallet(stack.command.deps, 'ck-fan');
    expect(wallet.balance).toBe(0);
    expect(Object.keys(wallet.subscriptions)).toEqual(['ck-creator']);
    const bought = (await stack.command.deps.store.readStream('wallet-ck-fan')).events.filter((e) => e.type === 'SubscribedToCreator');
    expect(bought).toHaveLength(1);
    expect(bought[0]!.data).toMatchObject({ creatorUid: 'ck-creator', diamonds: 450, charm: 225 });

    const p = String(await stack.command.deps.store.headPosition());
    expect((await get('ck-creator', '/wallet/withdraw/available', p)).body.charm).toBe(225);
    expect((await get('ck-creator', '/user/subscribers/ck-creator', p)).body.items.map((i: { uid: string }) => i.uid)).toEqual(['ck-fan']);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.USD.confirmedCents).toBe(450);
  });

  it('a second card payment renews from the current end, at the price shown when it was opened', async () => {
    const until = (await loadWallet(stack.command.deps, 'ck-fan')).subscriptions['ck-creator']!;
    const opened = await checkout('ck-fan', { creatorUid: 'ck-creator' }, 'sub-2');
    // The creator raises the price before the card is paid: the fan still gets what was shown.
    await post('ck-creator', '/user/subscription/price', { price: 900 });
    await deliver(stripe.webhook('payment_intent.succeeded', opened.body.referenceId));
    const renewal = (await stack.command.deps.store.readStream('wallet-ck-fan')).events
      .filter((e) => e.type === 'SubscribedToCreator')
      .at(-1)!;
    expect(renewal.data).toMatchObject({
      diamonds: 450,
      from: until,
      expiresAt: new Date(Date.parse(until) + 30 * 86_400_000).toISOString(),
    });
    expect((await loadWallet(stack.command.deps, 'ck-fan')).balance).toBe(0);
  });

  it('the demo sandbox subscribes at once', async () => {
    const paid = await checkout('ck-sandbox', { creatorUid: 'ck-creator', method: 'sandbox' }, 'sub-3');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    const wallet = await loadWallet(stack.command.deps, 'ck-sandbox');
    expect(wallet.balance).toBe(0);
    expect(wallet.subscriptions['ck-creator']).toBeDefined();
  });

  it('refuses oneself, a creator without a plan and a plain top-up naming the purpose, before any charge', async () => {
    const before = await headPosition(stack.db.pool);
    const intents = stripe.intents.size;
    const self = await checkout('ck-creator', { creatorUid: 'ck-creator' }, 'self');
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe('You cannot subscribe to yourself.');
    const noPlan = await checkout('ck-fan', { creatorUid: 'ck-nobody' }, 'noplan');
    expect(noPlan.status).toBe(422);
    expect(noPlan.body.error.message).toBe('This creator does not offer subscriptions yet.');
    const bad = await checkout('ck-fan', { creatorUid: '../x y' }, 'bad');
    expect(bad.status).toBe(400);
    const topUp = await stack.api('/payment/stripe/init', {
      method: 'POST',
      token: await as('ck-fan'),
      body: { purpose: 'creator_subscription' },
    });
    expect(topUp.status).toBe(400);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    expect(stripe.intents.size).toBe(intents);
  });
});
