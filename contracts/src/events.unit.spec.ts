import { describe, expect, it } from 'vitest';
import { eventDataProblem, eventSchemas, isEventOf, parseEvent } from './events.ts';
import { identityEventSchemas, otpAddressEventSchemas } from './identity.ts';
import { blockchainWalletEventSchemas, earningsEventSchemas, paymentEventSchemas, walletEventSchemas } from './wallet.ts';
import { mediaEventSchemas, messageEventSchemas, profileEventSchemas, socialEventSchemas, wallEventSchemas } from './social.ts';
import { chatEventSchemas, lobbyEventSchemas, presenceEventSchemas, roomEventSchemas } from './lobbies.ts';
import { referralEventSchemas } from './referral.ts';
import { guildEventSchemas } from './guild.ts';
import { leaderboardEventSchemas } from './global-leaderboards.ts';
import { notificationEventSchemas } from './notifications.ts';
import { creatorPlanEventSchemas } from './subscriptions.ts';
import { accountSettingsEventSchemas } from './account-settings.ts';
import { progressionEventSchemas } from './progression.ts';
import { scheduleEventSchemas } from './booking.ts';
import { grantEventSchemas, ledgerAuditEventSchemas, ledgerDigestEventSchemas } from './money-operations.ts';
import { reportEventSchemas } from './moderation.ts';
import { hostApplicationEventSchemas } from './host-applications.ts';
import { projectionRebuildEventSchemas } from './operations-view.ts';

const gift = {
  senderUid: 'a',
  giftId: 'rose',
  giftName: 'rose',
  quantity: 1,
  unitPrice: 10,
  diamondsTotal: 10,
  recipients: ['h'],
  charmPerRecipient: 5,
  sentAt: '2026-01-01T00:00:00Z',
};

describe('event registry', () => {
  it('holds every module map, no type named by two modules', () => {
    const maps = [
      identityEventSchemas,
      otpAddressEventSchemas,
      walletEventSchemas,
      blockchainWalletEventSchemas,
      paymentEventSchemas,
      earningsEventSchemas,
      profileEventSchemas,
      socialEventSchemas,
      mediaEventSchemas,
      wallEventSchemas,
      messageEventSchemas,
      lobbyEventSchemas,
      roomEventSchemas,
      chatEventSchemas,
      presenceEventSchemas,
      referralEventSchemas,
      guildEventSchemas,
      leaderboardEventSchemas,
      notificationEventSchemas,
      progressionEventSchemas,
      creatorPlanEventSchemas,
      accountSettingsEventSchemas,
      scheduleEventSchemas,
      grantEventSchemas,
      ledgerAuditEventSchemas,
      ledgerDigestEventSchemas,
      reportEventSchemas,
      hostApplicationEventSchemas,
      projectionRebuildEventSchemas,
    ];
    const names = maps.flatMap((m) => Object.keys(m));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(eventSchemas).sort()).toEqual([...names].sort());
    for (const name of names) expect(name, 'events are named in the past tense, PascalCase').toMatch(/^[A-Z][A-Za-z]+$/);
  });

  it('parses known events and says what is wrong with bad data', () => {
    expect(parseEvent({ type: 'GiftSent', data: gift })).toEqual({ type: 'GiftSent', data: gift });
    expect(() => parseEvent({ type: 'GiftSent', data: { ...gift, recipients: [] } })).toThrow(/recipients/);
    expect(() => parseEvent({ type: 'NoSuchThing', data: {} })).toThrow(/Unknown event type/);
    expect(eventDataProblem('GiftSent', gift)).toBeNull();
    expect(eventDataProblem('GiftSent', { ...gift, quantity: 'ten' })).toMatch(/GiftSent.*quantity/s);
    expect(eventDataProblem('SomethingOfATest', { any: 'thing' })).toBeNull();
  });

  it('narrows by type without reading the data', () => {
    const event: { type: string; data: unknown } = { type: 'GiftSent', data: gift };
    expect(isEventOf(event, ['GiftSent', 'DiamondsSpent'])).toBe(true);
    expect(isEventOf(event, ['DiamondsSpent'])).toBe(false);
  });
});
