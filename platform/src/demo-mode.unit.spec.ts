// The demo switch and its table: services refuse the demo's secrets, stand-ins and fixed rates
// without it; production refuses the switch, sandbox payments and the dev mailbox.
import { describe, expect, it } from 'vitest';
import { BaseConfig, loadConfig } from './config.ts';
import { currencyRatesFromEnv } from './currency-rates.ts';
import { DEMO_JWT_SECRET, DEMO_QUEST_PLATFORM_SECRET, demoRefusals, demoSettings, refuseDemoDefaults } from './demo-mode.ts';

const secret = 'a-real-secret-of-at-least-32-characters!!';

it('refuses the demo JWT secret unless the demo is switched on', () => {
  expect(() => loadConfig(BaseConfig, {})).toThrow(/JWT_SECRET is the demo's value/);
  expect(loadConfig(BaseConfig, { MURMUR_DEMO: 'on' }).JWT_SECRET).toBe(DEMO_JWT_SECRET);
  expect(loadConfig(BaseConfig, { JWT_SECRET: secret }).MURMUR_DEMO).toBe('off');
  expect(() => loadConfig(BaseConfig, { NODE_ENV: 'production', MURMUR_DEMO: 'on', JWT_SECRET: secret })).toThrow(/refused in production/);
});

it('turns sandbox payments and the dev mailbox on with the demo only, and never in production', () => {
  expect(demoSettings({ MURMUR_DEMO: 'on' })).toMatchObject({ demo: true, sandboxPayments: true, devMailbox: true });
  expect(demoSettings({ MURMUR_DEMO: 'on', SANDBOX_PAYMENTS: 'off' }).sandboxPayments).toBe(false);
  expect(demoSettings({})).toMatchObject({ demo: false, sandboxPayments: false, devMailbox: false });
  expect(demoSettings({ NODE_ENV: 'production' })).toMatchObject({ production: true, sandboxPayments: false });
  expect(() => demoSettings({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'on' })).toThrow('SANDBOX_PAYMENTS=on is refused in production');
  expect(() => demoSettings({ NODE_ENV: 'production', DEV_SMTP_SERVER: 'true' })).toThrow(/dev mailbox\) is refused in production/);
  expect(() => demoSettings({ NODE_ENV: 'production', MURMUR_DEMO: 'on' })).toThrow('MURMUR_DEMO=on is refused in production');
});

it('keeps the local SMS provider (the dev SMS inbox) to the demo', () => {
  expect(demoSettings({ MURMUR_DEMO: 'on' }).localSms).toBe(true);
  expect(demoSettings({ MURMUR_DEMO: 'on', SMS_PROVIDER: 'twilio' }).localSms).toBe(false);
  expect(demoSettings({}).localSms).toBe(false);
  expect(() => demoSettings({ SMS_PROVIDER: 'local' })).toThrow('SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on');
});

describe('the demo table', () => {
  const services = ['command-api', 'query-api', 'realtime-gateway', 'projections'] as const;

  it('refuses every demo default outside the demo, naming each', () => {
    const refused = (service: (typeof services)[number]) => demoRefusals(service, { NODE_ENV: 'production' }).join('\n');
    for (const name of [
      'JWT_SECRET',
      'TELEGRAM_BOT_TOKEN',
      'IDP_AUDIENCE',
      'QUEST_PLATFORM_SECRET',
      'QUEST_PLATFORM_URL',
      'QUEST_PLATFORM_API_KEY',
      'REFERRAL_PAYOUT_ADAPTER=local',
      'SMTP_URL',
      'SIWE_DOMAIN',
    ]) {
      expect(refused('command-api')).toContain(name);
    }
    for (const name of ['JWT_SECRET', 'QUEST_PLATFORM_URL', 'CURRENCY_USD_RATES']) expect(refused('query-api')).toContain(name);
    expect(refused('realtime-gateway')).toContain('JWT_SECRET');
    expect(refused('projections')).toBe(
      "LEDGER_DIGEST_SIGNING_KEY is the demo's value: set LEDGER_DIGEST_SIGNING_KEY, or run the demo with MURMUR_DEMO=on",
    );
    expect(() => refuseDemoDefaults('command-api', {})).toThrow(/QUEST_PLATFORM_SECRET is the demo's value/);
  });

  it('refuses the demo values themselves when they are written out, and the stand-ins production must never run', () => {
    const written = {
      JWT_SECRET: DEMO_JWT_SECRET,
      QUEST_PLATFORM_SECRET: DEMO_QUEST_PLATFORM_SECRET,
      REFERRAL_PAYOUT_ADAPTER: 'local',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    const refused = demoRefusals('command-api', written).join('\n');
    expect(refused).toContain("JWT_SECRET is the demo's value");
    expect(refused).toContain("QUEST_PLATFORM_SECRET is the demo's value");
    expect(refused).toContain('REFERRAL_PAYOUT_ADAPTER=local is the demo');
    expect(refused).toContain('SMTP_URL is not set');
    const production = demoRefusals('command-api', {
      NODE_ENV: 'production',
      MURMUR_DEMO: 'on',
      SANDBOX_PAYMENTS: 'on',
      DEV_SMTP_SERVER: 'true',
      WEBPAY_API_URL: 'http://127.0.0.1:9',
      EWALLET_SECRET_KEY: 'sk',
      TON_DEPOSIT_ADDRESS: 'EQ'.padEnd(48, 'x'),
    });
    expect(production).toEqual(
      expect.arrayContaining([
        'MURMUR_DEMO=on is refused in production',
        'SANDBOX_PAYMENTS=on is refused in production',
        'DEV_SMTP_SERVER (the dev mailbox) is refused in production',
        'WEBPAY_API_URL points at a local fake provider, refused in production',
      ]),
    );
    expect(demoRefusals('command-api', { EWALLET_SECRET_KEY: 'sk' }).join('\n')).toContain('EWALLET_PHP_PER_USD is not set');
  });

  it('lets the demo run on every default, and a deployment that sets its own values', () => {
    for (const service of services) expect(demoRefusals(service, { MURMUR_DEMO: 'on' }), service).toEqual([]);
    const deployed = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      TELEGRAM_BOT_TOKEN: '123:real',
      IDP_AUDIENCE: 'murmur-prod',
      QUEST_PLATFORM_SECRET: 'a-real-quest-secret',
      QUEST_PLATFORM_URL: 'https://quests.example',
      QUEST_PLATFORM_API_KEY: 'key',
      REFERRAL_PAYOUT_ADAPTER: 'evm',
      REFERRAL_PAYOUT_RPC_URL: 'https://rpc.example',
      REFERRAL_PAYOUT_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
      REFERRAL_PAYOUT_USDT_ADDRESS: `0x${'2'.repeat(40)}`,
      CURRENCY_USD_RATES: '{"USDT":1}',
      SMTP_URL: 'smtp://mail.example:587',
      SIWE_DOMAIN: 'murmur.example',
      LEDGER_DIGEST_SIGNING_KEY: 'a-deployment-key',
    };
    for (const service of services) expect(demoRefusals(service, deployed), service).toEqual([]);
  });

  it('takes conversion rates from configuration outside the demo, the fixed table only in it', () => {
    expect(currencyRatesFromEnv({ MURMUR_DEMO: 'on' }).usdValue('ETH')).toBe(3000);
    expect(() => currencyRatesFromEnv({})).toThrow(/CURRENCY_USD_RATES is not set/);
    const configured = currencyRatesFromEnv({ CURRENCY_USD_RATES: '{"ETH":2500.5,"USDT":0.999}' });
    expect(configured.usdValue('ETH')).toBe(2500.5);
    expect(configured.usdValue('SOL')).toBeNull();
    expect(configured.usdValue('DMND')).toBe(0.01);
    expect(() => currencyRatesFromEnv({ CURRENCY_USD_RATES: '{"ETH":-1}' })).toThrow(/CURRENCY_USD_RATES/);
  });
});

it('keeps the demo chains and the demo wallet to the demo: its keys are refused without it, a loopback chain RPC in production', () => {
  const key = `0x${'11'.repeat(32)}`;
  expect(
    demoRefusals('command-api', {
      MURMUR_DEMO: 'on',
      DEMO_WALLET_EVM_KEY: key,
      CHAIN_RPC_URLS: '{"11155111":"http://127.0.0.1:8545"}',
    }).join('\n'),
  ).not.toContain('DEMO_WALLET');
  expect(demoRefusals('command-api', { DEMO_WALLET_EVM_KEY: key, DEMO_WALLET_SOLANA_KEY: 'abc' })).toEqual(
    expect.arrayContaining([
      'DEMO_WALLET_EVM_KEY (the demo wallet) needs MURMUR_DEMO=on',
      'DEMO_WALLET_SOLANA_KEY (the demo wallet) needs MURMUR_DEMO=on',
    ]),
  );
  expect(demoRefusals('query-api', { NODE_ENV: 'production', CHAIN_RPC_URLS: '{"103":"http://127.0.0.1:8899"}' })).toContain(
    'CHAIN_RPC_URLS points at a local chain, refused in production',
  );
  expect(demoRefusals('query-api', { NODE_ENV: 'production', CHAIN_RPC_URLS: '{"1":"https://eth.example.com"}' }).join('\n')).not.toContain(
    'CHAIN_RPC_URLS',
  );
});
