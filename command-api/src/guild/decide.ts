// Pure agency decisions: only the agency's owner manages it; a creator joins an agency only by
// accepting its invitation, and is in one agency at a time (decided on the creator's membership
// stream; the agency's roster follows in the same transaction); share ratios 1-100 adding up to
// 100; settled periods never overlap; payments go only to the roster; a payment is confirmed once.
import { guildTexts, type SettlementHostLine } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import {
  evolveAgency,
  evolveHostMembership,
  initialAgencyState,
  initialHostMembershipState,
  type AgencyEvent,
  type AgencyState,
  type HostMembershipEvent,
  type HostMembershipState,
} from './agency.ts';

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
  /** The roster follows the creator's acceptance (decided on their membership stream, same transaction). */
  | { type: 'RecordHostJoined'; hostUid: string; now: Date }
  /** The roster follows the creator leaving (decided on their membership stream, same transaction). */
  | { type: 'RecordHostLeft'; hostUid: string; now: Date }
  | { type: 'RemoveHost'; actorUid: string; hostUid: string; now: Date }
  | { type: 'SetShareRatios'; actorUid: string; guildSharePct: number; hostSharePct: number; now: Date }
  | { type: 'SettlePeriod'; actorUid: string; settlementId: string; periodStart: Date; periodEnd: Date; totals: PeriodTotals; now: Date }
  | {
      type: 'SubmitCharmPayment';
      actorUid: string;
      paymentId: string;
      hostUid: string;
      amountCharm: number;
      proofUrl: string;
      settlementId: string | null;
      now: Date;
    }
  | { type: 'ConfirmCharmPayment'; actorUid: string; paymentId: string; now: Date }
  /** An admin verifies the agency (the route checks the role); a second verification changes nothing. */
  | { type: 'VerifyAgency'; adminUid: string; note: string; now: Date };

/** Only the agency's owner manages it (who owns an agency never changes). */
export function managed(state: AgencyState, actorUid: string): void {
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
    case 'RecordHostJoined': {
      if (!state.exists) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
      if (state.hosts.includes(command.hostUid)) return [];
      return [{ type: 'AgencyHostAdded', data: { agencyId, hostUid: command.hostUid, addedAt: at } }];
    }
    case 'RecordHostLeft': {
      if (!state.hosts.includes(command.hostUid)) return [];
      return [{ type: 'AgencyHostRemoved', data: { agencyId, hostUid: command.hostUid, removedAt: at } }];
    }
    case 'RemoveHost': {
      managed(state, command.actorUid);
      if (!state.hosts.includes(command.hostUid)) throw new ApiError('NOT_FOUND', guildTexts.hostNotInAgency);
      return [{ type: 'AgencyHostRemoved', data: { agencyId, hostUid: command.hostUid, removedAt: at } }];
    }
    case 'SetShareRatios': {
      managed(state, command.actorUid);
      if (state.guildSharePct === command.guildSharePct && state.hostSharePct === command.hostSharePct) return [];
      return [
        {
          type: 'AgencyShareRatiosSet',
          data: { agencyId, guildSharePct: command.guildSharePct, hostSharePct: command.hostSharePct, setAt: at },
        },
      ];
    }
    case 'SettlePeriod': {
      managed(state, command.actorUid);
      const start = command.periodStart.getTime();
      const end = command.periodEnd.getTime();
      if (!(start < end) || end > command.now.getTime()) throw new ApiError('RULE_VIOLATED', guildTexts.periodInvalid);
      const overlaps = state.periods.some((p) => start < new Date(p.end).getTime() && new Date(p.start).getTime() < end);
      if (overlaps) throw new ApiError('RULE_VIOLATED', guildTexts.periodOverlaps);
      return [
        {
          type: 'AgencyPeriodSettled',
          data: {
            agencyId,
            settlementId: command.settlementId,
            periodStart: command.periodStart.toISOString(),
            periodEnd: command.periodEnd.toISOString(),
            ...command.totals,
            settledAt: at,
          },
        },
      ];
    }
    case 'SubmitCharmPayment': {
      managed(state, command.actorUid);
      if (!state.hosts.includes(command.hostUid)) throw new ApiError('RULE_VIOLATED', guildTexts.hostNotInAgency);
      if (command.settlementId && !state.periods.some((p) => p.settlementId === command.settlementId))
        throw new ApiError('NOT_FOUND', 'This settlement does not exist.');
      return [
        {
          type: 'CharmPaymentSubmitted',
          data: {
            agencyId,
            paymentId: command.paymentId,
            hostUid: command.hostUid,
            amountCharm: command.amountCharm,
            proofUrl: command.proofUrl,
            settlementId: command.settlementId,
            submittedAt: at,
          },
        },
      ];
    }
    case 'VerifyAgency': {
      if (!state.exists) throw new ApiError('NOT_FOUND', guildTexts.agencyNotFound);
      if (state.verified) return [];
      return [
        {
          type: 'AgencyVerified',
          data: { agencyId, ownerUid: state.ownerUid, verifiedBy: command.adminUid, note: command.note, verifiedAt: at },
        },
      ];
    }
    case 'ConfirmCharmPayment': {
      managed(state, command.actorUid);
      const payment = state.payments[command.paymentId];
      if (!payment) throw new ApiError('NOT_FOUND', guildTexts.paymentNotFound);
      if (payment.confirmed) return [];
      return [
        { type: 'CharmPaymentConfirmed', data: { agencyId, paymentId: command.paymentId, hostUid: payment.hostUid, confirmedAt: at } },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const agencyDecider: Decider<AgencyState, AgencyCommand, AgencyEvent> = {
  evolvesOn: {
    AgencyCreated: true,
    AgencyHostAdded: true,
    AgencyHostRemoved: true,
    AgencyShareRatiosSet: true,
    AgencyPeriodSettled: true,
    CharmPaymentSubmitted: true,
    CharmPaymentConfirmed: true,
    AgencyVerified: true,
  },
  initialState: initialAgencyState,
  evolve: evolveAgency,
  decide: decideAgency,
};

export type HostMembershipCommand =
  /** The route checked that `invitedBy` owns the agency (ownership never changes). */
  | { type: 'InviteHost'; hostUid: string; agencyId: string; agencyName: string; invitedBy: string; now: Date }
  | { type: 'AcceptInvitation'; hostUid: string; agencyId: string; now: Date }
  | { type: 'DeclineInvitation'; hostUid: string; agencyId: string; now: Date }
  | { type: 'LeaveAgency'; hostUid: string; now: Date }
  /** The agency removed the host from its roster (decided on `agency-{id}`, same transaction). */
  | { type: 'ReleaseHost'; hostUid: string; agencyId: string; now: Date }
  | { type: 'AuthorizePayout'; hostUid: string; agencyId: string; withdrawalId: string; now: Date };

export function decideHostMembership(command: HostMembershipCommand, state: HostMembershipState): HostMembershipEvent[] {
  const at = command.now.toISOString();
  const { hostUid } = command;
  switch (command.type) {
    case 'InviteHost': {
      if (state.agencyId === command.agencyId) throw new ApiError('RULE_VIOLATED', guildTexts.alreadyOnRoster);
      if (state.invitations.includes(command.agencyId)) return [];
      return [
        {
          type: 'AgencyInvitationSent',
          data: { hostUid, agencyId: command.agencyId, agencyName: command.agencyName, invitedBy: command.invitedBy, invitedAt: at },
        },
      ];
    }
    case 'AcceptInvitation': {
      // Accepting twice (a retry) changes nothing; the roster step that follows is a no-op too.
      if (state.agencyId === command.agencyId) return [];
      if (!state.invitations.includes(command.agencyId)) throw new ApiError('NOT_FOUND', guildTexts.invitationNotFound);
      if (state.agencyId) throw new ApiError('RULE_VIOLATED', guildTexts.inAnotherAgency);
      return [{ type: 'AgencyInvitationAccepted', data: { hostUid, agencyId: command.agencyId, acceptedAt: at } }];
    }
    case 'DeclineInvitation': {
      if (!state.invitations.includes(command.agencyId)) throw new ApiError('NOT_FOUND', guildTexts.invitationNotFound);
      return [{ type: 'AgencyInvitationDeclined', data: { hostUid, agencyId: command.agencyId, declinedAt: at } }];
    }
    case 'LeaveAgency': {
      if (!state.agencyId) throw new ApiError('RULE_VIOLATED', guildTexts.notInAnyAgency);
      return [{ type: 'AgencyLeft', data: { hostUid, agencyId: state.agencyId, leftAt: at } }];
    }
    case 'AuthorizePayout': {
      if (state.payouts[command.withdrawalId] === command.agencyId) return [];
      if (state.agencyId !== command.agencyId) throw new ApiError('FORBIDDEN', guildTexts.hostNotInAgency);
      return [{ type: 'HostPayoutAuthorized', data: { hostUid, agencyId: command.agencyId, withdrawalId: command.withdrawalId, at } }];
    }
    case 'ReleaseHost': {
      if (state.agencyId !== command.agencyId) return [];
      return [{ type: 'HostAgencyReleased', data: { hostUid, agencyId: command.agencyId, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const hostMembershipDecider: Decider<HostMembershipState, HostMembershipCommand, HostMembershipEvent> = {
  evolvesOn: {
    HostAgencyClaimed: true,
    HostAgencyReleased: true,
    HostPayoutAuthorized: true,
    AgencyInvitationSent: true,
    AgencyInvitationAccepted: true,
    AgencyInvitationDeclined: true,
    AgencyLeft: true,
  },
  initialState: initialHostMembershipState,
  evolve: evolveHostMembership,
  decide: decideHostMembership,
};
