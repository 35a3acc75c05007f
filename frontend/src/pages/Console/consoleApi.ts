// The console's calls: typed by the catalogue's routes, refreshed after each operator action.
import type { ApiBody } from '@murmur/contracts/api-catalogue';
import type { ReportTarget } from '@murmur/contracts/moderation';
import type { RoleCode } from '@murmur/contracts/access-token';
import { api } from '../../api/api.generated.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

const enc = encodeURIComponent;
const quiet = { quiet: true } as const;
const refresh = () => refreshQueries('/console/');

export type ReportStatus = 'open' | 'decided';
export const useReports = (status: ReportStatus, page: number, lobbyId?: string) =>
  useQuery(api.console.reports.path({ status, page, limit: 10, lobbyId }));
export const useUserSearch = (q: string, page: number) => useQuery(api.console.users.path({ q, page, limit: 15 }));
export const useConsoleUser = (uid: string) => useQuery(api.console.user.path({ uid }));
export const useLiveLobbies = (page: number) => useQuery(api.console.lobbies.path({ page, limit: 10 }), { refreshInterval: 10_000 });
export const useAudit = (filter: { subject?: string; operator?: string }, page: number, limit = 20) =>
  useQuery(api.console.audit.path({ page, limit, subject: filter.subject || undefined, operator: filter.operator || undefined }));

export const useAgencies = (page: number) => useQuery(api.console.agencies.path({ page, limit: 10 }));
export const useAgency = (agencyId: string) => useQuery(api.console.agency.path({ agencyId }));
export const useAgencySettlements = (agencyId: string, page: number) =>
  useQuery(api.console.agencySettlements.path({ agencyId }, { page, limit: 10 }));
export async function verifyAgency(agencyId: string, note: string) {
  await api.console.verifyAgency({ agencyId }, { note }, quiet);
  await refresh();
}

export async function decideReport(reportId: string, body: ApiBody<'POST /console/reports/{id}/decide'>) {
  await api.console.decideReport({ id: reportId }, body, quiet);
  await refresh();
}
export async function changeRole(uid: string, role: RoleCode, action: 'grant' | 'revoke') {
  await api.identity.changeRoles({ uid }, { role, action }, quiet);
  await refresh();
}
export async function setBan(uid: string, body: ApiBody<'POST /admin/users/{uid}/ban'>) {
  await api.identity.ban({ uid }, body, quiet);
  await refresh();
}
/** Lets the user in from the mobile early-access waitlist (`isWaitlist` false) or puts them back. */
export async function setWaitlist(uid: string, isWaitlist: boolean, note: string) {
  await api.console.setWaitlist({ uid }, { isWaitlist, note }, quiet);
  await refresh();
}
export async function signOutEverywhere(uid: string, reason: string) {
  await api.console.signOutUser({ uid }, { reason }, quiet);
  await refresh();
}
export async function terminateLobby(lobbyId: string, reason: string) {
  await api.console.terminateLobby({ id: lobbyId }, { reason }, quiet);
  await refresh();
}
export async function removeFromLobby(lobbyId: string, uid: string, reason: string) {
  await api.console.removeFromLobby({ id: lobbyId }, { uid, reason }, quiet);
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
