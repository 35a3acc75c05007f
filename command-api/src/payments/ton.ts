// TON from the mini-app: the payment is created first (its TON amount fixed at the configured rate,
// its id the transfer's text comment), the wallet sends the transfer through TON Connect, and the
// server credits only what the TON chain port shows: a transfer to the platform's address carrying
// the payment id as its comment, for exactly the amount fixed, not aborted, with enough masterchain
// confirmations. A comment names one payment and a payment confirms once, so a transaction credits
// at most once, whoever reports it and however often. The sweep settles a payment whose user closed
// the app before confirming, and expires one whose transfer never came.
import { tonTexts, formatText, hostedPaymentTexts, type ChargedAmount, type PaymentPurpose } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { beginCell } from '@ton/core';
import { createHash } from 'node:crypto';
import { pendingTonPaymentsCreatedBy } from '@murmur/projections/queries/wallet-history';
import type { CommandDeps } from '../dependencies.ts';
import type { PaymentState } from './payment.ts';
import type { TonChain } from './ports.ts';
import { confirmAndSettle, paymentCommands, runPaymentCommand } from './settle.ts';
import { priceTopUp } from './top-up.ts';

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
const NANO = 1_000_000_000n;
const tonString = (nano: string) => {
  const n = BigInt(nano);
  return `${n / NANO}.${String(n % NANO).padStart(9, '0')}`.replace(/\.?0+$/, '');
};

function tonPort(deps: CommandDeps): { chain: TonChain; address: string; tonPerUsd: number; confirmations: number } {
  const chain = deps.payments.ton;
  const config = deps.payments.config.ton;
  if (!chain || !config) throw new ApiError('RULE_VIOLATED', tonTexts.notConfigured);
  return { chain, ...config };
}

export interface TonAnswer {
  status: string;
  transactionId: string;
  referenceId: string;
  approvalUrl: string | null;
  metadata: { currencyKind: string; value: number };
  ton?: { address: string; amount: string; comment: string; payload: string; validUntil: number };
  /** Why it is still pending or failed (shown as the status message). */
  message?: string;
  position: bigint;
}

/** The text comment as TON Connect's payload: a cell of op 0 and the text, as a base64 BOC. */
export const commentPayload = (comment: string): string =>
  beginCell().storeUint(0, 32).storeStringTail(comment).endCell().toBoc().toString('base64');

function answer(state: PaymentState, address: string, position: bigint, status?: string, message?: string): TonAnswer {
  const charged = state.charged!;
  const validUntil = Math.floor(new Date(state.expiresAt ?? Date.now()).getTime() / 1000);
  return {
    status: status ?? (state.status === 'confirmed' ? 'succeeded' : state.status === 'failed' ? 'failed' : 'requires_action'),
    transactionId: state.paymentId,
    referenceId: state.providerRef,
    approvalUrl:
      state.status === 'initiated'
        ? `ton://transfer/${address}?amount=${charged.amount}&text=${encodeURIComponent(state.paymentId)}`
        : null,
    metadata: { currencyKind: 'TON', value: Number(tonString(charged.amount)) },
    ...(state.status === 'initiated'
      ? { ton: { address, amount: charged.amount, comment: state.paymentId, payload: commentPayload(state.paymentId), validUntil } }
      : {}),
    ...(message ? { message } : {}),
    position,
  };
}

export async function initTon(
  deps: CommandDeps,
  uid: string,
  key: string,
  purpose: PaymentPurpose,
  valueUsd: number | undefined,
): Promise<TonAnswer> {
  const ton = tonPort(deps);
  const paymentId = `ton-${digest(key)}`;
  const loaded = await paymentCommands.load(deps, paymentId);
  if (loaded.state.status !== 'none') return answer(loaded.state, ton.address, 0n);
  const price = await priceTopUp(deps, uid, purpose, valueUsd);
  // Nanotons for the USD price at the rate now, rounded up to a whole microton (wallets show 6 places).
  // (toFixed first: 0.1 * 3 is 0.30000000000000004, which must not round up a microton.)
  const nano = BigInt(Math.ceil(Number((price.amountUsdCents * ton.tonPerUsd * 1e4).toFixed(6)))) * 1000n;
  const charged: ChargedAmount = { currency: 'TON', amount: String(nano), rate: ton.tonPerUsd };
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (deps.payments.config.orderTtlMinutes ?? 30) * 60_000).toISOString();
  const initiated = await runPaymentCommand(deps, paymentId, {
    type: 'InitiatePayment',
    // The comment is the payment id; it is also the provider reference the chain is searched by.
    payment: {
      paymentId,
      uid,
      provider: 'ton',
      purpose,
      ...price,
      providerRef: paymentId,
      charged,
      expiresAt,
      initiatedAt: now.toISOString(),
    },
  });
  return answer(initiated.state, ton.address, initiated.position);
}

/** Reads the chain for the payment's transfer and confirms it when it is there, right and confirmed. */
export async function settleTon(deps: CommandDeps, state: PaymentState): Promise<TonAnswer> {
  const ton = tonPort(deps);
  if (state.status === 'confirmed') return answer(state, ton.address, 0n);
  const charged = state.charged!;
  const transfers = await ton.chain.transfersTo(ton.address, state.paymentId);
  const arrived = transfers.filter((t) => t.succeeded);
  const exact = arrived.find((t) => t.amount === BigInt(charged.amount));
  if (!exact) {
    if (arrived.length > 0) throw new ApiError('RULE_VIOLATED', formatText(tonTexts.wrongAmount, { amount: tonString(charged.amount) }));
    if (transfers.length > 0) return answer(state, ton.address, 0n, 'failed', tonTexts.failedOnChain);
    return answer(state, ton.address, 0n, 'inactive', tonTexts.notFound);
  }
  if (exact.confirmations < ton.confirmations) {
    return answer(
      state,
      ton.address,
      0n,
      'inactive',
      formatText(tonTexts.confirming, { count: exact.confirmations, needed: ton.confirmations }),
    );
  }
  const settled = await confirmAndSettle(
    deps,
    state.paymentId,
    state.amountUsdCents,
    state.providerRef,
    { currency: 'TON', amount: exact.amount.toString() },
    { txHash: exact.hash, tokenAmount: exact.amount.toString(), token: 'TON' },
  );
  return answer(settled.state, ton.address, settled.position);
}

export async function confirmTon(deps: CommandDeps, uid: string, paymentId: string): Promise<TonAnswer> {
  const { state } = await paymentCommands.load(deps, paymentId);
  if (state.status === 'none' || state.provider !== 'ton' || state.uid !== uid)
    throw new ApiError('NOT_FOUND', hostedPaymentTexts.orderNotFound);
  return settleTon(deps, state);
}

/** TON payments past their expiry: credited when their transfer is there, else failed as expired
 * (a transfer still confirming is left for the next pass). */
export async function sweepTonPayments(deps: CommandDeps, now: Date = deps.clock.now()): Promise<number> {
  if (!deps.payments.ton || !deps.payments.config.ton) return 0;
  const ttlMinutes = deps.payments.config.orderTtlMinutes ?? 30;
  const paymentIds = await pendingTonPaymentsCreatedBy(deps.pool, new Date(now.getTime() - ttlMinutes * 60_000));
  let ended = 0;
  for (const paymentId of paymentIds) {
    try {
      const { state } = await paymentCommands.load(deps, paymentId);
      if (state.status !== 'initiated' || (state.expiresAt && state.expiresAt > now.toISOString())) continue;
      const settled = await settleTon(deps, state).catch((error: unknown) => {
        if (error instanceof ApiError) return null; // a wrong amount: expired below, nothing credited
        throw error;
      });
      if (settled?.status === 'succeeded') {
        ended++;
        continue;
      }
      if (settled?.status === 'inactive' && settled.message !== tonTexts.notFound) continue; // still confirming
      await runPaymentCommand(deps, state.paymentId, {
        type: 'FailPayment',
        paymentId: state.paymentId,
        reason: hostedPaymentTexts.expired,
        at: deps.clock.now().toISOString(),
      });
      ended++;
    } catch (error) {
      deps.logger.warn({ err: error, paymentId }, 'TON payment sweep could not end a payment');
    }
  }
  return ended;
}
