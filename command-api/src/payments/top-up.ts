// What a top-up costs and credits: the amount bounds, the first top-up offer (once) and the VIP
// checkout. Prices come from contracts' constants.
import { diamondsForUsdCents, findSku, formatText, money, texts, topUp, type PaymentPurpose } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { loadWallet } from '../wallet/ledger.ts';

export interface TopUpPrice {
  amountUsdCents: number;
  diamonds: number;
}

export function topUpBoundsError(): ApiError {
  return new ApiError('VALIDATION_FAILED', formatText(texts.amountBetween, { min: topUp.minUsd, max: topUp.maxUsd }), { min: topUp.minUsd, max: topUp.maxUsd });
}

export async function priceTopUp(deps: CommandDeps, uid: string, purpose: PaymentPurpose, valueUsd: number | undefined): Promise<TopUpPrice> {
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
