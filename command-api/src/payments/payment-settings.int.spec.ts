// Both services run with the one payment configuration (platform's readPaymentSettings): what the
// methods list offers (query-api) is what the pay call accepts (command-api).
import { readPaymentSettings } from '@murmur/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { paymentPortsFrom } from './config.ts';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

/** A stack whose two services read the same environment, as two processes started with it would. */
async function stackWith(env: Record<string, string>) {
  const settings = readPaymentSettings(env);
  return startTestStack({
    commandOverrides: { payments: paymentPortsFrom(settings) },
    queryOverrides: { payments: settings },
    projections: false,
  });
}

const methodIds = async (s: TestStack) => ((await s.api('/payment/methods')).body.items as Array<{ id: string }>).map((m) => m.id);
const paySandbox = async (s: TestStack, uid: string) =>
  s.api('/payment/topup/pay', {
    method: 'POST',
    token: await s.tokenFor(uid),
    body: { channelCode: 'sandbox', value: 5 },
    headers: { 'idempotency-key': `pay-${uid}` },
  });

describe('one payment configuration for both services', () => {
  it('with SANDBOX_PAYMENTS=off the methods list has no sandbox and the pay call refuses it', async () => {
    stack = await stackWith({ MURMUR_DEMO: 'on', SANDBOX_PAYMENTS: 'off' });
    expect(await methodIds(stack)).toEqual(['crypto', 'card']);
    const paid = await paySandbox(stack, 'off-1');
    expect(paid.status).toBe(422);
    expect(paid.body.error.message).toBe('The sandbox payment provider is not available here.');
  });

  it('in the demo both offer and accept the sandbox', async () => {
    stack = await stackWith({ MURMUR_DEMO: 'on' });
    expect(await methodIds(stack)).toEqual(['crypto', 'card', 'sandbox']);
    const paid = await paySandbox(stack, 'on-1');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
  });

  it('outside the demo without a deposit address no crypto deposit or sandbox is offered, and the pay call refuses both', async () => {
    stack = await stackWith({ MURMUR_DEMO: 'off' });
    const crypto = ((await stack.api('/payment/methods')).body.items as Array<{ id: string; deposits?: unknown[] }>).find(
      (m) => m.id === 'crypto',
    );
    expect(crypto?.deposits).toEqual([]);
    expect(await methodIds(stack)).toEqual(['crypto', 'card']);
    expect((await paySandbox(stack, 'off-2')).status).toBe(422);
    const paid = await stack.api('/payment/topup/pay', {
      method: 'POST',
      token: await stack.tokenFor('prod-1'),
      body: {
        channelCode: 'crypto',
        chainId: 11155111,
        transactionHash: `0x${'ab'.repeat(32)}`,
        fromCurrency: 'USDT',
        address: `0x${'12'.repeat(20)}`,
      },
    });
    expect(paid.status).toBe(422);
    expect(paid.body.error.message).toBe('Crypto top-ups on this chain are not available here.');
  });

  it("marks the demo's stand-in deposit address as the demo's, and a configured address as real", async () => {
    const deposits = async (s: TestStack) =>
      ((await s.api('/payment/methods')).body.items as Array<{ id: string; deposits: Array<{ address: string; demo?: boolean }> }>).find(
        (m) => m.id === 'crypto',
      )!.deposits;
    stack = await stackWith({ MURMUR_DEMO: 'on' });
    const demo = await deposits(stack);
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((d) => d.demo === true && d.address === '0x000000000000000000000000000000000000dEaD')).toBe(true);
    await stack.stop();
    const address = `0x${'7a'.repeat(20)}`;
    stack = await stackWith({ MURMUR_DEMO: 'on', PAYMENT_DEPOSIT_ADDRESS: address });
    const real = await deposits(stack);
    expect(real.every((d) => d.address === address && d.demo === undefined)).toBe(true);
  });
});
