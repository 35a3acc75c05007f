// The referral calls and their answers, for the referral pages.
import type { PayoutWallet, ReferralLinkDto } from '@murmur/contracts/referral';
import { api } from '../../api/client.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

export const useReferralDetails = () => useQuery<'GET /referral/referral-details'>('/referral/referral-details');
export const useInvitees = (page: number, type: 'all' | 'direct' | 'indirect') =>
  useQuery<'GET /referral/referrals'>(`/referral/referrals?page=${page}&limit=10${type === 'all' ? '' : `&type=${type}`}`);
export const useRewardRecords = (page: number) =>
  useQuery<'GET /referral/reward-records'>(`/referral/reward-records?page=${page}&limit=10`);
export const usePayouts = (page: number) => useQuery<'GET /referral/payouts'>(`/referral/payouts?page=${page}&limit=10`);

const refresh = () => refreshQueries('/referral/');

export async function ensureLink(): Promise<ReferralLinkDto> {
  const link = await api.post<'POST /referral/me/link'>('/referral/me/link');
  await refresh();
  return link;
}

export async function editLink(code: string): Promise<ReferralLinkDto> {
  const link = await api.post<'POST /referral/create-link'>('/referral/create-link', { code }, { quiet: true });
  await refresh();
  return link;
}

export function validateReferrer(code: string) {
  return api.post<'POST /referral/validate-referrer'>('/referral/validate-referrer', { code }, { quiet: true });
}

export async function connectReferrer(code: string): Promise<void> {
  await api.post('/referral/connect', { code, confirmed: true }, { quiet: true });
  await refresh();
}

export async function addPayoutWallet(wallet: PayoutWallet): Promise<void> {
  await api.post('/referral/add-wallet', wallet, { quiet: true });
  await refresh();
}
