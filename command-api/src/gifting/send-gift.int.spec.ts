// Gifts over real HTTP: the concurrency proof (exactly as many gifts as the balance pays for, never
// below zero, the ledger audit passing), idempotent retries and the read models.
import { closeServer, listen } from '@murmur/platform';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { buildCommandApi } from '../server.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
/** Registered users to receive gifts (a gift to a profile needs a user who exists). */
let hosts: Array<{ uid: string; token: string }>;
beforeAll(async () => {
  stack = await startTestStack();
  hosts = await Promise.all(Array.from({ length: 10 }, () => signUpWithWallet(stack.commandUrl)));
});
afterAll(async () => stack?.stop());

const grant = (uid: string, amount: number, key = `grant-${uid}-${amount}`) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: key });

describe('gifting/send-gift', () => {
  it('lets 300 parallel gifts from one wallet that pays for 100 succeed exactly 100 times', async () => {
    await grant('rich', 100 * 10); // a rose is 10 diamonds
    const token = await stack.tokenFor('rich');
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        stack.api('/gifting/send-gift', {
          method: 'POST',
          token,
          headers: { 'idempotency-key': `burst-${i}`, connection: 'close' },
          body: { giftName: 'rose', quantity: 1, recipients: [hosts[i % 7]!.uid] },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(200);
    expect(refused[0]!.body.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(refused[0]!.body.error.message).toBe('Insufficient balance: this needs 10 diamonds and you have 0.');
    // Every answer saw a balance of zero or more, and the last is zero.
    expect(Math.min(...ok.map((r) => r.body.balance))).toBe(0);
    const last = ok.map((r) => BigInt(r.body.position)).reduce((a, b) => (a > b ? a : b));
    const balance = await stack.api('/wallet/balance', { token, headers: { 'x-min-position': last.toString() } });
    expect(balance.body.diamonds).toBe(0);
    const host = await stack.api('/wallet/balance', { token: hosts[0]!.token, headers: { 'x-min-position': last.toString() } });
    const toHost0 = results.filter((r, i) => r.status === 201 && i % 7 === 0).length;
    expect(host.body.charm).toBe(toHost0 * 5); // 5 charm for each rose host-0 received
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.DMND).toEqual({ minted: 1000, spent: 1000, balances: 0 });
    expect(audit.totals.CHRM).toEqual({ credited: 500, withdrawn: 0, balances: 500 });
  });

  it('never spends more than the balance when two command-api processes take the gifts', async () => {
    // A second command-api on the same database: its own state cache and its own wallet queue.
    const second = buildCommandApi({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET }, { pool: stack.db.pool });
    const port = await listen(second.server, 0);
    try {
      await grant('twoproc', 50 * 10);
      const token = await stack.tokenFor('twoproc');
      const results = await Promise.all(
        Array.from({ length: 120 }, async (_, i) => {
          const base = i % 2 ? stack.commandUrl : `http://127.0.0.1:${port}`;
          // A 409 (the two processes kept clashing past the retries) is answered as a client does:
          // the same request again with the same key, which is applied at most once.
          for (let attempt = 0; ; attempt++) {
            const res = await fetch(`${base}/api/v1/gifting/send-gift`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `two-${i}` },
              body: JSON.stringify({ giftName: 'rose', quantity: 1, recipients: [hosts[7]!.uid] }),
            });
            if (res.status !== 409 || attempt === 4) return res.status;
          }
        }),
      );
      expect(results.filter((s) => s === 201)).toHaveLength(50);
      expect(results.filter((s) => s !== 201 && s !== 422)).toEqual([]);
      const audit = await auditLedger(stack.db.pool);
      expect(audit.differences).toEqual([]);
    } finally {
      await closeServer(second.server as http.Server);
    }
  });

  it('answers a retry with the same Idempotency-Key with the first result and charges once', async () => {
    await grant('retry', 100);
    const token = await stack.tokenFor('retry');
    const send = () =>
      stack.api('/gifting/send-gift', {
        method: 'POST',
        token,
        headers: { 'idempotency-key': 'k-1' },
        body: { giftName: 'heart', quantity: 1, recipients: [hosts[8]!.uid] },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.position).toBe(first.body.position);
    expect(second.body.duplicate).toBe(true);
    expect(second.body.balance).toBe(50);
    // Even once the balance cannot pay again, the retry still answers with the first result.
    const third = await send();
    const spend = await stack.api('/gifting/send-gift', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': 'k-2' },
      body: { giftName: 'heart', quantity: 1, recipients: [hosts[8]!.uid] },
    });
    expect(spend.status).toBe(201);
    expect((await send()).body.position).toBe(first.body.position);
    expect(third.body.position).toBe(first.body.position);
    const history = await stack.api('/transaction/me?limit=10', { token, headers: { 'x-min-position': spend.body.position } });
    expect(history.body.items.filter((t: { kind: string }) => t.kind === 'gift_sent')).toHaveLength(2);
  });

  it('sends to several recipients with a multiplier and pages the history', async () => {
    await grant('multi', 10 * 10 * 3);
    const token = await stack.tokenFor('multi');
    const res = await stack.api('/gifting/send-gift', {
      method: 'POST',
      token,
      body: { giftName: 'rose', quantity: 10, recipients: [{ uid: hosts[0]!.uid }, { uid: hosts[1]!.uid }, { uid: hosts[2]!.uid }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.gift).toMatchObject({
      senderUid: 'multi',
      giftName: 'rose',
      quantity: 10,
      unitPrice: 10,
      diamondsTotal: 300,
      recipients: [hosts[0]!.uid, hosts[1]!.uid, hosts[2]!.uid],
      charmPerRecipient: 50,
    });
    expect(res.body.balance).toBe(0);
    const history = await stack.api('/transaction/me?limit=1&page=1&currency=CHRM', {
      token: hosts[1]!.token,
      headers: { 'x-min-position': res.body.position },
    });
    expect(history.body.items[0]).toMatchObject({
      kind: 'gift_received',
      currency: 'CHRM',
      amount: 50,
      direction: 'in',
      status: 'completed',
      reference: 'multi',
    });
    expect(history.body.meta.itemCount).toBe(1);
  });

  it('refuses bad input with 400, unknown or unsold gifts, and gifts to oneself', async () => {
    await grant('picky', 10_000);
    const token = await stack.tokenFor('picky');
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      stack.api('/gifting/send-gift', { method: 'POST', token, body, headers });
    expect((await post({ giftName: 'rose', quantity: 5, recipients: ['x'] })).status).toBe(400);
    expect((await post({ giftName: 'rose', quantity: 1, recipients: [] })).status).toBe(400);
    expect((await post({ quantity: 1, recipients: ['x'] })).status).toBe(400);
    expect((await post({ giftName: 'rose', quantity: 1, recipients: ['x'] }, { 'idempotency-key': 'bad key!' })).status).toBe(400);
    expect((await post({ giftName: 'unicorn', quantity: 1, recipients: ['x'] })).status).toBe(404);
    expect((await post({ giftName: 'wishing-well', quantity: 1, recipients: ['x'] })).body.error.message).toBe('This gift is coming soon.');
    expect((await post({ giftName: 'valentine-box', quantity: 1, recipients: ['x'] })).body.error.message).toBe('This gift is sold out.');
    expect((await post({ giftName: 'rose', quantity: 1, recipients: ['picky'] })).status).toBe(422);
    expect((await post({ giftName: 'rose', quantity: 1, recipients: ['x'], lobbyId: 'no-such-lobby' })).status).toBe(404);
    const nobody = await post({ giftName: 'rose', quantity: 1, recipients: [hosts[9]!.uid, 'no-such-user'] });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toMatchObject({ message: 'This user does not exist.', details: { recipients: ['no-such-user'] } });
    expect(
      (await stack.api('/gifting/send-gift', { method: 'POST', body: { giftName: 'rose', quantity: 1, recipients: ['x'] } })).status,
    ).toBe(401);
  });

  it('serves the catalogue and its artwork list', async () => {
    const items = await stack.api('/gifting/items');
    expect(items.status).toBe(200);
    const rose = items.body.items.find((g: { name: string }) => g.name === 'rose');
    expect(rose).toMatchObject({
      kind: 'Regular',
      rarity: 'common',
      badge: 'hot_sale',
      unitPrice: 10,
      media: { iconUrl: '/gifts/rose.svg', animationUrl: '/gifts/rose-animated.svg' },
    });
    expect(rose.pricingOptions.map((p: { quantity: number }) => p.quantity)).toEqual([999, 99, 10, 1]);
    const events = await stack.api('/gifting/items?kind=Event');
    expect(events.body.items.every((g: { kind: string }) => g.kind === 'Event')).toBe(true);
    const assets = await stack.api('/cms/assets');
    expect(assets.body.items.length).toBe(items.body.items.length * 2);
  });
});
