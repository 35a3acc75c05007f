// VIP perks (docs/decisions/vip.md) over HTTP: a renewal extends from the current end; two purchases at
// once charge once each and chain their years, or one wins when the balance pays for one; a VIP's
// mic request goes ahead of the others' (decided by the lobby) and their join carries the entry
// effect, which the gateway may push. The ledger audit stays green.
import { publicPayloadOf } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds, loadWallet } from './ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { presenceReaper: false } });
});
afterAll(async () => stack?.stop());

const { post, get, as } = actors(() => stack);
const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });
const addMonths = (iso: string, months: number) => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
};
const buyVip = async (uid: string, key: string) =>
  stack.api('/payment/purchase', {
    method: 'POST',
    token: await as(uid),
    body: { skuId: 'vip-year' },
    headers: { 'idempotency-key': key },
  });

describe('VIP purchase and renewal', () => {
  it('a renewal extends from the current end, not from today', async () => {
    await grant('vip-renew', 24_000);
    const first = await buyVip('vip-renew', 'r1');
    expect(first.status).toBe(201);
    const second = await buyVip('vip-renew', 'r2');
    expect(second.status).toBe(201);
    expect(second.body.purchase.expiresAt).toBe(addMonths(first.body.purchase.expiresAt, 12));
    expect((await loadWallet(stack.command.deps, 'vip-renew')).vipUntil).toBe(second.body.purchase.expiresAt);
    const collections = await get('vip-renew', '/wallet/collections?kind=badge', second.body.position);
    expect(collections.body.items.find((i: { itemId: string }) => i.itemId === 'vip-badge').expiresAt).toBe(second.body.purchase.expiresAt);
  });

  it('two purchases at once: each charges once and the years chain', async () => {
    await grant('vip-twice', 24_000);
    const both = await Promise.all([buyVip('vip-twice', 'a'), buyVip('vip-twice', 'b')]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const ends = both.map((r) => r.body.purchase.expiresAt as string).sort();
    expect(ends[1]).toBe(addMonths(ends[0]!, 12));
    const wallet = await loadWallet(stack.command.deps, 'vip-twice');
    expect(wallet).toMatchObject({ balance: 0, vipUntil: ends[1] });
    const events = (await stack.command.deps.store.readStream('wallet-vip-twice')).events;
    expect(events.filter((e) => e.type === 'SkuPurchased')).toHaveLength(2);
  });

  it('two purchases at once with diamonds for one: one wins, the other is refused and writes nothing', async () => {
    await grant('vip-once', 15_000);
    const both = await Promise.all([buyVip('vip-once', 'a'), buyVip('vip-once', 'b')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.status === 422)!.body.error.message).toBe(
      'Insufficient balance: this needs 12000 diamonds and you have 3000.',
    );
    expect((await stack.command.deps.store.readStream('wallet-vip-once')).events.filter((e) => e.type === 'SkuPurchased')).toHaveLength(1);
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });
});

describe('VIP in lobbies', () => {
  it('puts a VIP mic request ahead of the others, after the VIPs already waiting', async () => {
    for (const uid of ['q-vip1', 'q-vip2']) {
      await grant(uid, 12_000);
      expect((await buyVip(uid, `q-${uid}`)).status).toBe(201);
    }
    const lobby = await post('q-owner', '/lobbies', { title: 'Queue order', mainCategoryId: 'chatting', languages: ['ENG'] });
    const lobbyId = lobby.body.lobbyId as string;
    for (const uid of ['q-a', 'q-b', 'q-vip1', 'q-vip2', 'q-c']) expect((await post(uid, `/lobbies/${lobbyId}/join`)).status).toBe(200);
    let last = '';
    for (const uid of ['q-a', 'q-b', 'q-vip1', 'q-c', 'q-vip2']) {
      const asked = await post(uid, `/lobbies/${lobbyId}/mic/request`);
      expect(asked.status).toBe(200);
      last = asked.body.position;
    }
    const detail = await get('q-owner', `/lobbies/${lobbyId}`, last);
    expect(detail.body.queueRequests.map((q: { uid: string }) => q.uid)).toEqual(['q-vip1', 'q-vip2', 'q-a', 'q-b', 'q-c']);
    expect(detail.body.queueRequests[0].appearance).toMatchObject({ vip: true });
    // The owner takes the first in line: the next VIP moves to the front.
    const granted = await post('q-owner', `/lobbies/${lobbyId}/mic/grant`, { uid: 'q-vip1' });
    expect(granted.status).toBe(200);
    const after = await get('q-owner', `/lobbies/${lobbyId}`, granted.body.position);
    expect(after.body.queueRequests.map((q: { uid: string }) => q.uid)).toEqual(['q-vip2', 'q-a', 'q-b', 'q-c']);
  });

  it('a VIP join carries the entry effect to everyone in the lobby; a normal join does not', async () => {
    await grant('e-vip', 12_000);
    await buyVip('e-vip', 'e-vip');
    const lobby = await post('e-owner', '/lobbies', { title: 'Entrances', mainCategoryId: 'chatting', languages: ['ENG'] });
    const lobbyId = lobby.body.lobbyId as string;
    await post('e-fan', `/lobbies/${lobbyId}/join`);
    await post('e-vip', `/lobbies/${lobbyId}/join`);
    const joins = (await stack.command.deps.store.readStream(`lobby-${lobbyId}`)).events.filter((e) => e.type === 'LobbyJoined');
    const byUid = Object.fromEntries(joins.map((e) => [e.data.uid, e.data]));
    expect(byUid['e-vip']).toMatchObject({ vip: true });
    expect(byUid['e-fan']).not.toHaveProperty('vip');
    expect(publicPayloadOf('LobbyJoined', byUid['e-vip']!)).toMatchObject({ uid: 'e-vip', vip: true });
  });
});
