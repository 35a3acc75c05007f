// The guild calls and their answers, for the /guild page: the agency role's, and any creator's own
// (their agency, the invitations waiting for their answer).
import type { ApiResponse } from '@murmur/contracts/api-catalogue';
import { api, newIdempotencyKey } from '../../api/client.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

/** One row of the own agencies (GET guild/agencies). */
export type AgencySummary = ApiResponse<'GET /guild/agencies'>['items'][number];

const base = (id: string) => `/guild/agencies/${encodeURIComponent(id)}` as const;

export const useAgencies = (enabled: boolean) => useQuery<'GET /guild/agencies'>(enabled ? '/guild/agencies' : null);
export const useAgency = (id: string | null) => useQuery<'GET /guild/agencies/{agencyId}'>(id ? base(id) : null);
export const useAgencyInvitations = (id: string) => useQuery<'GET /guild/agencies/{agencyId}/invitations'>(`${base(id)}/invitations`);
export const useMyInvitations = () => useQuery<'GET /guild/invitations'>('/guild/invitations');
export const useReceipts = (id: string, page: number, hostUid: string) =>
  useQuery<'GET /guild/agencies/{agencyId}/receipts'>(
    `${base(id)}/receipts?page=${page}&limit=10${hostUid ? `&hostUid=${encodeURIComponent(hostUid)}` : ''}`,
  );
export const useSettlements = (id: string, page: number) =>
  useQuery<'GET /guild/agencies/{agencyId}/settlements'>(`${base(id)}/settlements?page=${page}&limit=10`);
export const usePayments = (id: string, page: number) =>
  useQuery<'GET /guild/agencies/{agencyId}/payments'>(`${base(id)}/payments?page=${page}&limit=10`);
export const usePreview = (id: string, start: string | null, end: string | null) =>
  useQuery<'GET /guild/agencies/{agencyId}/preview'>(
    start && end ? `${base(id)}/preview?periodStart=${encodeURIComponent(start)}&periodEnd=${encodeURIComponent(end)}` : null,
    { dedupingInterval: 1000 },
  );

const refresh = () => refreshQueries('/guild/');
const quiet = { quiet: true } as const;

export async function createAgency(body: { agencyId: string; name: string; guildSharePct: number; hostSharePct: number }) {
  await api.post('/guild/agencies', body, quiet);
  await refresh();
}
/** The creator joins only by accepting: an invitation puts nobody on the roster. */
export async function inviteHost(id: string, hostUid: string) {
  await api.post(`${base(id)}/invitations`, { hostUid }, quiet);
  await refresh();
}
export async function acceptInvitation(agencyId: string) {
  await api.post(`/guild/invitations/${encodeURIComponent(agencyId)}/accept`, {}, quiet);
  await refresh();
}
export async function declineInvitation(agencyId: string) {
  await api.post(`/guild/invitations/${encodeURIComponent(agencyId)}/decline`, {}, quiet);
  await refresh();
}
export async function leaveAgency() {
  await api.post('/guild/membership/leave', {}, quiet);
  await refresh();
}
export async function removeHost(id: string, hostUid: string) {
  await api.delete(`${base(id)}/hosts/${encodeURIComponent(hostUid)}`);
  await refresh();
}
export async function setShares(id: string, guildSharePct: number, hostSharePct: number) {
  await api.put(`${base(id)}/shares`, { guildSharePct, hostSharePct }, quiet);
  await refresh();
}
export async function settlePeriod(id: string, periodStart: string, periodEnd: string) {
  const r = await api.post<'POST /guild/agencies/{agencyId}/settlements'>(`${base(id)}/settlements`, { periodStart, periodEnd }, quiet);
  await refresh();
  return r;
}
export async function submitPayment(id: string, body: { hostUid: string; amountCharm: number; proofUrl: string; settlementId?: string }) {
  await api.post(`${base(id)}/payments`, body, { ...quiet, idempotencyKey: newIdempotencyKey() });
  await refresh();
}
export async function confirmPayment(id: string, paymentId: string) {
  await api.put(`${base(id)}/payments/${encodeURIComponent(paymentId)}/confirm`);
  await refresh();
}
