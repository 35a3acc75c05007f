// The agency aggregate on `agency-{id}`: owner, share ratios, roster of hosts, settled periods and
// charm payments (spec section 3 "Settlement and gift receipt", section 6 agency role).
import type { AgencyEvent, HostMembershipEvent } from '@murmur/contracts';

export type { AgencyEvent, HostMembershipEvent } from '@murmur/contracts';

export interface AgencyState {
  exists: boolean;
  agencyId: string;
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
  exists: false, agencyId: '', ownerUid: '', guildSharePct: 0, hostSharePct: 0, hosts: [], periods: [], payments: {}, verified: false,
});

export function evolveAgency(state: AgencyState, event: AgencyEvent): AgencyState {
  switch (event.type) {
    case 'AgencyCreated':
      return { ...state, exists: true, agencyId: event.data.agencyId, ownerUid: event.data.ownerUid, guildSharePct: event.data.guildSharePct, hostSharePct: event.data.hostSharePct };
    case 'AgencyHostAdded':
      return { ...state, hosts: [...state.hosts, event.data.hostUid] };
    case 'AgencyHostRemoved':
      return { ...state, hosts: state.hosts.filter((h) => h !== event.data.hostUid) };
    case 'AgencyShareRatiosSet':
      return { ...state, guildSharePct: event.data.guildSharePct, hostSharePct: event.data.hostSharePct };
    case 'AgencyPeriodSettled':
      return { ...state, periods: [...state.periods, { settlementId: event.data.settlementId, start: event.data.periodStart, end: event.data.periodEnd }] };
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

// A host's membership on `agency-host-{uid}`: the one place that says which agency holds a host,
// so two agencies adding the same host at once cannot both win.
export interface HostMembershipState {
  agencyId: string | null;
  /** Payouts authorized on this stream, so a retry after a crash goes on even if the host left since. */
  payouts: Record<string, string>;
}

export function evolveHostMembership(state: HostMembershipState, event: HostMembershipEvent): HostMembershipState {
  switch (event.type) {
    case 'HostAgencyClaimed':
      return { ...state, agencyId: event.data.agencyId };
    case 'HostAgencyReleased':
      return state.agencyId === event.data.agencyId ? { ...state, agencyId: null } : state;
    case 'HostPayoutAuthorized':
      return { ...state, payouts: { ...state.payouts, [event.data.withdrawalId]: event.data.agencyId } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
