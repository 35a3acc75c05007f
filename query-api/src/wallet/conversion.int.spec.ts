// GET payment/currencies/conversion answers from the configured rates (CURRENCY_USD_RATES) outside the
// demo; the demo's fixed table only with the switch; the product's own units (USD, DMND, CHRM) always.
import type http from 'node:http';
import { closeServer, currencyRatesFromEnv, listen } from '@murmur/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildQueryApi } from '../server.ts';

const config = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused', JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' };
let deployed: ReturnType<typeof buildQueryApi>;
let demo: ReturnType<typeof buildQueryApi>;
const urls: Record<string, string> = {};

beforeAll(async () => {
  deployed = buildQueryApi(config, { rates: currencyRatesFromEnv({ CURRENCY_USD_RATES: '{"ETH":2450,"USDT":0.998}' }) });
  demo = buildQueryApi(config, { rates: currencyRatesFromEnv({ MURMUR_DEMO: 'on' }) });
  urls.deployed = `http://127.0.0.1:${await listen(deployed.server, 0)}/api/v1`;
  urls.demo = `http://127.0.0.1:${await listen(demo.server, 0)}/api/v1`;
});
afterAll(async () => {
  await Promise.all([closeServer(deployed.server as http.Server), closeServer(demo.server as http.Server)]);
  await Promise.all([deployed.deps.pool.end(), demo.deps.pool.end()]);
});

const convert = async (which: string, query: string) => {
  const res = await fetch(`${urls[which]}/payment/currencies/conversion?${query}`);
  return { status: res.status, body: await res.json() };
};

it("converts at the configured rates, not the demo's", async () => {
  expect((await convert('deployed', 'from=ETH&to=USD&amount=2')).body).toMatchObject({ value: 4900, rate: 2450 });
  expect((await convert('demo', 'from=ETH&to=USD&amount=2')).body).toMatchObject({ value: 6000, rate: 3000 });
  expect((await convert('deployed', 'from=USD&to=DMND&amount=12.5')).body).toMatchObject({ value: 1250, diamondsPerUsd: 100 });
  expect((await convert('deployed', 'from=USDT&to=DMND&amount=10')).body.value).toBeCloseTo(998, 6);
});

it('answers 400 for a currency without a configured rate', async () => {
  const sol = await convert('deployed', 'from=SOL&to=USD');
  expect(sol.status).toBe(400);
  expect(sol.body.error.message).toBe('Unknown currency.');
  expect((await convert('demo', 'from=SOL&to=USD')).status).toBe(200);
});

it('will not build outside the demo without configured rates', () => {
  const before = process.env.MURMUR_DEMO;
  process.env.MURMUR_DEMO = 'off';
  try {
    expect(() => buildQueryApi(config)).toThrow(/CURRENCY_USD_RATES is not set/);
  } finally {
    process.env.MURMUR_DEMO = before;
  }
});
