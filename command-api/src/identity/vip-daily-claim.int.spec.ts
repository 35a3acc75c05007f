// A VIP perk (docs/decisions/vip.md): the Telegram daily claim pays double while VIP lasts, the
// countdown says so, and the ledger audit proves the diamonds.
import { sign } from '@tma.js/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

const BOT_TOKEN = '123456789:test-bot-token-for-vip-claims';
let stack: IdentityStack;

beforeAll(async () => {
  stack = await startIdentityStack({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
});
afterAll(async () => stack?.stop());

async function telegramUser(id: number) {
  const initData = sign({ user: { id, first_name: `Tg${id}` }, query_id: 'AAF' } as never, BOT_TOKEN, new Date());
  const login = await stack.api('/auth/login-via-telegram', { method: 'POST', body: { initData } });
  expect(login.status).toBe(200);
  return { uid: login.body.uid as string, token: await stack.onboard(login.body.token) };
}

describe('double daily claim for VIPs', () => {
  it('pays a VIP 20 diamonds a day and everyone else 10', async () => {
    const plain = await telegramUser(779001);
    const star = await telegramUser(779002);
    await creditDiamonds(stack.command.deps, {
      uid: star.uid,
      amount: 12_000,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'vip-claim-grant',
    });
    const bought = await stack.api('/payment/purchase', { method: 'POST', token: star.token, body: { skuId: 'vip-year' } });
    expect(bought.status).toBe(201);

    const next = await stack.readAfter('/claim/tg/next-claim', star.token, bought.body.position);
    expect(next.body).toMatchObject({ canClaim: true, amount: 20 });
    expect((await stack.api('/claim/tg/next-claim', { token: plain.token })).body).toMatchObject({ canClaim: true, amount: 10 });

    const vipClaim = await stack.api('/claim/tg', { method: 'POST', token: star.token });
    expect(vipClaim.status).toBe(200);
    expect(vipClaim.body).toMatchObject({ amount: 20, balance: 20 });
    const plainClaim = await stack.api('/claim/tg', { method: 'POST', token: plain.token });
    expect(plainClaim.body).toMatchObject({ amount: 10, balance: 10 });
    const credits = (await stack.command.deps.store.readStream(`wallet-${star.uid}`)).events.filter(
      (e) => e.type === 'DiamondsCredited' && e.data.reason === 'daily_claim',
    );
    expect(credits.map((e) => e.data.amount)).toEqual([20]);
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });
});
