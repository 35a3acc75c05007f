// Referral rewards are 10% / 5% of the cash a top-up brought in, not of the diamonds it credited:
// the first top-up offer credits 3000 diamonds for 15 USD, so it earns 1.50 / 0.75 USDT, not 3.00.
// Real sandbox payments over HTTP, the real projection, the reward records as the referrer reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { paymentPortsFromEnv } from '../payments/config.ts';

let stack: TestStack;

beforeAll(async () => {
  const ports = paymentPortsFromEnv();
  stack = await startTestStack({ commandOverrides: { payments: { ...ports, config: { ...ports.config, sandboxEnabled: true } } } });
});
afterAll(async () => stack?.stop());

async function register(uid: string, referralCode: string, referredByCode: string | null) {
  await stack.command.deps.store.append(`user-${uid}`, [
    {
      type: 'UserRegistered',
      data: {
        uid,
        method: 'guest',
        anonymous: false,
        username: `${uid}-name`,
        profilePicUrl: null,
        roles: ['co'],
        referralCode,
        referredByCode,
        email: null,
        walletAddress: null,
        walletEnvironment: null,
        providerSubject: null,
        provider: null,
        telegramId: null,
        visitorId: null,
        deviceInfo: null,
        registeredAt: new Date().toISOString(),
      },
    },
  ]);
}

describe('referral rewards on the cash received', () => {
  it('pays 10% and 5% of what the first top-up offer and a normal top-up cost', async () => {
    await register('cash-top', 'CASHTOP1', null);
    await register('cash-mid', 'CASHMID1', 'CASHTOP1');
    await register('cash-new', 'CASHNEW1', 'CASHMID1');
    await waitForProjection(stack.db.pool, 'referral-earnings');

    const buyer = await stack.tokenFor('cash-new');
    const pay = (body: unknown, key: string) =>
      stack.api('/payment/topup/pay', { method: 'POST', token: buyer, body, headers: { 'idempotency-key': key } });
    const offer = await pay({ channelCode: 'sandbox', purpose: 'first_topup_offer' }, 'cash-offer');
    expect(offer.status).toBe(200);
    expect(offer.body.metadata.value).toBe(15);
    const normal = await pay({ channelCode: 'sandbox', value: 10 }, 'cash-normal');
    expect(normal.status).toBe(200);
    await waitForProjection(stack.db.pool, 'referral-earnings');

    const records = async (uid: string) => {
      const res = await stack.api('/referral/reward-records?limit=20', {
        token: await stack.tokenFor(uid),
        headers: { 'x-min-position': normal.body.position },
      });
      expect(res.status).toBe(200);
      return res.body.items.map((r: { inviteeUid: string; level: number; amountUsdt: string }) => [r.inviteeUid, r.level, r.amountUsdt]);
    };
    // Newest first: the 10 USD top-up, then the offer (15 USD paid for 3000 diamonds).
    expect(await records('cash-mid')).toEqual([
      ['cash-new', 1, '1.00'],
      ['cash-new', 1, '1.50'],
    ]);
    expect(await records('cash-top')).toEqual([
      ['cash-new', 2, '0.50'],
      ['cash-new', 2, '0.75'],
    ]);
  });
});
