// The console's calls: typed by the catalogue's routes, refreshed after each operator action.
import type { DecideReportBody, ReportTarget } from '@murmur/contracts/moderation';
import type { RoleCode } from '@murmur/contracts/access-token';
import { api } from '../../api/client.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

const enc = encodeURIComponent;
const quiet = { quiet: true } as const;
const refresh = () => refreshQueries('/console/');

export type ReportStatus = 'open' | 'decided';
export const useReports = (status: ReportStatus, page: number, lobbyId?: string) =>
  useQuery<'GET /console/reports'>(`/console/reports?status=${status}&page=${page}&limit=10${lobbyId ? `&lobbyId=${enc(lobbyId)}` : ''}`);
export const useUserSearch = (q: string, page: number) =>
  useQuery<'GET /console/users'>(`/console/users?q=${enc(q)}&page=${page}&limit=15`);
export const useConsoleUser = (uid: string) => useQuery<'GET /console/users/{uid}'>(`/console/users/${enc(uid)}`);
export const useLiveLobbies = (page: number) =>
  useQuery<'GET /console/lobbies'>(`/console/lobbies?page=${page}&limit=10`, { refreshInterval: 10_000 });
export const useAudit = (filter: { subject?: string; operator?: string }, page: number, limit = 20) =>
  useQuery<'GET /console/audit'>(
    `/console/audit?page=${page}&limit=${limit}${filter.subject ? `&subject=${enc(filter.subject)}` : ''}${filter.operator ? `&operator=${enc(filter.operator)}` : ''}`,
  );

export const useAgencies = (page: number) => useQuery<'GET /console/agencies'>(`/console/agencies?page=${page}&limit=10`);
export const useAgency = (agencyId: string) => useQuery<'GET /console/agencies/{agencyId}'>(`/console/agencies/${enc(agencyId)}`);
export const useAgencySettlements = (agencyId: string, page: number) =>
  useQuery<'GET /console/agencies/{agencyId}/settlements'>(`/console/agencies/${enc(agencyId)}/settlements?page=${page}&limit=10`);
export async function verifyAgency(agencyId: string, note: string) {
  await api.post(`/console/agencies/${enc(agencyId)}/verify`, { note }, quiet);
  await refresh();
}

export async function decideReport(reportId: string, body: Partial<DecideReportBody>) {
  await api.post(`/console/reports/${enc(reportId)}/decide`, body, quiet);
  await refresh();
}
export async function changeRole(uid: string, role: RoleCode, action: 'grant' | 'revoke') {
  await api.post(`/admin/users/${enc(uid)}/roles`, { role, action }, quiet);
  await refresh();
}
export async function setBan(uid: string, body: { banned: boolean; reason?: string; durationHours?: number }) {
  await api.post(`/admin/users/${enc(uid)}/ban`, body, quiet);
  await refresh();
}
/** Lets the user in from the mobile early-access waitlist (`isWaitlist` false) or puts them back. */
export async function setWaitlist(uid: string, isWaitlist: boolean, note: string) {
  await api.post<'POST /console/users/{uid}/waitlist'>(`/console/users/${enc(uid)}/waitlist`, { isWaitlist, note }, quiet);
  await refresh();
}
export async function signOutEverywhere(uid: string, reason: string) {
  await api.post(`/console/users/${enc(uid)}/sign-out`, { reason }, quiet);
  await refresh();
}
export async function terminateLobby(lobbyId: string, reason: string) {
  await api.post(`/console/lobbies/${enc(lobbyId)}/terminate`, { reason }, quiet);
  await refresh();
}
export async function removeFromLobby(lobbyId: string, uid: string, reason: string) {
  await api.post(`/console/lobbies/${enc(lobbyId)}/remove`, { uid, reason }, quiet);
  await refresh();
}

/** Where a report's content lives in the app. */
export function targetLink(target: ReportTarget): string | null {
  switch (target.kind) {
    case 'user':
      return `/console/users/${enc(target.uid)}`;
    case 'lobby':
    case 'message':
      return `/lobby/${enc(target.lobbyId)}`;
    case 'post':
    case 'dm':
      return null;
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}
