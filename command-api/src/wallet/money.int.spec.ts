// Purchases, withdrawals, agency cash-outs, blockchain wallets and lobby gift recipients, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { joinAgency } from '../../../test-support/agency-roster.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from './ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });
const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  stack.api(path, { method: 'POST', token, body, headers });
const get = (path: string, token: string, position?: string) =>
  stack.api(path, { token, headers: position ? { 'x-min-position': position } : {} });

/** A registered creator who has charm: a fan sends them a castle (5000 diamonds, 2500 charm). */
async function earner(): Promise<{ uid: string; token: string; position: string }> {
  const creator = await signUpWithWallet(stack.commandUrl);
  const fan = `fan-of-${creator.uid}`;
  await grant(fan, 5000);
  const res = await post('/gifting/send-gift', await stack.tokenFor(fan), { giftName: 'castle', quantity: 1, recipients: [creator.uid] });
  expect(res.status).toBe(201);
  return { ...creator, position: res.body.position };
}

describe('purchases', () => {
  it('validates, buys a frame and VIP once per key, and lists the inventory', async () => {
    await grant('buyer', 13_000);
    const token = await stack.tokenFor('buyer');
    const skus = await get('/skus/read', token);
    expect(skus.body.items.find((s: { id: string }) => s.id === 'vip-year')).toMatchObject({
      kind: 'vip',
      price: 12000,
      priceUsd: 120,
      months: 12,
    });
    const check = await post('/payment/purchase/validate', token, { skuId: 'frame-gold' });
    expect(check.body).toMatchObject({ valid: true, diamondsTotal: 500, balance: 13000, shortBy: 0 });
    const frame = await post('/payment/purchase', token, { skuId: 'frame-gold' }, { 'idempotency-key': 'frame-1' });
    expect(frame.status).toBe(201);
    const retry = await post('/payment/purchase', token, { skuId: 'frame-gold' }, { 'idempotency-key': 'frame-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.purchase.purchaseId).toBe(frame.body.purchase.purchaseId);
    const vip = await post('/payment/purchase', token, { skuId: 'vip-year' }, { 'idempotency-key': 'vip-1' });
    expect(vip.body.balance).toBe(500);
    const tooMuch = await post('/payment/purchase/validate', token, { skuId: 'vip-year' });
    expect(tooMuch.body).toMatchObject({ valid: false, shortBy: 11500 });
    const refused = await post('/payment/purchase', token, { skuId: 'vip-year' });
    expect(refused.status).toBe(422);
    expect((await post('/payment/purchase', token, { skuId: 'post-unlock' })).status).toBe(400);
    expect((await post('/payment/purchase', token, { skuId: 'nope' })).status).toBe(404);
    const inventory = await get('/wallet/inventory/bought', token, vip.body.position);
    expect(inventory.body.items.map((i: { skuId: string }) => i.skuId)).toEqual(['vip-year', 'frame-gold']);
    expect(inventory.body.meta.totalItems).toBe(2);
    const balance = await get('/wallet/balance', token, vip.body.position);
    expect(balance.body).toMatchObject({ diamonds: 500, vipUntil: expect.any(String), firstTopUpAvailable: true });
  });
});

const payoutAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

describe('withdrawals', () => {
  it('validates first, then withdraws at most the credited charm; a failed withdrawal gives it back', async () => {
    const { token, position } = await earner();
    const available = await get('/wallet/withdraw/available', token, position);
    expect(available.body).toMatchObject({ charm: 2500, usd: 25 });
    const tooMuch = await post('/wallet/withdraw/validate', token, { amount: 2501, address: payoutAddress });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.message).toBe('Insufficient charm: you can withdraw at most 2500 charm.');
    expect((await post('/wallet/withdraw/validate', token, { amount: 100, address: payoutAddress })).body.error.message).toBe(
      'The minimum withdrawal is 500 charm.',
    );
    // An address of the wrong network is refused by both calls, and nothing is written.
    const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const wrongChain = await post('/wallet/withdraw/validate', token, { amount: 600, network: 'evm', address: solanaAddress });
    expect(wrongChain.status).toBe(400);
    expect(wrongChain.body.error.message).toBe('This is not a valid Ethereum (EVM) address. Check the network you chose.');
    expect(
      (await post('/wallet/withdraw', token, { amount: 600, network: 'solana', address: payoutAddress }, { 'idempotency-key': 'wd-wrong' }))
        .status,
    ).toBe(400);
    expect((await post('/wallet/withdraw/validate', token, { amount: 600, network: 'solana', address: solanaAddress })).body).toMatchObject(
      { valid: true },
    );
    // A bank transfer names the bank's country, a code of GET location/countries.
    const noCountry = await post(
      '/wallet/withdraw',
      token,
      { amount: 600, method: 'bank', address: 'PH12BANK0001' },
      { 'idempotency-key': 'wd-bank-none' },
    );
    expect([noCountry.status, noCountry.body.error.message]).toEqual([400, 'Bank country is required.']);
    const unknownCountry = await post('/wallet/withdraw/validate', token, {
      amount: 600,
      method: 'bank',
      address: 'PH12BANK0001',
      bankCountry: 'XX',
    });
    expect([unknownCountry.status, unknownCountry.body.error.message]).toEqual([400, 'Choose a country from the list.']);
    expect(
      (await post('/wallet/withdraw/validate', token, { amount: 600, method: 'bank', address: 'PH12BANK0001', bankCountry: 'ph' })).body,
    ).toMatchObject({ valid: true });
    expect((await post('/wallet/withdraw/validate', token, { amount: 2000, address: payoutAddress })).body).toMatchObject({
      valid: true,
      usd: 20,
      available: 2500,
    });
    const first = await post('/wallet/withdraw', token, { amount: 2000, address: payoutAddress }, { 'idempotency-key': 'wd-1' });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('pending');
    const retry = await post('/wallet/withdraw', token, { amount: 2000, address: payoutAddress }, { 'idempotency-key': 'wd-1' });
    expect(retry.body.transactionId).toBe(first.body.transactionId);
    const second = await post('/wallet/withdraw', token, { amount: 1000, address: payoutAddress }, { 'idempotency-key': 'wd-2' });
    expect(second.status).toBe(422);
    const admin = await stack.tokenFor('admin', ['ad']);
    // The console finds the withdrawal's owner in the read model; an operator rejects it there.
    await get('/wallet/withdrawals', token, first.body.position);
    const failed = await post(`/console/withdrawals/${first.body.transactionId}/reject`, admin, { reason: 'Bank refused' });
    expect(failed.status).toBe(200);
    const after = await get('/wallet/withdraw/available', token, failed.body.position);
    expect(after.body.charm).toBe(2500);
    const history = await get('/transaction/me?currency=CHRM', token, failed.body.position);
    expect(history.body.items[0]).toMatchObject({ transactionId: first.body.transactionId, status: 'failed' });
    expect(
      (await post(`/console/withdrawals/${first.body.transactionId}/settle`, token, { reference: `0x${'ab'.repeat(32)}` })).status,
    ).toBe(403);
  });

  it('never withdraws more than credited when many withdrawals race', async () => {
    const { token, position } = await earner();
    await get('/wallet/withdraw/available', token, position);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/wallet/withdraw', token, { amount: 1000, address: payoutAddress }, { 'idempotency-key': `race-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });

  it('lets an agency pay a creator with proof, which the creator confirms', async () => {
    const { uid: hosted, token: creator, position } = await earner();
    const agency = await stack.tokenFor('agency-1', ['ag']);
    expect(
      (await post('/guild/agencies', agency, { agencyId: 'money-agency', name: 'Money Agency', guildSharePct: 20, hostSharePct: 80 }))
        .status,
    ).toBe(201);
    const second = await earner();
    let rosterPosition = position;
    for (const host of [{ uid: hosted, token: creator }, second])
      rosterPosition = await joinAgency(stack, agency, 'money-agency', host.uid, host.token);
    const list = await get('/wallet/creator/cashout-list', agency, rosterPosition);
    expect(list.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ uid: hosted, charm: 2500, usd: 25 })]));
    expect((await get('/wallet/creator/cashout-list', creator)).status).toBe(403);
    const paid = await post('/wallet/creator/payment', agency, {
      creatorUid: hosted,
      amount: 2500,
      proofUrl: 'https://cdn.example/proof.png',
    });
    expect(paid.status).toBe(201);
    const notes = await get('/payment-notifications', creator, paid.body.position);
    expect(notes.body.items[0]).toMatchObject({
      withdrawalId: paid.body.transactionId,
      charm: 2500,
      agencyUid: 'agency-1',
      proofUrl: 'https://cdn.example/proof.png',
      status: 'pending',
      unread: true,
    });
    expect(notes.body.unreadCount).toBe(1);
    // Opening it marks it read once; another creator cannot mark it, and that writes nothing.
    const stranger = await post('/payment-notifications/read', second.token, { withdrawalId: paid.body.transactionId });
    expect(stranger.status).toBe(404);
    const opened = await post('/payment-notifications/read', creator, { withdrawalId: paid.body.transactionId });
    expect(opened.status).toBe(200);
    expect((await post('/payment-notifications/read', creator, { withdrawalId: paid.body.transactionId })).status).toBe(200);
    expect((await stack.command.deps.store.readStream(`notifications-${hosted}`)).events).toHaveLength(1);
    const read = await get('/payment-notifications', creator, opened.body.position);
    expect([read.body.items[0].unread, read.body.unreadCount]).toEqual([false, 0]);
    expect((await stack.command.deps.store.readStream(`notifications-${second.uid}`)).events).toHaveLength(0);
    const confirmed = await stack.api('/cashout-confirm', {
      method: 'PUT',
      token: creator,
      body: { withdrawalId: paid.body.transactionId },
    });
    expect(confirmed.status).toBe(200);
    const after = await get('/payment-notifications', creator, confirmed.body.position);
    expect(after.body.items[0].status).toBe('completed');
    const again = await stack.api('/cashout-confirm', { method: 'PUT', token: creator, body: { withdrawalId: paid.body.transactionId } });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
    expect((await stack.api('/cashout-confirm', { method: 'PUT', token: creator, body: { withdrawalId: 'payout-unknown' } })).status).toBe(
      404,
    );
    // A payout the creator never received is disputed, and the charm comes back.
    await get('/wallet/withdraw/available', second.token, second.position); // the credited charm is projected
    const claimed = await post('/wallet/creator/payment', agency, {
      creatorUid: second.uid,
      amount: 2500,
      proofUrl: 'https://cdn.example/fake.png',
    });
    const disputed = await stack.api('/wallet/creator/cashout-confirm', {
      method: 'PUT',
      token: second.token,
      body: { withdrawalId: claimed.body.transactionId, received: false },
    });
    expect(disputed.body.status).toBe('failed');
    expect((await get('/wallet/withdraw/available', second.token, disputed.body.position)).body.charm).toBe(2500);
  });
});

describe('blockchain wallets', () => {
  it('adds, renames, updates and removes', async () => {
    const token = await stack.tokenFor('chainer');
    const added = await post('/wallet/blockchain', token, { name: 'Main', address: '0x1111111111111111111111111111111111111111' });
    expect(added.status).toBe(201);
    expect((await post('/wallet/blockchain', token, { address: '0x1111111111111111111111111111111111111111' })).status).toBe(422);
    await post('/wallet/blockchain/rename', token, { walletId: added.body.walletId, name: 'Savings' });
    const updated = await post('/wallet/blockchain/update', token, { walletId: added.body.walletId, chain: 'polygon' });
    const list = await get('/wallet/blockchain', token, updated.body.position);
    expect(list.body.items).toEqual([expect.objectContaining({ walletId: added.body.walletId, name: 'Savings', chain: 'polygon' })]);
    const removed = await post('/wallet/blockchain/remove', token, { walletId: added.body.walletId });
    expect((await get('/wallet/blockchain', token, removed.body.position)).body.items).toEqual([]);
    expect((await post('/wallet/blockchain/remove', token, { walletId: added.body.walletId })).status).toBe(404);
  });
});

describe('gifts in a lobby', () => {
  it('go only to the host, a cohost or someone active in the lobby', async () => {
    const owner = await stack.tokenFor('lobby-owner');
    const created = await post('/lobbies', owner, { title: 'Gift night' });
    expect(created.status).toBe(201);
    const lobbyId = created.body.lobbyId;
    const member = await stack.tokenFor('lobby-member');
    expect((await post(`/lobbies/${lobbyId}/join`, member, {})).status).toBe(200);
    await grant('lobby-fan', 1000);
    const fan = await stack.tokenFor('lobby-fan');
    const toOwner = await post('/gifting/send-gift', fan, {
      giftName: 'rose',
      quantity: 10,
      recipients: ['lobby-owner', 'lobby-member'],
      lobbyId,
    });
    expect(toOwner.status).toBe(201);
    expect(toOwner.body.gift.lobbyId).toBe(lobbyId);
    const toStranger = await post('/gifting/send-gift', fan, { giftName: 'rose', quantity: 1, recipients: ['stranger'], lobbyId });
    expect(toStranger.status).toBe(422);
    expect(toStranger.body.error.message).toBe('A gift can go only to the host, a cohost or someone active in the lobby.');
    await post(`/lobbies/${lobbyId}/leave`, member, {});
    expect((await post('/gifting/send-gift', fan, { giftName: 'rose', quantity: 1, recipients: ['lobby-member'], lobbyId })).status).toBe(
      422,
    );
  });
});
