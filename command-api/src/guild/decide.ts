// Pure agency decisions: only the agency's owner manages it; a host is in one agency at a time;
// share ratios 1-100 adding up to 100; settled periods never overlap; a payment is confirmed once.
import { guildTexts, type SettlementHostLine } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveAgency, evolveHostMembership, initialAgencyState, type AgencyEvent, type AgencyState, type HostMembershipEvent, type HostMembershipState } from './agency.ts';

export interface PeriodTotals {
  receiptCount: number;
  diamondTotal: number;
  charmTotal: number;
  guildCharm: number;
  hostCharm: number;
  hosts: SettlementHostLine[];
}

export type AgencyCommand =
  | { type: 'CreateAgency'; agencyId: string; name: string; ownerUid: string; guildSharePct: number; hostSharePct: number; now: Date }
  | { type: 'AddHost'; actorUid: string; hostUid: string; hostAgencyId: string | null; now: Date }
  | { type: 'RemoveHost'; actorUid: string; hostUid: string; now: Date }
  | { type: 'SetShareRatios'; actorUid: string; guildSharePct: number; hostSharePct: number; now: Date }
  | { type: 'SettlePeriod'; actorUid: string; settlementId: string; periodStart: Date; periodEnd: Date; totals: PeriodTotals; now: Date }
  | { type: 'SubmitCharmPayment'; actorUid: string; paymentId: string; hostUid: string; amountCharm: number; proofUrl: string; settlementId: string | null; now: Date }
  | { type: 'ConfirmCharmPayment'; actorUid: string; paymentId: string; now: Date }
  /** An admin verifies the agency (the route checks the role); a second verification changes nothing. */
  | { type: 'VerifyAgency'; adminUid: string; note: string; now: Date };

function managed(state: AgencyState, actorUid: string): void {
  if (!state.exists) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
  if (state.ownerUid !== actorUid) throw new ApiError('FORBIDDEN', guildTexts.notOwner);
}

export function decideAgency(command: AgencyCommand, state: AgencyState): AgencyEvent[] {
  const at = command.now.toISOString();
  const agencyId = state.agencyId;
  switch (command.type) {
    case 'CreateAgency': {
      if (state.exists) throw new ApiError('CONFLICT', guildTexts.agencyExists);
      const { agencyId: id, name, ownerUid, guildSharePct, hostSharePct } = command;
      return [{ type: 'AgencyCreated', data: { agencyId: id, name, ownerUid, guildSharePct, hostSharePct, createdAt: at } }];
    }
    case 'AddHost': {
      managed(state, command.actorUid);
      if (state.hosts.includes(command.hostUid)) return [];
      if (command.hostAgencyId && command.hostAgencyId !== agencyId) throw new ApiError('RULE_VIOLATED', guildTexts.hostAlreadyInAgency);
      return [{ type: 'AgencyHostAdded', data: { agencyId, hostUid: command.hostUid, addedAt: at } }];
    }
    case 'RemoveHost': {
      managed(state, command.actorUid);
      if (!state.hosts.includes(command.hostUid)) throw new ApiError('NOT_FOUND', guildTexts.hostNotInAgency);
      return [{ type: 'AgencyHostRemoved', data: { agencyId, hostUid: command.hostUid, removedAt: at } }];
    }
    case 'SetShareRatios': {
      managed(state, command.actorUid);
      if (state.guildSharePct === command.guildSharePct && state.hostSharePct === command.hostSharePct) return [];
      return [{ type: 'AgencyShareRatiosSet', data: { agencyId, guildSharePct: command.guildSharePct, hostSharePct: command.hostSharePct, setAt: at } }];
    }
    case 'SettlePeriod': {
      managed(state, command.actorUid);
      const start = command.periodStart.getTime();
      const end = command.periodEnd.getTime();
      if (!(start < end) || end > command.now.getTime()) throw new ApiError('RULE_VIOLATED', guildTexts.periodInvalid);
      const overlaps = state.periods.some((p) => start < new Date(p.end).getTime() && new Date(p.start).getTime() < end);
      if (overlaps) throw new ApiError('RULE_VIOLATED', guildTexts.periodOverlaps);
      return [{
        type: 'AgencyPeriodSettled',
        data: { agencyId, settlementId: command.settlementId, periodStart: command.periodStart.toISOString(), periodEnd: command.periodEnd.toISOString(), ...command.totals, settledAt: at },
      }];
    }
    case 'SubmitCharmPayment': {
      managed(state, command.actorUid);
      if (!state.hosts.includes(command.hostUid)) throw new ApiError('RULE_VIOLATED', guildTexts.hostNotInAgency);
      if (command.settlementId && !state.periods.some((p) => p.settlementId === command.settlementId)) throw new ApiError('NOT_FOUND', 'This settlement does not exist.');
      return [{
        type: 'CharmPaymentSubmitted',
        data: { agencyId, paymentId: command.paymentId, hostUid: command.hostUid, amountCharm: command.amountCharm, proofUrl: command.proofUrl, settlementId: command.settlementId, submittedAt: at },
      }];
    }
    case 'VerifyAgency': {
      if (!state.exists) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
      if (state.verified) return [];
      return [{ type: 'AgencyVerified', data: { agencyId, ownerUid: state.ownerUid, verifiedBy: command.adminUid, note: command.note, verifiedAt: at } }];
    }
    case 'ConfirmCharmPayment': {
      managed(state, command.actorUid);
      const payment = state.payments[command.paymentId];
      if (!payment) throw new ApiError('NOT_FOUND', guildTexts.paymentNotFound);
      if (payment.confirmed) return [];
      return [{ type: 'CharmPaymentConfirmed', data: { agencyId, paymentId: command.paymentId, hostUid: payment.hostUid, confirmedAt: at } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const agencyDecider: Decider<AgencyState, AgencyCommand, AgencyEvent> = {
  evolvesOn: { AgencyCreated: true, AgencyHostAdded: true, AgencyHostRemoved: true, AgencyShareRatiosSet: true, AgencyPeriodSettled: true, CharmPaymentSubmitted: true, CharmPaymentConfirmed: true, AgencyVerified: true },
  initialState: initialAgencyState,
  evolve: evolveAgency,
  decide: decideAgency,
};

export type HostMembershipCommand =
  | { type: 'ClaimHost'; hostUid: string; agencyId: string; now: Date }
  | { type: 'ReleaseHost'; hostUid: string; agencyId: string; now: Date }
  | { type: 'AuthorizePayout'; hostUid: string; agencyId: string; withdrawalId: string; now: Date };

export const hostMembershipDecider: Decider<HostMembershipState, HostMembershipCommand, HostMembershipEvent> = {
  evolvesOn: { HostAgencyClaimed: true, HostAgencyReleased: true, HostPayoutAuthorized: true },
  initialState: () => ({ agencyId: null, payouts: {} }),
  evolve: evolveHostMembership,
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'ClaimHost') {
      if (state.agencyId === command.agencyId) return [];
      if (state.agencyId) throw new ApiError('RULE_VIOLATED', guildTexts.hostAlreadyInAgency);
      return [{ type: 'HostAgencyClaimed', data: { hostUid: command.hostUid, agencyId: command.agencyId, at } }];
    }
    if (command.type === 'AuthorizePayout') {
      if (state.payouts[command.withdrawalId] === command.agencyId) return [];
      if (state.agencyId !== command.agencyId) throw new ApiError('FORBIDDEN', guildTexts.hostNotInAgency);
      return [{ type: 'HostPayoutAuthorized', data: { hostUid: command.hostUid, agencyId: command.agencyId, withdrawalId: command.withdrawalId, at } }];
    }
    if (state.agencyId !== command.agencyId) return [];
    return [{ type: 'HostAgencyReleased', data: { hostUid: command.hostUid, agencyId: command.agencyId, at } }];
  },
};
