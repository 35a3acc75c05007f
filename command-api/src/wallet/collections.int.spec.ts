// Shop and collections over HTTP: purchases racing for one balance, sold-out and seasonal items,
// wearing what one owns, and the worn frame and badges on every user card (lobby seats, chat).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from './ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get } = actors(() => stack);
const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });
const eventsOf = async (uid: string) => (await stack.command.deps.store.readStream(`wallet-${uid}`)).events.map((e) => e.type);

describe('shop', () => {
  it('two purchases that together exceed the balance: exactly one is bought', async () => {
    await grant('race-buyer', 3500);
    const token = await stack.tokenFor('race-buyer');
    const results = await Promise.all(
      ['a', 'b'].map((k) =>
        stack.api('/payment/purchase', {
          method: 'POST',
          token,
          body: { skuId: 'frame-castle' },
          headers: { 'idempotency-key': `race-${k}` },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe(
      'Insufficient balance: this needs 3000 diamonds and you have 500.',
    );
    expect((await eventsOf('race-buyer')).filter((t) => t === 'SkuPurchased')).toHaveLength(1);
  });

  it('shows the price and the balance after, and refuses sold-out and out-of-season items without writing', async () => {
    await grant('shopper', 1000);
    const check = await post('shopper', '/skus/credit/condition', { skuId: 'frame-rose' });
    expect(check.body).toMatchObject({ valid: true, price: 800, diamondsTotal: 800, balance: 1000, balanceAfter: 200, message: null });
    const validate = await post('shopper', '/payment/purchase/validate', { skuId: 'frame-diamond' });
    expect(validate.body).toMatchObject({ valid: false, message: 'This item is sold out.' });
    const before = await eventsOf('shopper');
    const soldOut = await post('shopper', '/payment/purchase', { skuId: 'frame-diamond' });
    expect(soldOut.status).toBe(422);
    expect(soldOut.body.error.message).toBe('This item is sold out.');
    const seasonal = await post('shopper', '/payment/purchase', { skuId: 'frame-valentine' });
    expect(seasonal.status).toBe(422);
    expect(seasonal.body.error.message).toBe('This item is no longer available.');
    expect(await eventsOf('shopper')).toEqual(before);
  });
});

describe('collections', () => {
  it('lists owned items with status and end, wears one frame and badges, and refuses what is not owned', async () => {
    await grant('collector', 2000);
    const frame = await post('collector', '/payment/purchase', { skuId: 'frame-rose' });
    expect(frame.status).toBe(201);
    const badge = await post('collector', '/payment/purchase', { skuId: 'badge-supporter' });
    const list = await get('collector', '/wallet/collections', badge.body.position);
    expect(list.body.items.map((i: { itemId: string; status: string }) => [i.itemId, i.status]).sort()).toEqual([
      ['badge-supporter', 'inactive'],
      ['frame-rose', 'inactive'],
    ]);
    expect(list.body.items.find((i: { itemId: string }) => i.itemId === 'frame-rose').expiresAt).toBe(frame.body.purchase.expiresAt);

    const before = await eventsOf('collector');
    const notOwned = await post('collector', '/wallet/collections/equip', { itemId: 'frame-gold' });
    expect(notOwned.status).toBe(422);
    expect(notOwned.body.error.message).toBe('You do not own this item.');
    expect(await eventsOf('collector')).toEqual(before);

    const worn = await post('collector', '/wallet/collections/equip', { itemId: 'frame-rose' });
    expect(worn.body).toMatchObject({ frameId: 'frame-rose', badgeIds: [] });
    const both = await post('collector', '/wallet/collections/equip', { itemId: 'badge-supporter' });
    const frames = await get('collector', '/wallet/collections?kind=frame', both.body.position);
    expect(frames.body.items).toEqual([expect.objectContaining({ itemId: 'frame-rose', status: 'active' })]);
    const off = await post('collector', '/wallet/collections/equip', { itemId: 'frame-rose', equip: false });
    const after = await get('collector', '/wallet/collections?kind=frame', off.body.position);
    expect(after.body.items[0].status).toBe('inactive');
  });

  it('puts the worn frame and badges on the lobby seat and chat line of the wearer, for everyone', async () => {
    await grant('wearer', 1000);
    await post('wearer', '/payment/purchase', { skuId: 'frame-gold' });
    await post('wearer', '/payment/purchase', { skuId: 'badge-supporter' });
    const lobby = await post('wearer', '/lobbies', { title: 'Frames on stage' });
    expect(lobby.status).toBe(201);
    const lobbyId = lobby.body.lobbyId as string;
    await get('wearer', `/lobbies/${lobbyId}`, lobby.body.position);
    await post('wearer', '/wallet/collections/equip', { itemId: 'frame-gold' });
    const worn = await post('wearer', '/wallet/collections/equip', { itemId: 'badge-supporter' });
    // The change names the lobby the wearer is in: its channel carries it live.
    const [changed] = (await stack.command.deps.store.readStream('wallet-wearer')).events
      .filter((e) => e.type === 'AppearanceChanged')
      .slice(-1);
    expect(changed!.data).toMatchObject({ lobbyIds: [lobbyId], frameId: 'frame-gold', badgeIds: ['badge-supporter'] });
    const chat = await post('wearer', `/lobbies/${lobbyId}/chat`, { payload: { messageType: 'text', body: 'hello' } });
    const seen = await get('viewer', `/lobbies/${lobbyId}`, worn.body.position);
    const me = seen.body.users.find((u: { uid: string }) => u.uid === 'wearer');
    expect(me.appearance).toEqual({ frameId: 'frame-gold', badgeIds: ['badge-supporter'], vip: false });
    const lines = await get('viewer', `/lobbies/${lobbyId}/chat`, chat.body.position);
    expect(lines.body.items[0].sender.appearance.frameId).toBe('frame-gold');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});

describe('VIP', () => {
  it('mints the 5% top-up bonus through the ledger, proven by the audit', async () => {
    await grant('vip-buyer', 12_000);
    const vip = await post('vip-buyer', '/payment/purchase', { skuId: 'vip-year' });
    expect(vip.status).toBe(201);
    const paid = await post('vip-buyer', '/payment/topup/pay', { channelCode: 'sandbox', value: 10 });
    expect(paid.status).toBeLessThan(300);
    const events = (await stack.command.deps.store.readStream('wallet-vip-buyer')).events
      .filter((e) => e.type === 'DiamondsCredited')
      .map((e) => [e.data.reason, e.data.amount]);
    expect(events).toEqual([
      ['demo_grant', 12_000],
      ['topup', 1000],
      ['vip_bonus', 50],
    ]);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});
