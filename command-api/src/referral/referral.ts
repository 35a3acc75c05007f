// The referral account on `referral-{uid}`: own link code, referrer binding (once), payout wallet.
import type { PayoutWallet, PayoutWalletBound, ReferralLinkCreated, ReferrerBound } from '@murmur/contracts';
import type { DomainEvent } from '../decider/decider.ts';

export type ReferralEvent =
  | DomainEvent<'ReferralLinkCreated', ReferralLinkCreated>
  | DomainEvent<'ReferrerBound', ReferrerBound>
  | DomainEvent<'PayoutWalletBound', PayoutWalletBound>;

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

/** The claim of a code on `referral-code-{CODE}`: first writer wins (expected version no_stream). */
export type ReferralCodeEvent = DomainEvent<'ReferralCodeClaimed', { code: string; uid: string; claimedAt: string }>;
