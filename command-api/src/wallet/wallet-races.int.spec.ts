// One wallet under racing requests, over real HTTP on the real database: many subscribes on one
// exact balance (one 30-day period per paid debit), parallel purchases of one item (one period per
// debit for a timed item, once for a for-ever one, once for a repeated key), parallel wear and take
// off (every change made on the one before it, nothing worn that is not owned), and all of them at
// once; the ledger audit then proves the ledger. Every rule here is decided on `wallet-{uid}`, and
// the requests go to two command APIs in turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { closeServer, listen } from '@murmur/platform';
import type http from 'node:http';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { buildCommandApi } from '../server.ts';
import { creditDiamonds, loadWallet } from './ledger.ts';

let stack: TestStack;
// A second command API on the same database, as a second replica: its own command queue, state
// cache and store. Requests alternate between the two, so what keeps a wallet right is the wallet
// stream's expected version, not one process's queue.
let second: ReturnType<typeof buildCommandApi>;
let secondUrl: string;
beforeAll(async () => {
  stack = await startTestStack();
  second = buildCommandApi({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET }, { pool: stack.db.pool, presenceReaper: false });
  secondUrl = `http://127.0.0.1:${await listen(second.server, 0)}`;
});
afterAll(async () => {
  if (second) await closeServer(second.server as http.Server);
  await stack?.stop();
});

const { post, as, get } = actors(() => stack);
let grants = 0;
const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `race-grant-${++grants}` });
const walletEvents = async (uid: string) => (await stack.command.deps.store.readStream(`wallet-${uid}`)).events;
let clicks = 0;
/** A POST with its own idempotency key, to one command API or the other in turn. */
async function click(uid: string, path: string, body: unknown, key: string): Promise<{ status: number; body: any }> {
  const base = ++clicks % 2 === 0 ? secondUrl : stack.commandUrl;
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await as(uid)}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const DAY = 86_400_000;
const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('subscribes racing on one balance', () => {
  it('buys as many periods as the balance pays for, one 30-day period per debit, and renews a period once', async () => {
    const creators = ['rs-c1', 'rs-c2', 'rs-c3', 'rs-c4', 'rs-c5', 'rs-c6'];
    for (const c of creators) expect((await post(c, '/user/subscription/price', { price: 400 })).status).toBe(200);
    await grant('rs-fan', 3 * 400); // exactly three periods
    // Two clicks for each of six creators, all at once: twelve requests for three periods' diamonds.
    const clicks = await Promise.all(
      creators.flatMap((c) => ['a', 'b'].map((k) => click('rs-fan', `/user/subscribe/${c}`, {}, `rs-${c}-${k}`))),
    );
    const list = statuses(clicks);
    expect(count(list, 201)).toBe(3);
    expect(list.every((s) => s === 201 || s === 409 || s === 422)).toBe(true);
    const bought = (await walletEvents('rs-fan')).filter((e) => e.type === 'SubscribedToCreator');
    expect(bought).toHaveLength(3);
    // Three different creators (two clicks for one creator buy one period), each one period for one price.
    expect(new Set(bought.map((e) => e.data.creatorUid)).size).toBe(3);
    for (const e of bought) {
      expect(e.data.diamonds).toBe(400);
      expect(Date.parse(String(e.data.expiresAt)) - Date.parse(String(e.data.from))).toBe(30 * DAY);
    }
    expect((await loadWallet(stack.command.deps, 'rs-fan')).balance).toBe(0);

    // Renewals naming the same current end: one of them extends it by one period.
    await grant('rs-fan', 5 * 400);
    const creator = String(bought[0]!.data.creatorUid);
    const end = String(bought[0]!.data.expiresAt);
    const renewals = await Promise.all(
      Array.from({ length: 8 }, (_, i) => click('rs-fan', `/user/subscribe/${creator}`, { currentUntil: end }, `rs-renew-${i}`)),
    );
    expect(statuses(renewals)).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const after = await loadWallet(stack.command.deps, 'rs-fan');
    expect(after.balance).toBe(4 * 400);
    expect(Date.parse(after.subscriptions[creator]!) - Date.parse(end)).toBe(30 * DAY);
  });
});

describe('purchases of one item racing', () => {
  it('sells a timed item once per paid debit, each extending from the end before it, and a for-ever item once', async () => {
    await grant('rp-buyer', 3 * 3000 + 500 + 2000); // three 7-day castle frames, a gold frame, and some left
    const castles = await Promise.all(
      Array.from({ length: 8 }, (_, i) => click('rp-buyer', '/payment/purchase', { skuId: 'frame-castle' }, `rp-castle-${i}`)),
    );
    expect(count(statuses(castles), 201)).toBe(3);
    const golds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => click('rp-buyer', '/payment/purchase', { skuId: 'frame-gold' }, `rp-gold-${i}`)),
    );
    expect(count(statuses(golds), 201)).toBe(1);
    expect(golds.filter((r) => r.status !== 201).map((r) => r.body.error.message)).toEqual(
      Array(5).fill('You already own this item for ever.'),
    );

    const events = await walletEvents('rp-buyer');
    const castleBuys = events.filter((e) => e.type === 'SkuPurchased' && e.data.skuId === 'frame-castle');
    expect(castleBuys).toHaveLength(3);
    // Each purchase bought 7 days from the end before it: three debits, 21 days from the first.
    const first = Date.parse(String(castleBuys[0]!.data.purchasedAt));
    expect(castleBuys.map((e) => Date.parse(String(e.data.expiresAt)) - first)).toEqual([7 * DAY, 14 * DAY, 21 * DAY]);
    expect(events.filter((e) => e.type === 'SkuPurchased' && e.data.skuId === 'frame-gold')).toHaveLength(1);
    const wallet = await loadWallet(stack.command.deps, 'rp-buyer');
    expect(wallet.balance).toBe(2000);
    expect(wallet.items['frame-castle']!.expiresAt).toBe(castleBuys[2]!.data.expiresAt);
  });

  it('writes one purchase for one key sent six times at once, and every answer is that purchase', async () => {
    await grant('rp-keyed', 1000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => click('rp-keyed', '/payment/purchase', { skuId: 'badge-star' }, 'rp-keyed-once')),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.purchase?.purchaseId)).size).toBe(1);
    expect((await walletEvents('rp-keyed')).filter((e) => e.type === 'SkuPurchased')).toHaveLength(1);
    expect((await loadWallet(stack.command.deps, 'rp-keyed')).balance).toBe(800);
  });
});

describe('wearing and taking off racing', () => {
  it('makes every change on the one before it, wears only what is owned, and ends as the last change says', async () => {
    await grant('rw-wearer', 500 + 800 + 300 + 200 + 5000);
    for (const skuId of ['frame-gold', 'frame-rose', 'badge-supporter', 'badge-star', 'badge-rocket']) {
      expect((await post('rw-wearer', '/payment/purchase', { skuId })).status).toBe(201);
    }
    const owned = new Set(['frame-gold', 'frame-rose', 'badge-supporter', 'badge-star', 'badge-rocket']);
    // 40 changes at once: wear or take off each owned item, and items not owned.
    const items = [...owned, 'frame-castle', 'badge-nope'];
    const changes = Array.from({ length: 40 }, (_, i) => ({ itemId: items[i % items.length]!, equip: i % 3 !== 2 }));
    const answers = await Promise.all(changes.map((body, i) => click('rw-wearer', '/wallet/collections/equip', body, `rw-${i}`)));
    // An owned item always answers 200 (taking off one not worn changes nothing); another is refused.
    expect(answers.map((a, i) => [changes[i]!.itemId, a.status])).toEqual(changes.map((c) => [c.itemId, owned.has(c.itemId) ? 200 : 422]));

    type Worn = { frameId: string | null; badgeIds: string[] };
    const worn = (await walletEvents('rw-wearer')).filter((e) => e.type === 'AppearanceChanged').map((e) => e.data as Worn);
    expect(worn.length).toBeGreaterThan(3);
    let before: Worn = { frameId: null, badgeIds: [] };
    for (const now of worn) {
      // Nothing worn that is not owned; one frame; at most three badges, each once.
      if (now.frameId !== null) expect(owned.has(now.frameId) && now.frameId.startsWith('frame-')).toBe(true);
      for (const b of now.badgeIds) expect(owned.has(b) && b.startsWith('badge-')).toBe(true);
      expect(now.badgeIds.length).toBeLessThanOrEqual(3);
      expect(new Set(now.badgeIds).size).toBe(now.badgeIds.length);
      // Each request puts on or takes off one item: a change decided on a stale state would undo
      // another one and differ from the change before it by more than that.
      const moved = (now.frameId !== before.frameId ? 1 : 0) + symmetricDifference(now.badgeIds, before.badgeIds);
      expect(moved, JSON.stringify({ before, now })).toBe(1);
      before = now;
    }
    const last = worn.at(-1)!;
    const wallet = await loadWallet(stack.command.deps, 'rw-wearer');
    expect({ frameId: wallet.frameId, badgeIds: wallet.badgeIds }).toEqual({ frameId: last.frameId, badgeIds: last.badgeIds });
    // The read model, once it has the last change, shows the same.
    const lastPosition = answers
      .filter((a) => a.status === 200)
      .map((a) => BigInt(a.body.position))
      .reduce((a, b) => (a > b ? a : b));
    const list = await get('rw-wearer', '/wallet/collections', lastPosition.toString());
    const active = list.body.items
      .filter((i: { status: string }) => i.status === 'active')
      .map((i: { itemId: string }) => i.itemId)
      .sort();
    expect(active).toEqual([...(last.frameId ? [last.frameId] : []), ...last.badgeIds].sort());
  });
});

describe('subscribes, purchases and wearing all at once on one balance', () => {
  it('spends exactly what the successful requests cost, never more than the balance, and the audit is green', async () => {
    await post('rm-creator', '/user/subscription/price', { price: 500 });
    await post('rm-creator2', '/user/subscription/price', { price: 500 });
    await grant('rm-user', 800 + 300);
    expect((await post('rm-user', '/payment/purchase', { skuId: 'frame-rose' })).status).toBe(201);
    expect((await post('rm-user', '/payment/purchase', { skuId: 'badge-supporter' })).status).toBe(201);
    await grant('rm-user', 500 + 3000); // 3,500: one subscription and one castle frame, or neither and less
    const setUp = (await walletEvents('rm-user')).length;
    const requests = [
      ...['rm-creator', 'rm-creator2'].flatMap((c) =>
        [1, 2].map((k) => () => click('rm-user', `/user/subscribe/${c}`, {}, `rm-sub-${c}-${k}`)),
      ),
      ...[1, 2, 3].map((k) => () => click('rm-user', '/payment/purchase', { skuId: 'frame-castle' }, `rm-castle-${k}`)),
      ...[1, 2, 3].map((k) => () => click('rm-user', '/payment/purchase', { skuId: 'badge-star' }, `rm-star-${k}`)),
      ...Array.from(
        { length: 12 },
        (_, k) => () =>
          click(
            'rm-user',
            '/wallet/collections/equip',
            { itemId: k % 2 ? 'frame-rose' : 'badge-supporter', equip: k % 4 < 2 },
            `rm-wear-${k}`,
          ),
      ),
    ];
    const answers = await Promise.all(requests.map((r) => r()));
    expect(answers.every((a) => [200, 201, 409, 422].includes(a.status))).toBe(true);

    const events = (await walletEvents('rm-user')).slice(setUp);
    const debits = events.map((e) =>
      e.type === 'SubscribedToCreator' ? Number(e.data.diamonds) : e.type === 'SkuPurchased' ? Number(e.data.diamondsTotal) : 0,
    );
    const spent = debits.reduce((a, b) => a + b, 0);
    const paidAnswers = answers
      .filter((a) => a.status === 201)
      .map((a) => Number(a.body.subscription?.diamonds ?? a.body.purchase?.diamondsTotal));
    // Every 201 is one debit in the log, and nothing else was debited.
    expect(spent).toBe(paidAnswers.reduce((a, b) => a + b, 0));
    expect(spent).toBeLessThanOrEqual(3500);
    expect((await loadWallet(stack.command.deps, 'rm-user')).balance).toBe(3500 - spent);
    // The running balance never went below zero at any event.
    let running = 3500;
    for (const debit of debits) {
      running -= debit;
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(
      events
        .filter((e) => e.type === 'SubscribedToCreator')
        .map((e) => e.data.creatorUid)
        .sort(),
    ).toEqual([...new Set(events.filter((e) => e.type === 'SubscribedToCreator').map((e) => e.data.creatorUid))].sort());

    await waitForProjection(stack.db.pool, 'wallet-balances');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});

function symmetricDifference(a: string[], b: string[]): number {
  return a.filter((x) => !b.includes(x)).length + b.filter((x) => !a.includes(x)).length;
}
