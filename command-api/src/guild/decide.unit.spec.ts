import { guildTexts } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import type { AgencyEvent } from './agency.ts';
import { agencyDecider, decideAgency, type AgencyCommand } from './decide.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const given = (events: AgencyEvent[]) => ({
  when: (command: AgencyCommand) => {
    const state = events.reduce(agencyDecider.evolve, agencyDecider.initialState());
    return {
      then: (expected: AgencyEvent[]) => expect(decideAgency(command, state)).toEqual(expected),
      thenThrows: (message: string) => expect(() => decideAgency(command, state)).toThrow(message),
    };
  },
});

const created: AgencyEvent = { type: 'AgencyCreated', data: { agencyId: 'nova', name: 'Nova', ownerUid: 'boss', guildSharePct: 30, hostSharePct: 70, createdAt: at } };
const hostAdded: AgencyEvent = { type: 'AgencyHostAdded', data: { agencyId: 'nova', hostUid: 'h1', addedAt: at } };
const totals = { receiptCount: 1, diamondTotal: 100, charmTotal: 50, guildCharm: 15, hostCharm: 35, hosts: [] };
const settled: AgencyEvent = {
  type: 'AgencyPeriodSettled',
  data: { agencyId: 'nova', settlementId: 's1', periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-11-08T00:00:00.000Z', ...totals, settledAt: at },
};

describe('agency decider', () => {
  it('is verified by an admin once; an unknown agency cannot be', () => {
    const verify: AgencyCommand = { type: 'VerifyAgency', adminUid: 'admin-1', note: 'Licence checked', now };
    const verified: AgencyEvent = { type: 'AgencyVerified', data: { agencyId: 'nova', ownerUid: 'boss', verifiedBy: 'admin-1', note: 'Licence checked', verifiedAt: at } };
    given([created]).when(verify).then([verified]);
    given([created, verified]).when({ ...verify, adminUid: 'admin-2' }).then([]);
    given([]).when(verify).thenThrows(guildTexts.agencyNotFound);
  });

  it('creates an agency once', () => {
    const create: AgencyCommand = { type: 'CreateAgency', agencyId: 'nova', name: 'Nova', ownerUid: 'boss', guildSharePct: 30, hostSharePct: 70, now };
    given([]).when(create).then([created]);
    given([created]).when(create).thenThrows(guildTexts.agencyExists);
  });

  it('lets only the owner manage the roster, and a host be in one agency', () => {
    given([created]).when({ type: 'AddHost', actorUid: 'boss', hostUid: 'h1', hostAgencyId: null, now }).then([hostAdded]);
    given([created]).when({ type: 'AddHost', actorUid: 'other', hostUid: 'h1', hostAgencyId: null, now }).thenThrows(guildTexts.notOwner);
    given([created]).when({ type: 'AddHost', actorUid: 'boss', hostUid: 'h1', hostAgencyId: 'orbit', now }).thenThrows(guildTexts.hostAlreadyInAgency);
    given([created, hostAdded]).when({ type: 'AddHost', actorUid: 'boss', hostUid: 'h1', hostAgencyId: 'nova', now }).then([]);
    given([created]).when({ type: 'RemoveHost', actorUid: 'boss', hostUid: 'h1', now }).thenThrows(guildTexts.hostNotInAgency);
    given([]).when({ type: 'RemoveHost', actorUid: 'boss', hostUid: 'h1', now }).thenThrows(guildTexts.agencyNotFound);
  });

  it('settles periods that do not overlap and are over', () => {
    const settle = (start: string, end: string): AgencyCommand => ({ type: 'SettlePeriod', actorUid: 'boss', settlementId: 's2', periodStart: new Date(start), periodEnd: new Date(end), totals, now });
    given([created, settled]).when(settle('2026-11-08T00:00:00.000Z', '2026-11-15T00:00:00.000Z')).then([
      { type: 'AgencyPeriodSettled', data: { agencyId: 'nova', settlementId: 's2', periodStart: '2026-11-08T00:00:00.000Z', periodEnd: '2026-11-15T00:00:00.000Z', ...totals, settledAt: at } },
    ]);
    given([created, settled]).when(settle('2026-11-07T00:00:00.000Z', '2026-11-15T00:00:00.000Z')).thenThrows(guildTexts.periodOverlaps);
    given([created]).when(settle('2026-11-20T00:00:00.000Z', '2026-11-23T00:00:00.000Z')).thenThrows(guildTexts.periodInvalid);
  });

  it('records a charm payment with proof for a roster host and confirms it once', () => {
    const submit: AgencyCommand = { type: 'SubmitCharmPayment', actorUid: 'boss', paymentId: 'p1', hostUid: 'h1', amountCharm: 35, proofUrl: 'proof.png', settlementId: 's1', now };
    const submitted: AgencyEvent = { type: 'CharmPaymentSubmitted', data: { agencyId: 'nova', paymentId: 'p1', hostUid: 'h1', amountCharm: 35, proofUrl: 'proof.png', settlementId: 's1', submittedAt: at } };
    given([created, hostAdded, settled]).when(submit).then([submitted]);
    given([created, settled]).when(submit).thenThrows(guildTexts.hostNotInAgency);
    const confirm: AgencyCommand = { type: 'ConfirmCharmPayment', actorUid: 'boss', paymentId: 'p1', now };
    const confirmed: AgencyEvent = { type: 'CharmPaymentConfirmed', data: { agencyId: 'nova', paymentId: 'p1', hostUid: 'h1', confirmedAt: at } };
    given([created, hostAdded, settled, submitted]).when(confirm).then([confirmed]);
    given([created, hostAdded, settled, submitted, confirmed]).when(confirm).then([]);
    given([created]).when(confirm).thenThrows(guildTexts.paymentNotFound);
  });
});
