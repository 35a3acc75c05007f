// The one confirmation path every provider goes through (card webhook, chain receipt, sandbox):
// confirm on the payment stream, then credit the wallet with key `topup:{paymentId}`. The credit is
// also made by the payment-credits reactor from PaymentConfirmed, so a process dying between the
// two appends still credits, and the key makes the second credit a no-op. Whether a first-top-up
// offer payment gets the offer is decided by that credit, on the wallet stream (once per account).
import { findSku, type PaymentConfirmedData, streamIds } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import { subscribeAfterPayment } from '../subscriptions/public.ts';
import { runWalletCommand } from '../wallet/ledger.ts';
import { paymentDecider, type PaymentCommand } from './decide.ts';
import { type PaymentState } from './payment.ts';

/** `payment-{id}`: each step's key names the step (`payment:{id}:confirmed`), so keys are used as given. */
export const paymentCommands = defineCommandHandler({ decider: paymentDecider, streamId: streamIds.payment });

export type Settlement = Pick<PaymentConfirmedData, 'paymentId' | 'uid' | 'purpose' | 'diamonds' | 'amountUsdCents' | 'target'>;

/** The subscription a checkout payment buys, once per payment; the diamonds stay credited when it cannot be bought. */
async function buyCreatorSubscription(deps: CommandDeps, payment: Settlement, credit: { position: bigint; balance: number }) {
  if (!payment.target) return credit;
  try {
    const bought = await subscribeAfterPayment(deps, payment.uid, payment.target, payment.diamonds, `subscribe:${payment.paymentId}`);
    return { position: bought.position, balance: bought.balance };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      deps.logger.warn({ paymentId: payment.paymentId, code: error.code }, 'subscription checkout credited but could not subscribe');
      return credit;
    }
    throw error;
  }
}

/** Credits a confirmed payment's diamonds, once; a checkout then buys the VIP or the creator's subscription with them. */
export async function settlePayment(deps: CommandDeps, payment: Settlement): Promise<{ position: bigint; balance: number }> {
  const credited = await runWalletCommand(
    deps,
    payment.uid,
    {
      type: 'CreditPayment',
      uid: payment.uid,
      paymentId: payment.paymentId,
      purpose: payment.purpose,
      diamonds: payment.diamonds,
      amountUsdCents: payment.amountUsdCents,
      at: deps.clock.now().toISOString(),
    },
    `topup:${payment.paymentId}`,
  );
  const credit = { position: credited.position, balance: credited.balance };
  if (payment.purpose === 'creator_subscription') return buyCreatorSubscription(deps, payment, credit);
  if (payment.purpose !== 'vip') return credit;
  const vip = findSku('vip-year');
  if (!vip) return credit;
  try {
    const bought = await runWalletCommand(
      deps,
      payment.uid,
      {
        type: 'PurchaseSku',
        uid: payment.uid,
        purchaseId: `vip-${payment.paymentId}`,
        sku: { id: vip.id, kind: vip.kind, name: vip.name, price: vip.price, months: vip.months },
        quantity: 1,
        at: deps.clock.now().toISOString(),
      },
      `vip:${payment.paymentId}`,
    );
    return { position: bought.position, balance: bought.balance };
  } catch (error) {
    // The diamonds were paid for and stay credited; the user can buy VIP with them later.
    if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
      deps.logger.warn({ paymentId: payment.paymentId }, 'VIP checkout credited but could not buy VIP');
      return credit;
    }
    throw error;
  }
}

const commandKey: Record<PaymentCommand['type'], string> = {
  InitiatePayment: 'initiated',
  ConfirmPayment: 'confirmed',
  FailPayment: 'failed',
};

/** Each step of a payment happens at most once (a payment fails at most once: after a failure only
 * a confirmation can follow), so the step names the money event's idempotency key. */
export async function runPaymentCommand(deps: CommandDeps, paymentId: string, command: PaymentCommand) {
  return paymentCommands.run(deps, paymentId, command, { idempotencyKey: `payment:${paymentId}:${commandKey[command.type]}` });
}

/** Confirms (once) and settles; a repeated confirmation settles again, which the key makes a no-op. */
export async function confirmAndSettle(
  deps: CommandDeps,
  paymentId: string,
  amountUsdCents: number,
  providerRef?: string,
  paid?: { currency: string; amount: string },
  chain?: Extract<PaymentCommand, { type: 'ConfirmPayment' }>['chain'],
): Promise<{ state: PaymentState; position: bigint; balance: number }> {
  const confirmed = await runPaymentCommand(deps, paymentId, {
    type: 'ConfirmPayment',
    paymentId,
    amountUsdCents,
    at: deps.clock.now().toISOString(),
    ...(providerRef !== undefined ? { providerRef } : {}),
    ...(paid ? { paid } : {}),
    ...(chain ? { chain } : {}),
  });
  const s = confirmed.state;
  if (s.status !== 'confirmed') throw new ApiError('CONFLICT', 'The payment could not be confirmed.');
  const credit = await settlePayment(deps, {
    paymentId: s.paymentId,
    uid: s.uid,
    purpose: s.purpose as Settlement['purpose'],
    diamonds: s.diamonds,
    amountUsdCents: s.amountUsdCents,
    ...(s.target !== null ? { target: s.target } : {}),
  });
  return { state: confirmed.state, position: credit.position, balance: credit.balance };
}
