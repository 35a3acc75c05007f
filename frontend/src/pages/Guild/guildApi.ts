// The guild calls and their answers, for the /guild page: the agency role's, and any creator's own
// (their agency, the invitations waiting for their answer).
import type { ApiBody, ApiResponse } from '@murmur/contracts/api-catalogue';
import { newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

/** One row of the own agencies (GET guild/agencies). */
export type AgencySummary = ApiResponse<'GET /guild/agencies'>['items'][number];

export const useAgencies = (enabled: boolean) => useQuery(enabled ? api.guild.agencies.path() : null);
export const useAgency = (id: string | null) => useQuery(id ? api.guild.agency.path({ agencyId: id }) : null);
export const useAgencyInvitations = (id: string) => useQuery(api.guild.invitations.path({ agencyId: id }));
export const useMyInvitations = () => useQuery(api.guild.myInvitations.path());
export const useReceipts = (id: string, page: number, hostUid: string) =>
  useQuery(api.guild.receipts.path({ agencyId: id }, { page, limit: 10, hostUid: hostUid || undefined }));
export const useSettlements = (id: string, page: number) => useQuery(api.guild.settlements.path({ agencyId: id }, { page, limit: 10 }));
export const usePayments = (id: string, page: number) => useQuery(api.guild.payments.path({ agencyId: id }, { page, limit: 10 }));
export const usePreview = (id: string, start: string | null, end: string | null) =>
  useQuery(start && end ? api.guild.preview.path({ agencyId: id }, { periodStart: start, periodEnd: end }) : null, {
    dedupingInterval: 1000,
  });

const refresh = () => refreshQueries('/guild/');
const quiet = { quiet: true } as const;

export async function createAgency(body: ApiBody<'POST /guild/agencies'>) {
  await api.guild.create(body, quiet);
  await refresh();
}
/** The creator joins only by accepting: an invitation puts nobody on the roster. */
export async function inviteHost(id: string, hostUid: string) {
  await api.guild.inviteHost({ agencyId: id }, { hostUid }, quiet);
  await refresh();
}
export async function acceptInvitation(agencyId: string) {
  await api.guild.acceptInvitation({ agencyId }, quiet);
  await refresh();
}
export async function declineInvitation(agencyId: string) {
  await api.guild.declineInvitation({ agencyId }, quiet);
  await refresh();
}
export async function leaveAgency() {
  await api.guild.leave(quiet);
  await refresh();
}
export async function removeHost(id: string, hostUid: string) {
  await api.guild.removeHost({ agencyId: id, hostUid });
  await refresh();
}
export async function setShares(id: string, guildSharePct: number, hostSharePct: number) {
  await api.guild.setShares({ agencyId: id }, { guildSharePct, hostSharePct }, quiet);
  await refresh();
}
export async function settlePeriod(id: string, periodStart: string, periodEnd: string) {
  const r = await api.guild.settle({ agencyId: id }, { periodStart, periodEnd }, quiet);
  await refresh();
  return r;
}
export async function submitPayment(id: string, body: ApiBody<'POST /guild/agencies/{agencyId}/payments'>) {
  await api.guild.submitPayment({ agencyId: id }, body, { ...quiet, idempotencyKey: newIdempotencyKey() });
  await refresh();
}
export async function confirmPayment(id: string, paymentId: string) {
  await api.guild.confirmPayment({ agencyId: id, paymentId });
  await refresh();
}
