// The referral account on `referral-{uid}`: own link code, referrer binding (once), payout wallet.
import type { PayoutWallet, ReferralEvent } from '@murmur/contracts';

export type { ReferralCodeEvent, ReferralEvent } from '@murmur/contracts';

export interface ReferralState {
  linkCode: string | null;
  referrerUid: string | null;
  wallet: PayoutWallet | null;
}

export const initialReferralState = (): ReferralState => ({ linkCode: null, referrerUid: null, wallet: null });

export function evolveReferral(state: ReferralState, event: ReferralEvent): ReferralState {
  switch (event.type) {
    case 'ReferralLinkCreated':
      return { ...state, linkCode: event.data.code };
    case 'ReferrerBound':
      return { ...state, referrerUid: event.data.referrerUid };
    case 'PayoutWalletBound':
      return { ...state, wallet: { address: event.data.address, chainId: event.data.chainId } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
