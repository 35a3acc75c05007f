// Wallet reads over HTTP: top-up options, SKUs, and the balance read models rebuilt from the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../../command-api/src/wallet/ledger.ts';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { walletBalances } from '../../../projections/src/projectors/wallet-balances.ts';
import { walletHistory } from '../../../projections/src/projectors/wallet-history.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('wallet queries', () => {
  it('serves the top-up options with the spec constants', async () => {
    const token = await stack.tokenFor('shopper');
    const recommended = await stack.api('/payment/currencies/recommended', { token });
    expect(recommended.body.items.map((i: { value: number }) => i.value)).toEqual([10, 50, 100]);
    expect(recommended.body.firstTopUpOffer).toMatchObject({ available: true, value: 30, price: 15, diamonds: 3000 });
    expect(recommended.body.bounds.message).toBe('Amount must be between 1 and 5000');
    const conversion = await stack.api('/payment/currencies/conversion?from=USD&to=DMND&amount=12.5');
    expect(conversion.body).toMatchObject({ value: 1250, diamondsPerUsd: 100 });
    expect((await stack.api('/payment/currencies/conversion?from=XYZ')).status).toBe(400);
    const currencies = await stack.api('/payment/currencies/available');
    expect(currencies.body.items.map((c: { symbol: string }) => c.symbol)).toEqual([
      'USD',
      'USDT',
      'USDC',
      'DMND',
      'CHRM',
      'ETH',
      'SOL',
      'PHP',
      'TON',
      'HONEY',
    ]);
    const methods = await stack.api('/payment/methods');
    expect(methods.body.defaultMethod).toBe('crypto');
    expect(methods.body.items[0].chainIds).toEqual([1, 11155111, 137, 80001, 80094, 80084, 2741, 11124]);
    const skus = await stack.api('/skus/read/vip-year');
    expect(skus.body).toMatchObject({ price: 12000, priceUsd: 120, months: 12 });
    expect((await stack.api('/skus/read/nope')).status).toBe(404);
    expect((await stack.api('/wallet/balance')).status).toBe(401);
  });

  it('rebuilds the balance and history read models from the log to the same figures', async () => {
    const host = await signUpWithWallet(stack.commandUrl);
    await creditDiamonds(stack.command.deps, { uid: 'rebuilder', amount: 1000, reason: 'demo_grant', reference: 't', idempotencyKey: 'g' });
    const token = await stack.tokenFor('rebuilder');
    let position = '0';
    for (let i = 0; i < 5; i++) {
      const sent = await stack.api('/gifting/send-gift', {
        method: 'POST',
        token,
        body: { giftName: 'heart', quantity: 1, recipients: [host.uid] },
      });
      position = sent.body.position;
    }
    const before = await stack.api('/wallet/balance', { token: host.token, headers: { 'x-min-position': position } });
    expect(before.body.charm).toBe(125);
    await rebuildProjection(stack.db.pool, walletBalances);
    await rebuildProjection(stack.db.pool, walletHistory);
    const after = await stack.api('/wallet/balance', { token: host.token });
    expect(after.body).toEqual(before.body);
    const history = await stack.api('/transaction/me', { token });
    expect(history.body.meta.totalItems).toBe(6);
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });
});
