// Pure referral decisions (docs/decisions/referral.md): a code is one user's; a referrer is set once, only while
// the account is at most 30 days old, never oneself or one's own invitee; a payout wallet any time.
import { referral, referralTexts, texts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveReferral, initialReferralState, type ReferralEvent, type ReferralState } from './referral.ts';

const DAY_MS = 86_400_000;

export interface ReferrerCandidate {
  uid: string;
  /** The candidate's own referrer, to refuse a two-user loop. */
  referrerUid: string | null;
}

export interface AccountFacts {
  /** When the account was registered; null when there is no such account. */
  createdAt: string | null;
  /** A referrer bound by the code used at registration. */
  registeredReferrerUid: string | null;
}

export type ReferralCommand =
  | { type: 'CreateLink'; uid: string; code: string; codeOwnerUid: string | null; now: Date }
  | { type: 'ConnectReferrer'; uid: string; code: string; referrer: ReferrerCandidate | null; account: AccountFacts; now: Date }
  | { type: 'AddPayoutWallet'; uid: string; address: string; chainId: number; now: Date };

/** The rules of binding a referrer, shared by `validate-referrer` (no append) and `connect`. */
export function checkReferrer(
  uid: string,
  referrer: ReferrerCandidate | null,
  account: AccountFacts,
  state: ReferralState,
  now: Date,
): ReferrerCandidate {
  if (!account.createdAt) throw new ApiError('NOT_FOUND', texts.userNotFound);
  if (state.referrerUid || account.registeredReferrerUid) throw new ApiError('RULE_VIOLATED', referralTexts.alreadyBound);
  const age = now.getTime() - new Date(account.createdAt).getTime();
  if (age > referral.referrerWindowDays * DAY_MS) throw new ApiError('RULE_VIOLATED', referralTexts.windowClosed);
  if (!referrer) throw new ApiError('NOT_FOUND', referralTexts.codeNotFound);
  if (referrer.uid === uid) throw new ApiError('RULE_VIOLATED', referralTexts.ownCode);
  if (referrer.referrerUid === uid) throw new ApiError('RULE_VIOLATED', referralTexts.circular);
  return referrer;
}

export function decideReferral(command: ReferralCommand, state: ReferralState): ReferralEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreateLink': {
      if (command.codeOwnerUid && command.codeOwnerUid !== command.uid) throw new ApiError('CONFLICT', referralTexts.codeTaken);
      if (state.linkCode === command.code) return [];
      return [{ type: 'ReferralLinkCreated', data: { uid: command.uid, code: command.code, previousCode: state.linkCode, createdAt: at } }];
    }
    case 'ConnectReferrer': {
      const referrer = checkReferrer(command.uid, command.referrer, command.account, state, command.now);
      return [{ type: 'ReferrerBound', data: { uid: command.uid, referrerUid: referrer.uid, code: command.code, boundAt: at } }];
    }
    case 'AddPayoutWallet': {
      const address = command.address.toLowerCase();
      if (state.wallet && state.wallet.address === address && state.wallet.chainId === command.chainId) return [];
      return [{ type: 'PayoutWalletBound', data: { uid: command.uid, address, chainId: command.chainId, boundAt: at } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const referralDecider: Decider<ReferralState, ReferralCommand, ReferralEvent> = {
  evolvesOn: { ReferralLinkCreated: true, ReferrerBound: true, PayoutWalletBound: true },
  initialState: initialReferralState,
  evolve: evolveReferral,
  decide: decideReferral,
};
