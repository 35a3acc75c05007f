// The hosted checkouts (a web-payment order, an e-wallet charge) share one flow: create the order
// at the provider for the amount fixed now (recorded on the payment with its rate and expiry), send
// the user to the provider's approval page, and credit only from the provider's own state read back
// by the server: after a signed notification, on the user's return (a capture), or from the sweep.
// A notification's body is never trusted; it only says which order to read. So duplicated,
// reordered or late notifications all come to the same answer, and the decider on the payment
// stream confirms once.
import { type ChargedAmount, type ChargeCurrency, hostedPaymentTexts, type PaymentPurpose } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { createHash } from 'node:crypto';
import { pendingHostedPaymentsCreatedBy } from '@murmur/projections/queries/wallet-history';
import type { CommandDeps } from '../dependencies.ts';
import { type PaymentState } from './payment.ts';
import type { HostedCheckoutProvider, HostedOrder } from './ports.ts';
import { confirmAndSettle, paymentCommands, runPaymentCommand } from './settle.ts';
import { priceTopUp } from './top-up.ts';

export type HostedKind = 'webpay' | 'ewallet';

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

export function hostedProvider(deps: CommandDeps, kind: HostedKind): HostedCheckoutProvider {
  const provider = kind === 'webpay' ? deps.payments.webpay : deps.payments.ewallet;
  if (!provider)
    throw new ApiError(
      'RULE_VIOLATED',
      kind === 'webpay' ? hostedPaymentTexts.webpayNotConfigured : hostedPaymentTexts.ewalletNotConfigured,
    );
  return provider;
}

/** The amount to charge for a USD price: USD as is, PHP at the configured rate (fixed on the payment). */
export function chargeFor(deps: CommandDeps, currency: ChargeCurrency, amountUsdCents: number): ChargedAmount {
  if (currency === 'USD') return { currency, amount: String(amountUsdCents), rate: 1 };
  if (currency === 'PHP') {
    const rate = deps.payments.config.phpPerUsd ?? 58.82;
    return { currency, amount: String(Math.round(amountUsdCents * rate)), rate };
  }
  throw new ApiError('VALIDATION_FAILED', `${currency} is not charged through a hosted checkout.`);
}

export interface HostedInit {
  kind: HostedKind;
  uid: string;
  /** The request's idempotency key: a retried init answers with the same order. */
  key: string;
  purpose: PaymentPurpose;
  valueUsd: number | undefined;
  currency: ChargeCurrency;
  channel?: string;
  /** The web app's origin the provider sends the user back to. */
  origin: string;
}

export interface HostedAnswer {
  status: string;
  transactionId: string;
  referenceId: string;
  approvalUrl: string | null;
  metadata: { currencyKind: string; value: number };
  position: bigint;
}

const answerFor = (state: PaymentState, order: HostedOrder | null, position: bigint): HostedAnswer => ({
  status: state.status === 'confirmed' ? 'succeeded' : state.status === 'failed' ? 'failed' : 'requires_action',
  transactionId: state.paymentId,
  referenceId: state.providerRef,
  approvalUrl: state.status === 'initiated' ? (order?.approvalUrl ?? null) : null,
  metadata: { currencyKind: state.charged?.currency ?? 'USD', value: Number(state.charged?.amount ?? state.amountUsdCents) / 100 },
  position,
});

export async function initHosted(deps: CommandDeps, input: HostedInit): Promise<HostedAnswer> {
  const provider = hostedProvider(deps, input.kind);
  const paymentId = `${input.kind}-${digest(input.key)}`;
  const loaded = await paymentCommands.load(deps, paymentId);
  if (loaded.state.status !== 'none') {
    // A retried init: the same order, never a second one.
    const order = await provider.retrieve(loaded.state.providerRef);
    return answerFor(loaded.state, order, 0n);
  }
  const price = await priceTopUp(deps, input.uid, input.purpose, input.valueUsd);
  const charged = chargeFor(deps, input.currency, price.amountUsdCents);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (deps.payments.config.orderTtlMinutes ?? 30) * 60_000).toISOString();
  const back = `${input.origin.replace(/\/$/, '')}/wallet/payment-return?method=${input.kind}&payment=${encodeURIComponent(paymentId)}`;
  const order = await provider.create(
    {
      paymentId,
      amount: { currency: charged.currency, minor: charged.amount },
      description: `${price.diamonds.toLocaleString('en-US')} diamonds`,
      returnUrl: `${back}&result=approved`,
      cancelUrl: `${back}&result=cancelled`,
      ...(input.channel ? { channel: input.channel } : {}),
    },
    paymentId,
  );
  const initiated = await runPaymentCommand(deps, paymentId, {
    type: 'InitiatePayment',
    payment: {
      paymentId,
      uid: input.uid,
      provider: input.kind,
      purpose: input.purpose,
      ...price,
      providerRef: order.id,
      charged,
      expiresAt,
      initiatedAt: now.toISOString(),
    },
  });
  return answerFor(initiated.state, order, initiated.position);
}

/** Applies the provider's state of the payment's order, once read back from the provider. */
export async function applyOrder(
  deps: CommandDeps,
  kind: HostedKind,
  state: PaymentState,
  order: HostedOrder,
): Promise<{ state: PaymentState; position: bigint }> {
  if (order.id !== state.providerRef)
    throw new ApiError('RULE_VIOLATED', 'This provider payment is not the one this payment was initiated with.');
  const at = deps.clock.now().toISOString();
  if (order.status === 'approved' && state.status === 'initiated') {
    // Approved by the user, not yet captured: the server captures (never after an expiry).
    const captured = await hostedProvider(deps, kind).complete(order.id, `capture-${state.paymentId}`);
    if (captured.status === 'approved') return { state, position: 0n };
    return applyOrder(deps, kind, state, captured);
  }
  if (order.status === 'paid') {
    const settled = await confirmAndSettle(deps, state.paymentId, state.amountUsdCents, order.id, {
      currency: order.amount.currency,
      amount: order.amount.minor,
    });
    return { state: settled.state, position: settled.position };
  }
  if (order.status === 'failed' || order.status === 'expired') {
    const reason = order.status === 'expired' ? hostedPaymentTexts.expired : (order.failureReason ?? hostedPaymentTexts.declined);
    const failed = await runPaymentCommand(deps, state.paymentId, {
      type: 'FailPayment',
      paymentId: state.paymentId,
      reason,
      at,
      providerRef: order.id,
    });
    return { state: failed.state, position: failed.position };
  }
  return { state, position: 0n };
}

async function loadOwn(deps: CommandDeps, kind: HostedKind, paymentId: string, uid: string | null): Promise<PaymentState> {
  const { state } = await paymentCommands.load(deps, paymentId);
  if (state.status === 'none' || state.provider !== kind || (uid !== null && state.uid !== uid))
    throw new ApiError('NOT_FOUND', hostedPaymentTexts.orderNotFound);
  return state;
}

/** The user is back from the approval page: read the order and capture it if approved. */
export async function returnFromApproval(deps: CommandDeps, kind: HostedKind, uid: string, paymentId: string): Promise<HostedAnswer> {
  const state = await loadOwn(deps, kind, paymentId, uid);
  const order = await hostedProvider(deps, kind).retrieve(state.providerRef);
  const after = state.status === 'confirmed' ? { state, position: 0n } : await applyOrder(deps, kind, state, order);
  return answerFor(after.state, order, after.position);
}

/** A notification whose signature checked out: read its order back and apply it. */
export async function handleNotification(
  deps: CommandDeps,
  kind: HostedKind,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<void> {
  const provider = hostedProvider(deps, kind);
  let note;
  try {
    note = await provider.verifyNotification(rawBody, headers);
  } catch {
    throw new ApiError('VALIDATION_FAILED', 'Invalid notification signature.');
  }
  let orderId = note.orderId;
  let paymentId = note.paymentId;
  if (!orderId && paymentId) orderId = (await paymentCommands.load(deps, paymentId)).state.providerRef || null;
  if (!orderId) return; // an event about nothing we sell (a refund, a dispute): acknowledged
  const order = await provider.retrieve(orderId);
  paymentId = order.paymentId ?? paymentId;
  if (!paymentId) return;
  const { state } = await paymentCommands.load(deps, paymentId);
  if (state.status === 'none' || state.provider !== kind) return;
  await applyOrder(deps, kind, state, order);
}

/**
 * The sweep: every pending hosted payment past its expiry is read back from its provider. A paid
 * one whose notification was lost is credited; any other is expired at the provider and failed as
 * expired, crediting nothing.
 */
export async function sweepHostedPayments(deps: CommandDeps, now: Date = deps.clock.now()): Promise<number> {
  const ttlMinutes = deps.payments.config.orderTtlMinutes ?? 30;
  const rows = await pendingHostedPaymentsCreatedBy(deps.pool, new Date(now.getTime() - ttlMinutes * 60_000));
  let ended = 0;
  for (const row of rows) {
    const provider = row.provider === 'webpay' ? deps.payments.webpay : deps.payments.ewallet;
    if (!provider) continue;
    try {
      const state = await loadOwn(deps, row.provider, row.payment_id, null);
      if (state.status !== 'initiated' || (state.expiresAt && state.expiresAt > now.toISOString())) continue;
      const order = await provider.retrieve(state.providerRef);
      const final = order.status === 'paid' ? order : await provider.expire(state.providerRef);
      await applyOrder(
        deps,
        row.provider,
        state,
        final.status === 'open' || final.status === 'approved' ? { ...final, status: 'expired' } : final,
      );
      ended++;
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: row.payment_id }, 'hosted payment sweep could not end a payment');
    }
  }
  return ended;
}
