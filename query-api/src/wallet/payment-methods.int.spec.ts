// payment/methods offers what is configured, per region: the e-wallets (GCash, Maya) first and as
// the default to a user whose profile country is in their region (PH), last elsewhere, and not at
// all when the aggregator is not configured; the web payment only when configured.
import { readPaymentSettings } from '@murmur/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
const settings = {
  ...readPaymentSettings({}),
  ewallet: { apiUrl: 'http://127.0.0.1:9', secretKey: 'sk', webhookSecret: 'wh' },
  webpay: null,
  ewalletRegions: ['PH'],
  phpPerUsd: 58.82,
};

beforeAll(async () => {
  stack = await startTestStack({ queryOverrides: { payments: settings } });
});
afterAll(async () => {
  await stack?.stop();
});

const ids = (body: { items: Array<{ id: string }> }) => body.items.map((m) => m.id);

describe('payment methods per region', () => {
  it('puts the e-wallets first, as the default, for a user whose profile country is PH', async () => {
    const token = await stack.tokenFor('ph-user');
    const saved = await stack.api('/user/profile/details', { method: 'PUT', token, body: { address: { country: 'PH' } } });
    expect(saved.status).toBe(200);
    const res = await stack.api('/payment/methods', { token, headers: { 'x-min-position': saved.body.position } });
    expect(res.body.defaultMethod).toBe('ewallet');
    expect(ids(res.body)).toEqual(['ewallet', 'crypto', 'card']);
    expect(res.body.items[0]).toEqual({
      id: 'ewallet',
      name: 'GCash / Maya',
      currencies: ['PHP'],
      channels: [
        { id: 'gcash', name: 'GCash' },
        { id: 'maya', name: 'Maya' },
      ],
      region: 'PH',
      rate: 58.82,
    });
    // The profile wins over a region asked for.
    expect((await stack.api('/payment/methods?region=US', { token })).body.defaultMethod).toBe('ewallet');
  });

  it('lists them last elsewhere, and for a visitor by the region asked for', async () => {
    const token = await stack.tokenFor('us-user');
    expect(ids((await stack.api('/payment/methods', { token })).body)).toEqual(['crypto', 'card', 'ewallet']);
    expect((await stack.api('/payment/methods?region=ph')).body.defaultMethod).toBe('ewallet');
    expect((await stack.api('/payment/methods?region=PHL')).status).toBe(400);
    const currencies = await stack.api('/payment/currencies/available');
    expect(currencies.body.items.find((c: { symbol: string }) => c.symbol === 'PHP').supportedIntents).toEqual(['topup']);
  });

  it('offers no e-wallet where the aggregator is not configured, and the web payment where it is', async () => {
    settings.ewallet = null as never;
    (settings as { webpay: unknown }).webpay = { apiUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', webhookId: 'w' };
    try {
      const res = await stack.api('/payment/methods?region=PH');
      expect(res.body.defaultMethod).toBe('crypto');
      expect(ids(res.body)).toEqual(['crypto', 'card', 'webpay']);
    } finally {
      settings.ewallet = { apiUrl: 'http://127.0.0.1:9', secretKey: 'sk', webhookSecret: 'wh' };
      (settings as { webpay: unknown }).webpay = null;
    }
  });
});
