// Creator subscriptions over HTTP: a price in range, subscribing charges the subscriber once even
// when two clicks race, renewal from the current end, never oneself, and the creator's charm by
// projection, proven by the ledger audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get, as } = actors(() => stack);
const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });
const walletTypes = async (uid: string) => (await stack.command.deps.store.readStream(`wallet-${uid}`)).events.map((e) => e.type);

describe('creator subscriptions', () => {
  it('takes a price between 100 and 100,000 diamonds', async () => {
    await stack.api('/user/profile/details', { method: 'PUT', token: await as('c-creator'), body: { username: 'creator_c' } });
    for (const price of [99, 100_001, 1.5]) {
      const res = await post('c-creator', '/user/subscription/price', { price });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('The price must be between 100 and 100,000 diamonds.');
    }
    expect((await post('c-creator', '/user/subscription/price', { price: 400 })).body.price).toBe(400);
  });

  it('refuses oneself, a creator without a plan and a short balance, writing nothing', async () => {
    await grant('c-self', 1000);
    await post('c-self', '/user/subscription/price', { price: 100 });
    const before = await walletTypes('c-self');
    const self = await post('c-self', '/user/subscribe/c-self', {});
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe('You cannot subscribe to yourself.');
    const noPlan = await post('c-self', '/user/subscribe/c-nobody', {});
    expect(noPlan.body.error.message).toBe('This creator does not offer subscriptions yet.');
    await grant('c-poor', 100);
    expect((await post('c-poor', '/user/subscribe/c-creator', {})).status).toBe(422);
    expect(await walletTypes('c-self')).toEqual(before);
  });

  it('two subscribes at once charge once; the creator gets the charm; subscriber lists fill', async () => {
    await grant('c-fan', 1000);
    const token = await as('c-fan');
    const clicks = await Promise.all(
      ['k1', 'k2'].map((k) =>
        stack.api('/user/subscribe/c-creator', { method: 'POST', token, body: {}, headers: { 'idempotency-key': k } }),
      ),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([201, 409]);
    const won = clicks.find((c) => c.status === 201)!;
    expect(clicks.find((c) => c.status === 409)!.body.error.message).toMatch(/^You are already subscribed until \d{4}-\d{2}-\d{2}\.$/);
    expect((await walletTypes('c-fan')).filter((t) => t === 'SubscribedToCreator')).toHaveLength(1);
    expect(won.body).toMatchObject({ balance: 600, subscription: { diamonds: 400, charm: 200, creatorUid: 'c-creator' } });
    const p = won.body.position as string;
    expect((await get('c-creator', '/wallet/withdraw/available', p)).body.charm).toBe(200);
    expect((await get('c-creator', '/user/subscribers/c-creator', p)).body.items.map((i: { uid: string }) => i.uid)).toEqual(['c-fan']);
    expect((await get('c-fan', '/user/subscriptions/c-fan', p)).body.items.map((i: { uid: string }) => i.uid)).toEqual(['c-creator']);
    const view = await get('c-fan', '/user/profile/view/c-creator', p);
    expect(view.body.subscription).toEqual({ price: 400, subscribedUntil: won.body.subscription.expiresAt });
  });

  it('renews from the current end when the subscriber names it', async () => {
    const first = (await stack.command.deps.store.readStream('wallet-c-fan')).events.find((e) => e.type === 'SubscribedToCreator')!
      .data as { expiresAt: string };
    const renewal = await post('c-fan', '/user/subscribe/c-creator', { currentUntil: first.expiresAt });
    expect(renewal.status).toBe(201);
    expect(renewal.body.subscription.from).toBe(first.expiresAt);
    expect(Date.parse(renewal.body.subscription.expiresAt) - Date.parse(first.expiresAt)).toBe(30 * 86_400_000);
    const stale = await post('c-fan', '/user/subscribe/c-creator', { currentUntil: first.expiresAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('Your subscription has just changed. Please check it and try again.');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.CHRM.credited).toBe(400);
  });
});
