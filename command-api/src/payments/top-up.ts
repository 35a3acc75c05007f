// What a top-up costs and credits: the amount bounds, the first top-up offer (once) and the
// subscription checkout (VIP, a creator's subscription). Prices come from contracts' constants.
import { diamondsForUsdCents, findSku, formatText, money, subscriptionTexts, texts, topUp, type PaymentPurpose } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { planCommands } from '../subscriptions/plan.ts';
import { loadWallet } from '../wallet/ledger.ts';

export interface TopUpPrice {
  amountUsdCents: number;
  diamonds: number;
}

export function topUpBoundsError(): ApiError {
  return new ApiError('VALIDATION_FAILED', formatText(texts.amountBetween, { min: topUp.minUsd, max: topUp.maxUsd }), {
    min: topUp.minUsd,
    max: topUp.maxUsd,
  });
}

/** A creator subscription by card: its diamonds at the creator's price now, paid in whole cents.
 * Refusals the subscription would meet later are met here, before anyone is charged. */
async function priceSubscription(deps: CommandDeps, uid: string, creatorUid: string | undefined): Promise<TopUpPrice> {
  if (!creatorUid) throw new ApiError('VALIDATION_FAILED', 'Choose the creator to subscribe to.');
  if (creatorUid === uid) throw new ApiError('RULE_VIOLATED', subscriptionTexts.selfSubscribe);
  const { state: plan } = await planCommands.load(deps, creatorUid);
  if (plan.price === null) throw new ApiError('RULE_VIOLATED', subscriptionTexts.noPlan);
  return { amountUsdCents: Math.ceil((plan.price * 100) / money.diamondsPerUsd), diamonds: plan.price };
}

export async function priceTopUp(
  deps: CommandDeps,
  uid: string,
  purpose: PaymentPurpose,
  valueUsd: number | undefined,
  target?: string,
): Promise<TopUpPrice> {
  if (purpose === 'creator_subscription') return priceSubscription(deps, uid, target);
  if (purpose === 'first_topup_offer') {
    // Refused early for a wallet that has had a paid top-up; the rule itself (once per account) is
    // decided when the payment is credited (settle.ts), as offers opened in parallel all pass here.
    const wallet = await loadWallet(deps, uid);
    if (wallet.hasToppedUp) throw new ApiError('RULE_VIOLATED', 'The first top-up offer is only for your first top-up.');
    return {
      amountUsdCents: Math.round(money.firstTopUpPackageUsd * (1 - money.firstTopUpDiscount) * 100),
      diamonds: money.firstTopUpPackageUsd * money.diamondsPerUsd,
    };
  }
  if (purpose === 'vip') {
    const vip = findSku('vip-year');
    if (!vip) throw new ApiError('NOT_FOUND', 'Item not found.');
    return { amountUsdCents: money.vipUsdPerYear * 100, diamonds: vip.price };
  }
  if (valueUsd === undefined || !Number.isFinite(valueUsd) || valueUsd < topUp.minUsd || valueUsd > topUp.maxUsd) throw topUpBoundsError();
  const amountUsdCents = Math.round(valueUsd * 100);
  return { amountUsdCents, diamonds: diamondsForUsdCents(amountUsdCents) };
}
