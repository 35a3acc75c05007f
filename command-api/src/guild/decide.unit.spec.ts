import { guildTexts } from '@murmur/contracts';
import { describe, it } from 'vitest';
import type { AgencyEvent, HostMembershipEvent } from './agency.ts';
import { agencyDecider, hostMembershipDecider, type AgencyCommand, type HostMembershipCommand } from './decide.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const given = DeciderSpecification.for(agencyDecider);

/** The creator's membership stream (`agency-host-{uid}`). */
const givenMembership = DeciderSpecification.for(hostMembershipDecider);

const created: AgencyEvent = {
  type: 'AgencyCreated',
  data: { agencyId: 'nova', name: 'Nova', ownerUid: 'boss', guildSharePct: 30, hostSharePct: 70, createdAt: at },
};
const hostAdded: AgencyEvent = { type: 'AgencyHostAdded', data: { agencyId: 'nova', hostUid: 'h1', addedAt: at } };
const hostRemoved: AgencyEvent = { type: 'AgencyHostRemoved', data: { agencyId: 'nova', hostUid: 'h1', removedAt: at } };
const totals = { receiptCount: 1, diamondTotal: 100, charmTotal: 50, guildCharm: 15, hostCharm: 35, hosts: [] };
const settled: AgencyEvent = {
  type: 'AgencyPeriodSettled',
  data: {
    agencyId: 'nova',
    settlementId: 's1',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-11-08T00:00:00.000Z',
    ...totals,
    settledAt: at,
  },
};

describe('agency decider', () => {
  it('is verified by an admin once; an unknown agency cannot be', () => {
    const verify: AgencyCommand = { type: 'VerifyAgency', adminUid: 'admin-1', note: 'Licence checked', now };
    const verified: AgencyEvent = {
      type: 'AgencyVerified',
      data: { agencyId: 'nova', ownerUid: 'boss', verifiedBy: 'admin-1', note: 'Licence checked', verifiedAt: at },
    };
    given(created).when(verify).then([verified]);
    given(created, verified)
      .when({ ...verify, adminUid: 'admin-2' })
      .thenNothing();
    given().when(verify).thenThrows('NOT_FOUND', guildTexts.agencyNotFound);
  });

  it('creates an agency once', () => {
    const create: AgencyCommand = {
      type: 'CreateAgency',
      agencyId: 'nova',
      name: 'Nova',
      ownerUid: 'boss',
      guildSharePct: 30,
      hostSharePct: 70,
      now,
    };
    given().when(create).then([created]);
    given(created).when(create).thenThrows('CONFLICT', guildTexts.agencyExists);
  });

  it('puts a host on the roster only as the membership stream says (joined, left), and lets only the owner remove one', () => {
    given(created).when({ type: 'RecordHostJoined', hostUid: 'h1', now }).then([hostAdded]);
    given(created, hostAdded).when({ type: 'RecordHostJoined', hostUid: 'h1', now }).thenNothing();
    given().when({ type: 'RecordHostJoined', hostUid: 'h1', now }).thenThrows('NOT_FOUND', guildTexts.agencyNotFound);
    given(created, hostAdded).when({ type: 'RecordHostLeft', hostUid: 'h1', now }).then([hostRemoved]);
    given(created).when({ type: 'RecordHostLeft', hostUid: 'h1', now }).thenNothing();
    given(created, hostAdded).when({ type: 'RemoveHost', actorUid: 'boss', hostUid: 'h1', now }).then([hostRemoved]);
    given(created, hostAdded)
      .when({ type: 'RemoveHost', actorUid: 'other', hostUid: 'h1', now })
      .thenThrows('FORBIDDEN', guildTexts.notOwner);
    given(created).when({ type: 'RemoveHost', actorUid: 'boss', hostUid: 'h1', now }).thenThrows('NOT_FOUND', guildTexts.hostNotInAgency);
    given().when({ type: 'RemoveHost', actorUid: 'boss', hostUid: 'h1', now }).thenThrows('NOT_FOUND', guildTexts.agencyNotFound);
  });

  it('settles periods that do not overlap and are over', () => {
    const settle = (start: string, end: string): AgencyCommand => ({
      type: 'SettlePeriod',
      actorUid: 'boss',
      settlementId: 's2',
      periodStart: new Date(start),
      periodEnd: new Date(end),
      totals,
      now,
    });
    given(created, settled)
      .when(settle('2026-11-08T00:00:00.000Z', '2026-11-15T00:00:00.000Z'))
      .then([
        {
          type: 'AgencyPeriodSettled',
          data: {
            agencyId: 'nova',
            settlementId: 's2',
            periodStart: '2026-11-08T00:00:00.000Z',
            periodEnd: '2026-11-15T00:00:00.000Z',
            ...totals,
            settledAt: at,
          },
        },
      ]);
    given(created, settled)
      .when(settle('2026-11-07T00:00:00.000Z', '2026-11-15T00:00:00.000Z'))
      .thenThrows('RULE_VIOLATED', guildTexts.periodOverlaps);
    given(created)
      .when(settle('2026-11-20T00:00:00.000Z', '2026-11-23T00:00:00.000Z'))
      .thenThrows('RULE_VIOLATED', guildTexts.periodInvalid);
  });

  it('records a charm payment with proof for a roster host and confirms it once', () => {
    const submit: AgencyCommand = {
      type: 'SubmitCharmPayment',
      actorUid: 'boss',
      paymentId: 'p1',
      hostUid: 'h1',
      amountCharm: 35,
      proofUrl: 'proof.png',
      settlementId: 's1',
      now,
    };
    const submitted: AgencyEvent = {
      type: 'CharmPaymentSubmitted',
      data: {
        agencyId: 'nova',
        paymentId: 'p1',
        hostUid: 'h1',
        amountCharm: 35,
        proofUrl: 'proof.png',
        settlementId: 's1',
        submittedAt: at,
      },
    };
    given(created, hostAdded, settled).when(submit).then([submitted]);
    given(created, settled).when(submit).thenThrows('RULE_VIOLATED', guildTexts.hostNotInAgency);
    // A host who left (or never accepted, so never joined) is paid nothing.
    given(created, hostAdded, hostRemoved, settled).when(submit).thenThrows('RULE_VIOLATED', guildTexts.hostNotInAgency);
    given(created, hostAdded, settled)
      .when({ ...submit, actorUid: 'other' })
      .thenThrows('FORBIDDEN', guildTexts.notOwner);
    const confirm: AgencyCommand = { type: 'ConfirmCharmPayment', actorUid: 'boss', paymentId: 'p1', now };
    const confirmed: AgencyEvent = {
      type: 'CharmPaymentConfirmed',
      data: { agencyId: 'nova', paymentId: 'p1', hostUid: 'h1', confirmedAt: at },
    };
    given(created, hostAdded, settled, submitted).when(confirm).then([confirmed]);
    given(created, hostAdded, settled, submitted, confirmed).when(confirm).thenNothing();
    given(created).when(confirm).thenThrows('NOT_FOUND', guildTexts.paymentNotFound);
  });
});

describe('creator membership decider', () => {
  const invite = (agencyId: string): HostMembershipCommand => ({
    type: 'InviteHost',
    hostUid: 'h1',
    agencyId,
    agencyName: agencyId.toUpperCase(),
    invitedBy: `${agencyId}-boss`,
    now,
  });
  const invited = (agencyId: string): HostMembershipEvent => ({
    type: 'AgencyInvitationSent',
    data: { hostUid: 'h1', agencyId, agencyName: agencyId.toUpperCase(), invitedBy: `${agencyId}-boss`, invitedAt: at },
  });
  const accept = (agencyId: string): HostMembershipCommand => ({ type: 'AcceptInvitation', hostUid: 'h1', agencyId, now });
  const accepted = (agencyId: string): HostMembershipEvent => ({
    type: 'AgencyInvitationAccepted',
    data: { hostUid: 'h1', agencyId, acceptedAt: at },
  });
  const decline = (agencyId: string): HostMembershipCommand => ({ type: 'DeclineInvitation', hostUid: 'h1', agencyId, now });
  const declined = (agencyId: string): HostMembershipEvent => ({
    type: 'AgencyInvitationDeclined',
    data: { hostUid: 'h1', agencyId, declinedAt: at },
  });
  const leave: HostMembershipCommand = { type: 'LeaveAgency', hostUid: 'h1', now };
  const left = (agencyId: string): HostMembershipEvent => ({ type: 'AgencyLeft', data: { hostUid: 'h1', agencyId, leftAt: at } });
  const payout = (agencyId: string): HostMembershipCommand => ({
    type: 'AuthorizePayout',
    hostUid: 'h1',
    agencyId,
    withdrawalId: 'w1',
    now,
  });

  it('invites once per agency while the creator is not in it', () => {
    givenMembership()
      .when(invite('nova'))
      .then([invited('nova')]);
    givenMembership(invited('nova')).when(invite('nova')).thenNothing();
    givenMembership(invited('nova'))
      .when(invite('orbit'))
      .then([invited('orbit')]);
    givenMembership(invited('nova'), accepted('nova')).when(invite('nova')).thenThrows('RULE_VIOLATED', guildTexts.alreadyOnRoster);
    // In another agency, an invitation may still come: accepting it waits until the creator leaves.
    givenMembership(invited('nova'), accepted('nova'))
      .when(invite('orbit'))
      .then([invited('orbit')]);
  });

  it('joins only by accepting a pending invitation; accepting twice changes nothing', () => {
    givenMembership().when(accept('nova')).thenThrows('NOT_FOUND', guildTexts.invitationNotFound);
    givenMembership(invited('nova'))
      .when(accept('nova'))
      .then([accepted('nova')]);
    givenMembership(invited('nova'), accepted('nova')).when(accept('nova')).thenNothing();
    givenMembership(invited('nova'), declined('nova')).when(accept('nova')).thenThrows('NOT_FOUND', guildTexts.invitationNotFound);
  });

  it('refuses to accept a second agency while in one, and allows it after leaving', () => {
    givenMembership(invited('nova'), invited('orbit'), accepted('nova'))
      .when(accept('orbit'))
      .thenThrows('RULE_VIOLATED', guildTexts.inAnotherAgency);
    givenMembership(invited('nova'), invited('orbit'), accepted('nova'), left('nova'))
      .when(accept('orbit'))
      .then([accepted('orbit')]);
  });

  it('declines a pending invitation only', () => {
    givenMembership(invited('nova'))
      .when(decline('nova'))
      .then([declined('nova')]);
    givenMembership(invited('nova'), declined('nova')).when(decline('nova')).thenThrows('NOT_FOUND', guildTexts.invitationNotFound);
    givenMembership().when(decline('nova')).thenThrows('NOT_FOUND', guildTexts.invitationNotFound);
  });

  it('leaves the agency the creator is in; without one there is nothing to leave', () => {
    givenMembership(invited('nova'), accepted('nova'))
      .when(leave)
      .then([left('nova')]);
    givenMembership().when(leave).thenThrows('RULE_VIOLATED', guildTexts.notInAnyAgency);
    givenMembership(invited('nova'), accepted('nova'), left('nova')).when(leave).thenThrows('RULE_VIOLATED', guildTexts.notInAnyAgency);
    givenMembership(invited('nova'), accepted('nova'), { type: 'HostAgencyReleased', data: { hostUid: 'h1', agencyId: 'nova', at } })
      .when(leave)
      .thenThrows('RULE_VIOLATED', guildTexts.notInAnyAgency);
  });

  it('authorizes payouts only to a member who accepted', () => {
    givenMembership().when(payout('nova')).thenThrows('FORBIDDEN', guildTexts.hostNotInAgency);
    givenMembership(invited('nova')).when(payout('nova')).thenThrows('FORBIDDEN', guildTexts.hostNotInAgency);
    givenMembership(invited('nova'), accepted('nova'))
      .when(payout('nova'))
      .then([{ type: 'HostPayoutAuthorized', data: { hostUid: 'h1', agencyId: 'nova', withdrawalId: 'w1', at } }]);
    givenMembership(invited('nova'), accepted('nova'), left('nova'))
      .when(payout('nova'))
      .thenThrows('FORBIDDEN', guildTexts.hostNotInAgency);
  });

  it('still reads a membership claimed before invitations existed', () => {
    givenMembership({ type: 'HostAgencyClaimed', data: { hostUid: 'h1', agencyId: 'nova', at } })
      .when(leave)
      .then([left('nova')]);
  });
});
