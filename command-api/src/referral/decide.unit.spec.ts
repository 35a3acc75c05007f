import { referralTexts } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { referralDecider, type ReferralCommand } from './decide.ts';
import type { ReferralEvent } from './referral.ts';
import { decideWeeklyPayout } from './settlement.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const given = DeciderSpecification.for(referralDecider);

const account = { createdAt: '2026-11-01T00:00:00.000Z', registeredReferrerUid: null };
const connect = (over: Partial<Extract<ReferralCommand, { type: 'ConnectReferrer' }>> = {}): ReferralCommand => ({
  type: 'ConnectReferrer',
  uid: 'u1',
  code: 'ALICE1',
  referrer: { uid: 'alice', referrerUid: null },
  account,
  now,
  ...over,
});

describe('referral decider', () => {
  it('binds a referrer within 30 days of account creation', () => {
    given()
      .when(connect())
      .then([{ type: 'ReferrerBound', data: { uid: 'u1', referrerUid: 'alice', code: 'ALICE1', boundAt: now.toISOString() } }]);
  });

  it('refuses a second binding, one made at registration, or one after 30 days', () => {
    given({ type: 'ReferrerBound', data: { uid: 'u1', referrerUid: 'bob', code: 'BOB1', boundAt: now.toISOString() } })
      .when(connect())
      .thenThrows('RULE_VIOLATED', referralTexts.alreadyBound);
    given()
      .when(connect({ account: { ...account, registeredReferrerUid: 'bob' } }))
      .thenThrows('RULE_VIOLATED', referralTexts.alreadyBound);
    given()
      .when(connect({ account: { ...account, createdAt: '2026-10-22T09:59:59.000Z' } }))
      .thenThrows('RULE_VIOLATED', referralTexts.windowClosed);
    given()
      .when(connect({ account: { ...account, createdAt: '2026-10-23T10:00:00.000Z' } }))
      .then([{ type: 'ReferrerBound', data: { uid: 'u1', referrerUid: 'alice', code: 'ALICE1', boundAt: now.toISOString() } }]);
  });

  it("refuses an unknown code, one's own code and one's own invitee", () => {
    given()
      .when(connect({ referrer: null }))
      .thenThrows('NOT_FOUND', referralTexts.codeNotFound);
    given()
      .when(connect({ referrer: { uid: 'u1', referrerUid: null } }))
      .thenThrows('RULE_VIOLATED', referralTexts.ownCode);
    given()
      .when(connect({ referrer: { uid: 'alice', referrerUid: 'u1' } }))
      .thenThrows('RULE_VIOLATED', referralTexts.circular);
  });

  it('creates and edits the own link, refusing a code someone else holds', () => {
    const create = (code: string, owner: string | null): ReferralCommand => ({
      type: 'CreateLink',
      uid: 'u1',
      code,
      codeOwnerUid: owner,
      now,
    });
    given()
      .when(create('MYCODE', 'u1'))
      .then([{ type: 'ReferralLinkCreated', data: { uid: 'u1', code: 'MYCODE', previousCode: null, createdAt: now.toISOString() } }]);
    const made: ReferralEvent = {
      type: 'ReferralLinkCreated',
      data: { uid: 'u1', code: 'MYCODE', previousCode: null, createdAt: now.toISOString() },
    };
    given(made).when(create('MYCODE', 'u1')).thenNothing();
    given(made).when(create('OTHER', 'u2')).thenThrows('CONFLICT', referralTexts.codeTaken);
  });

  it('binds a payout wallet, lower-cased, and ignores the same one again', () => {
    const add: ReferralCommand = {
      type: 'AddPayoutWallet',
      uid: 'u1',
      address: '0xABCDEF0000000000000000000000000000000001',
      chainId: 137,
      now,
    };
    const bound: ReferralEvent = {
      type: 'PayoutWalletBound',
      data: { uid: 'u1', address: '0xabcdef0000000000000000000000000000000001', chainId: 137, boundAt: now.toISOString() },
    };
    given().when(add).then([bound]);
    given(bound).when(add).thenNothing();
  });
});

describe('weekly payout', () => {
  const base = {
    weekId: '2026-11-09',
    uid: 'alice',
    directMicro: 0,
    secondLevelMicro: 0,
    rewardCount: 1,
    ownTopUpDiamonds: 0,
    carriedInMicro: 0,
    wallet: { address: '0xa', chainId: 137 },
    now,
  };

  it('pays second-level rewards only in a week of 10,000 own diamonds', () => {
    const locked = decideWeeklyPayout({ ...base, directMicro: 6_000_000, secondLevelMicro: 1_000_000, ownTopUpDiamonds: 9_999 });
    expect(locked).toMatchObject({
      type: 'ReferralPayoutSettled',
      data: { amountMicroUsdt: 6_000_000, forfeitedMicroUsdt: 1_000_000, unlocked: false },
    });
    const unlocked = decideWeeklyPayout({ ...base, directMicro: 6_000_000, secondLevelMicro: 1_000_000, ownTopUpDiamonds: 10_000 });
    expect(unlocked).toMatchObject({
      type: 'ReferralPayoutSettled',
      data: { amountMicroUsdt: 7_000_000, forfeitedMicroUsdt: 0, unlocked: true },
    });
  });

  it('carries over below 5 USDT or without a wallet, and adds what was carried in', () => {
    expect(decideWeeklyPayout({ ...base, directMicro: 4_999_999 })).toMatchObject({
      type: 'ReferralPayoutCarriedOver',
      data: { reason: 'below_minimum', amountMicroUsdt: 4_999_999 },
    });
    expect(decideWeeklyPayout({ ...base, directMicro: 9_000_000, wallet: null })).toMatchObject({
      type: 'ReferralPayoutCarriedOver',
      data: { reason: 'no_wallet' },
    });
    expect(decideWeeklyPayout({ ...base, directMicro: 1_000_000, carriedInMicro: 4_000_000 })).toMatchObject({
      type: 'ReferralPayoutSettled',
      data: { amountMicroUsdt: 5_000_000, carriedInMicroUsdt: 4_000_000 },
    });
    expect(decideWeeklyPayout({ ...base, rewardCount: 0 })).toBeNull();
  });
});
