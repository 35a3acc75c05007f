// The referral calls and their answers, for the referral pages.
import type { PayoutWallet, ReferralLinkDto } from '@murmur/contracts/referral';
import { api } from '../../api/api.generated.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

export const useReferralDetails = () => useQuery(api.referral.details.path());
export const useInvitees = (page: number, type: 'all' | 'direct' | 'indirect') =>
  useQuery(api.referral.invitees.path({ page, limit: 10, type: type === 'all' ? undefined : type }));
export const useRewardRecords = (page: number) => useQuery(api.referral.rewardRecords.path({ page, limit: 10 }));
export const usePayouts = (page: number) => useQuery(api.referral.payouts.path({ page, limit: 10 }));

const refresh = () => refreshQueries('/referral/');

export async function ensureLink(): Promise<ReferralLinkDto> {
  const link = await api.referral.myLink();
  await refresh();
  return link;
}

export async function editLink(code: string): Promise<ReferralLinkDto> {
  const link = await api.referral.createLink({ code }, { quiet: true });
  await refresh();
  return link;
}

export function validateReferrer(code: string) {
  return api.referral.validateReferrer({ code }, { quiet: true });
}

export async function connectReferrer(code: string): Promise<void> {
  await api.referral.connect({ code, confirmed: true }, { quiet: true });
  await refresh();
}

export async function addPayoutWallet(wallet: PayoutWallet): Promise<void> {
  await api.referral.addPayoutWallet(wallet, { quiet: true });
  await refresh();
}
