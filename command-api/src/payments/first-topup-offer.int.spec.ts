// The first top-up offer (30 USD of diamonds for 15 USD) is sold once per account, whatever the
// concurrency: ten parallel sandbox payments with different keys, and Stripe intents opened in
// parallel and paid later. Over the real HTTP server and PostgreSQL; the ledger audit stays green.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startStripeServer, type StripeServer } from '../../../test-support/stripe-server.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { paymentPortsFromEnv } from './config.ts';
import { StripeCardProvider } from './stripe-card-provider.ts';

let stack: TestStack;
let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  const ports = paymentPortsFromEnv();
  stack = await startTestStack({
    commandOverrides: {
      payments: {
        ...ports,
        card: new StripeCardProvider(stripe.stripe, stripe.webhookSecret),
        config: { ...ports.config, sandboxEnabled: true },
      },
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await stripe?.stop();
});

async function credits(uid: string): Promise<Array<{ amount: number; reason: string; reference: string }>> {
  const { rows } = await stack.db.pool.query<{ data: { amount: number; reason: string; reference: string } }>(
    `select data from events where stream_id = $1 and type = 'DiamondsCredited' order by global_position`,
    [`wallet-${uid}`],
  );
  return rows.map((r) => ({ amount: r.data.amount, reason: r.data.reason, reference: r.data.reference }));
}

async function confirmedPayments(uid: string): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: number }>(
    `select count(*)::int as n from events where type = 'PaymentConfirmed' and data->>'uid' = $1`,
    [uid],
  );
  return rows[0]!.n;
}

async function deliver(hook: { body: string; signature: string }) {
  const res = await fetch(`${stack.commandUrl}/api/v1/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    body: hook.body,
  });
  return { status: res.status, body: await res.json() };
}

describe('first top-up offer, once per account', () => {
  it('ten parallel sandbox offer payments with different keys: exactly one is credited at the offer price', async () => {
    const token = await stack.tokenFor('offer-racer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        stack.api('/payment/topup/pay', {
          method: 'POST',
          token,
          body: { channelCode: 'sandbox', purpose: 'first_topup_offer' },
          headers: { 'idempotency-key': `race-${i}` },
        }),
      ),
    );
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    // Those that arrived after the offer was used are refused before paying; the rest paid 15 USD each.
    for (const r of refused) expect(r.body.error.message).toBe('The first top-up offer is only for your first top-up.');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const list = await credits('offer-racer');
    expect(list.filter((c) => c.reason === 'first_topup_offer')).toHaveLength(1);
    expect(list.filter((c) => c.reason === 'first_topup_offer')[0]!.amount).toBe(3000);
    // Every other paid offer bought at the normal rate: 15 USD = 1,500 diamonds.
    expect(list.filter((c) => c.reason === 'topup').map((c) => c.amount)).toEqual(Array(paid.length - 1).fill(1500));
    expect(await confirmedPayments('offer-racer')).toBe(paid.length);
    expect((await loadWallet(stack.command.deps, 'offer-racer')).balance).toBe(3000 + 1500 * (paid.length - 1));

    const again = await stack.api('/payment/topup/pay', {
      method: 'POST',
      token,
      body: { channelCode: 'sandbox', purpose: 'first_topup_offer' },
      headers: { 'idempotency-key': 'later' },
    });
    expect(again.status).toBe(422);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });

  it('two Stripe offer intents opened in parallel and both paid later: the second credits at the normal rate', async () => {
    const token = await stack.tokenFor('offer-cards');
    const [a, b] = await Promise.all(
      ['card-a', 'card-b'].map((key) =>
        stack.api('/payment/stripe/init', {
          method: 'POST',
          token,
          body: { purpose: 'first_topup_offer' },
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect([a!.body.metadata.value, b!.body.metadata.value]).toEqual([15, 15]);
    const paid = await Promise.all([a!, b!].map((intent) => deliver(stripe.webhook('payment_intent.succeeded', intent.body.referenceId))));
    expect(paid.map((p) => p.status)).toEqual([200, 200]);
    const list = await credits('offer-cards');
    expect(list.map((c) => c.amount).sort()).toEqual([1500, 3000]);
    expect(list.filter((c) => c.reason === 'first_topup_offer')).toHaveLength(1);
    expect((await loadWallet(stack.command.deps, 'offer-cards')).balance).toBe(4500);
    // A webhook delivered again changes nothing.
    await deliver(stripe.webhook('payment_intent.succeeded', b!.body.referenceId));
    expect((await loadWallet(stack.command.deps, 'offer-cards')).balance).toBe(4500);
    // The history says what each payment bought.
    const head = String(await stack.command.deps.store.headPosition());
    let history = await stack.api('/transaction/me?currency=USD', { token, headers: { 'x-min-position': head } });
    for (let i = 0; i < 100 && history.headers.get('x-stale') === 'true'; i++)
      history = await stack.api('/transaction/me?currency=USD', { token, headers: { 'x-min-position': head } });
    expect(history.body.items.map((t: { description: string }) => t.description).sort()).toEqual([
      'Top-up of 15.00 USD for 1500 diamonds (stripe)',
      'Top-up of 15.00 USD for 3000 diamonds (stripe)',
    ]);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});
