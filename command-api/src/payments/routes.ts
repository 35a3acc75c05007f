// The payments module: card init (Stripe PaymentIntent) and its signed webhook, crypto top-up by
// transaction hash (verified from the chain receipt), the sandbox, and the VIP checkout.
import { type PaymentPurpose, type PaymentResultDto } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import express from 'express';
import { createHash } from 'node:crypto';
import type { CommandModule } from '../command-module.ts';
import { RepeatingPass } from '../decider/repeating-pass.ts';
import type { CommandDeps } from '../dependencies.ts';
import { routeIdempotencyKey } from '../wallet/idempotency.ts';
import { handleNotification, initHosted, sweepHostedPayments, returnFromApproval, type HostedAnswer, type HostedKind } from './hosted.ts';
import { payCrypto } from './crypto-top-up.ts';
import { demoWalletRoutes } from './demo-wallet.ts';
import { confirmTon, initTon, sweepTonPayments, type TonAnswer } from './ton.ts';
import { startPaymentReactor } from './reactor.ts';
import { paymentCommands } from './settle.ts';
import { priceTopUp } from './top-up.ts';
import { confirmAndSettle, runPaymentCommand } from './settle.ts';

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

function result(r: Omit<PaymentResultDto, 'position'> & { position: bigint }): PaymentResultDto {
  return { ...r, position: r.position.toString() };
}

async function initCard(
  deps: CommandDeps,
  uid: string,
  key: string,
  purpose: PaymentPurpose,
  valueUsd: number | undefined,
  target?: string,
): Promise<PaymentResultDto> {
  const card = deps.payments.card;
  if (!card) throw new ApiError('RULE_VIOLATED', 'Card payments are not available here; please use a crypto wallet or the sandbox.');
  const paymentId = `card-${digest(key)}`;
  const { state } = await paymentCommands.load(deps, paymentId);
  if (state.status !== 'none') {
    // A retried init: the same intent, never a second one.
    const pi = await card.retrievePaymentIntent(state.providerRef);
    return result({
      status: pi.status,
      clientSecret: pi.clientSecret,
      transactionId: paymentId,
      referenceId: pi.id,
      metadata: { currencyKind: 'USD', value: state.amountUsdCents / 100 },
      position: 0n,
    });
  }
  const price = await priceTopUp(deps, uid, purpose, valueUsd, target);
  const pi = await card.createPaymentIntent({ ...price, paymentId, uid, purpose }, paymentId);
  const initiated = await runPaymentCommand(deps, paymentId, {
    type: 'InitiatePayment',
    payment: {
      paymentId,
      uid,
      provider: 'stripe',
      purpose,
      ...price,
      providerRef: pi.id,
      ...(target ? { target } : {}),
      initiatedAt: deps.clock.now().toISOString(),
    },
  });
  return result({
    status: pi.status,
    clientSecret: pi.clientSecret,
    transactionId: paymentId,
    referenceId: pi.id,
    metadata: { currencyKind: 'USD', value: price.amountUsdCents / 100 },
    position: initiated.position,
  });
}

async function paySandbox(
  deps: CommandDeps,
  uid: string,
  key: string,
  purpose: PaymentPurpose,
  valueUsd: number | undefined,
  target?: string,
): Promise<PaymentResultDto> {
  if (!deps.payments.config.sandboxEnabled) throw new ApiError('RULE_VIOLATED', 'The sandbox payment provider is not available here.');
  const paymentId = `sandbox-${digest(key)}`;
  const { state } = await paymentCommands.load(deps, paymentId);
  const price =
    state.status === 'none'
      ? await priceTopUp(deps, uid, purpose, valueUsd, target)
      : { amountUsdCents: state.amountUsdCents, diamonds: state.diamonds };
  await runPaymentCommand(deps, paymentId, {
    type: 'InitiatePayment',
    payment: {
      paymentId,
      uid,
      provider: 'sandbox',
      purpose,
      ...price,
      providerRef: `sandbox_${paymentId}`,
      ...(target ? { target } : {}),
      initiatedAt: deps.clock.now().toISOString(),
    },
  });
  // The sandbox "provider" answers at once, through the same confirmation path as a webhook.
  const settled = await confirmAndSettle(deps, paymentId, price.amountUsdCents);
  return result({
    status: 'succeeded',
    clientSecret: null,
    transactionId: paymentId,
    referenceId: `sandbox_${paymentId}`,
    metadata: { currencyKind: 'USD', value: price.amountUsdCents / 100 },
    position: settled.position,
  });
}

const hostedResult = (a: HostedAnswer | TonAnswer): PaymentResultDto => result({ ...a, clientSecret: null });

/** Where the provider sends the user back: the configured web app origin, else the caller's. */
const originOf = (deps: CommandDeps, req: express.Request): string =>
  deps.payments.config.publicUrl ?? req.header('origin') ?? `${req.protocol}://${req.get('host')}`;

const headersOf = (req: express.Request): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

function paymentRawRoutes(router: express.Router, deps: CommandDeps): void {
  const rawBody = { before: [express.raw({ type: () => true, limit: '1mb' })] };
  // The hosted checkouts' notifications: verified over the raw bytes, then the order is read back.
  for (const kind of ['webpay', 'ewallet'] as const satisfies readonly HostedKind[]) {
    const key = kind === 'webpay' ? 'POST /payment/webpay/webhook' : 'POST /payment/ewallet/webhook';
    defineRoute(
      router,
      key,
      async ({ req }) => {
        if (!Buffer.isBuffer(req.body)) throw new ApiError('VALIDATION_FAILED', 'Invalid notification signature.');
        await handleNotification(deps, kind, req.body, headersOf(req));
        return { received: true } as const;
      },
      rawBody,
    );
  }

  // Before the JSON parser: the signature is over the raw bytes.
  defineRoute(
    router,
    'POST /payment/stripe/webhook',
    async ({ req }) => {
      const card = deps.payments.card;
      if (!card) throw new ApiError('NOT_FOUND', 'Card payments are not configured.');
      const signature = req.header('stripe-signature');
      if (!signature || !Buffer.isBuffer(req.body)) throw new ApiError('VALIDATION_FAILED', 'Missing Stripe signature.');
      let event;
      try {
        event = card.parseWebhook(req.body, signature);
      } catch {
        throw new ApiError('VALIDATION_FAILED', 'Invalid Stripe signature.');
      }
      if (event.kind === 'succeeded') {
        if (event.currency !== 'usd') throw new ApiError('RULE_VIOLATED', 'Only USD card payments are accepted.');
        await confirmAndSettle(deps, event.paymentId, event.amountUsdCents, event.providerRef);
      } else if (event.kind === 'failed') {
        await runPaymentCommand(deps, event.paymentId, {
          type: 'FailPayment',
          paymentId: event.paymentId,
          reason: event.reason,
          at: deps.clock.now().toISOString(),
          providerRef: event.providerRef,
        });
      }
      return { received: true } as const;
    },
    rawBody,
  );
}

function paymentRoutes(router: express.Router, deps: CommandDeps): void {
  demoWalletRoutes(router, deps);
  defineRoute(router, 'POST /payment/stripe/init', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'payment/stripe/init');
    return initCard(deps, uid, key, body.purpose, body.value);
  });

  defineRoute(router, 'POST /payment/webpay/init', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'payment/webpay/init');
    return hostedResult(
      await initHosted(deps, {
        kind: 'webpay',
        uid,
        key,
        purpose: body.purpose,
        valueUsd: body.value,
        currency: 'USD',
        origin: originOf(deps, req),
      }),
    );
  });

  defineRoute(router, 'POST /payment/webpay/capture', async ({ me: { uid }, body }) =>
    hostedResult(await returnFromApproval(deps, 'webpay', uid, body.transactionId)),
  );

  defineRoute(router, 'POST /payment/ewallet/init', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'payment/ewallet/init');
    return hostedResult(
      await initHosted(deps, {
        kind: 'ewallet',
        uid,
        key,
        purpose: body.purpose,
        valueUsd: body.value,
        currency: 'PHP',
        channel: body.channel,
        origin: originOf(deps, req),
      }),
    );
  });

  defineRoute(router, 'POST /payment/ewallet/check', async ({ me: { uid }, body }) =>
    hostedResult(await returnFromApproval(deps, 'ewallet', uid, body.transactionId)),
  );

  defineRoute(router, 'POST /payment/ton/init', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'payment/ton/init');
    return hostedResult(await initTon(deps, uid, key, body.purpose, body.value));
  });

  defineRoute(router, 'POST /payment/ton/confirm', async ({ me: { uid }, body }) =>
    hostedResult(await confirmTon(deps, uid, body.transactionId)),
  );

  defineRoute(router, 'POST /payment/topup/pay', async ({ me: { uid }, body, req }) => {
    if (body.channelCode === 'sandbox') {
      const { key } = routeIdempotencyKey(req, uid, 'payment/topup/pay');
      return paySandbox(deps, uid, key, body.purpose, body.value ?? body.fromAmount);
    }
    return result(await payCrypto(deps, uid, body));
  });

  // The subscription checkout (host subscriptions use it; docs/decisions/subscriptions.md): the VIP year, or with
  // `creatorUid` 30 days of that creator's subscription, by card or sandbox; settling the payment
  // buys it (settle.ts).
  defineRoute(router, 'POST /payment/checkout/pay', async ({ me: { uid }, body, req }) => {
    const { key } = routeIdempotencyKey(req, uid, 'payment/checkout/pay');
    const purpose: PaymentPurpose = body.creatorUid ? 'creator_subscription' : 'vip';
    return body.method === 'card'
      ? initCard(deps, uid, key, purpose, undefined, body.creatorUid)
      : paySandbox(deps, uid, key, purpose, undefined, body.creatorUid);
  });
}

export const paymentsModule: CommandModule = {
  name: 'payments',
  raw: paymentRawRoutes,
  routes: paymentRoutes,
  start(deps) {
    const reactor = startPaymentReactor(deps);
    // Unpaid hosted orders past their expiry are expired (or, paid with a lost notification, credited).
    const sweep = new RepeatingPass(
      () =>
        Promise.all([sweepHostedPayments(deps), sweepTonPayments(deps)]).catch((err) => deps.logger.warn({ err }, 'payment sweep failed')),
      Number(process.env.PAYMENT_SWEEP_INTERVAL_MS ?? 60_000),
    );
    sweep.start();
    return {
      async stop() {
        await sweep.stop();
        await reactor.stop();
      },
    };
  },
};
