// The agency aggregate on `agency-{id}`: owner, share ratios, roster of hosts, settled periods and
// charm payments (docs/decisions/guild.md).
import type { AgencyEvent, HostMembershipEvent } from '@murmur/contracts';

export type { AgencyEvent, HostMembershipEvent } from '@murmur/contracts';

export interface AgencyState {
  exists: boolean;
  agencyId: string;
  name: string;
  ownerUid: string;
  guildSharePct: number;
  hostSharePct: number;
  hosts: string[];
  periods: Array<{ settlementId: string; start: string; end: string }>;
  payments: Record<string, { hostUid: string; confirmed: boolean }>;
  /** Verified by an admin (operators' console). */
  verified: boolean;
}

export const initialAgencyState = (): AgencyState => ({
  exists: false,
  agencyId: '',
  name: '',
  ownerUid: '',
  guildSharePct: 0,
  hostSharePct: 0,
  hosts: [],
  periods: [],
  payments: {},
  verified: false,
});

export function evolveAgency(state: AgencyState, event: AgencyEvent): AgencyState {
  switch (event.type) {
    case 'AgencyCreated':
      return {
        ...state,
        exists: true,
        agencyId: event.data.agencyId,
        name: event.data.name || event.data.agencyId,
        ownerUid: event.data.ownerUid,
        guildSharePct: event.data.guildSharePct,
        hostSharePct: event.data.hostSharePct,
      };
    case 'AgencyHostAdded':
      return { ...state, hosts: [...state.hosts, event.data.hostUid] };
    case 'AgencyHostRemoved':
      return { ...state, hosts: state.hosts.filter((h) => h !== event.data.hostUid) };
    case 'AgencyShareRatiosSet':
      return { ...state, guildSharePct: event.data.guildSharePct, hostSharePct: event.data.hostSharePct };
    case 'AgencyPeriodSettled':
      return {
        ...state,
        periods: [...state.periods, { settlementId: event.data.settlementId, start: event.data.periodStart, end: event.data.periodEnd }],
      };
    case 'CharmPaymentSubmitted':
      return { ...state, payments: { ...state.payments, [event.data.paymentId]: { hostUid: event.data.hostUid, confirmed: false } } };
    case 'CharmPaymentConfirmed': {
      const payment = state.payments[event.data.paymentId];
      return payment ? { ...state, payments: { ...state.payments, [event.data.paymentId]: { ...payment, confirmed: true } } } : state;
    }
    case 'AgencyVerified':
      return { ...state, verified: true };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

// A creator's membership on `agency-host-{uid}`: the one place that says which agency holds them
// and which agencies invited them, so joining takes their own acceptance and two agencies cannot
// both hold them (docs/decisions/guild.md).
export interface HostMembershipState {
  agencyId: string | null;
  /** Agencies whose invitation waits for the creator's answer. */
  invitations: string[];
  /** Payouts authorized on this stream, so a retry after a crash goes on even if the host left since. */
  payouts: Record<string, string>;
}

export const initialHostMembershipState = (): HostMembershipState => ({ agencyId: null, invitations: [], payouts: {} });

const without = (list: string[], agencyId: string) => list.filter((a) => a !== agencyId);

export function evolveHostMembership(state: HostMembershipState, event: HostMembershipEvent): HostMembershipState {
  switch (event.type) {
    case 'HostAgencyClaimed':
      return { ...state, agencyId: event.data.agencyId };
    case 'AgencyInvitationSent':
      return state.invitations.includes(event.data.agencyId)
        ? state
        : { ...state, invitations: [...state.invitations, event.data.agencyId] };
    case 'AgencyInvitationAccepted':
      return { ...state, agencyId: event.data.agencyId, invitations: without(state.invitations, event.data.agencyId) };
    case 'AgencyInvitationDeclined':
      return { ...state, invitations: without(state.invitations, event.data.agencyId) };
    case 'HostAgencyReleased':
    case 'AgencyLeft':
      return state.agencyId === event.data.agencyId ? { ...state, agencyId: null } : state;
    case 'HostPayoutAuthorized':
      return { ...state, payouts: { ...state.payouts, [event.data.withdrawalId]: event.data.agencyId } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
