// The demo switch: services refuse the demo JWT secret without it; production refuses the switch,
// sandbox payments and the dev mailbox.
import { expect, it } from 'vitest';
import { BaseConfig, loadConfig } from './config.ts';
import { DEMO_JWT_SECRET, demoSettings } from './demo-mode.ts';

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
