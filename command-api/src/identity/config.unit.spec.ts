// Identity's settings: the demo's values need the explicit demo switch; production refuses the dev mailbox.
import { expect, it } from 'vitest';
import { devMailboxOn, IdentityConfig } from './config.ts';
import { smsProviderOf } from './sms.ts';

const real = {
  TELEGRAM_BOT_TOKEN: '123:real-token-here',
  IDP_AUDIENCE: 'murmur-prod',
  SIWE_DOMAIN: 'murmur.example',
  SMTP_URL: 'smtp://mail.murmur.example:587',
};

it('runs on its demo values only with MURMUR_DEMO=on, where the dev mailbox is on', () => {
  const demo = IdentityConfig.parse({ MURMUR_DEMO: 'on' });
  expect(demo).toMatchObject({
    OTP_TTL_SECONDS: 300,
    OTP_RESEND_SECONDS: 300,
    OTP_MAX_ATTEMPTS: 5,
    ACCESS_TOKEN_TTL_SECONDS: 900,
    WALLET_MESSAGE_TTL_SECONDS: 600,
  });
  expect(devMailboxOn(demo)).toBe(true);
  expect(devMailboxOn(IdentityConfig.parse({ MURMUR_DEMO: 'on', DEV_SMTP_SERVER: 'false' }))).toBe(false);
  const refused = IdentityConfig.safeParse({});
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((i) => i.path[0])).toEqual(['TELEGRAM_BOT_TOKEN', 'IDP_AUDIENCE', 'SMTP_URL']);
  expect(IdentityConfig.safeParse({ OTP_TTL_SECONDS: 'soon', MURMUR_DEMO: 'on' }).success).toBe(false);
});

it('outside the demo needs real secrets, keeps the dev mailbox off, and production refuses it outright', () => {
  const development = IdentityConfig.parse(real);
  expect(devMailboxOn(development)).toBe(false);
  expect(IdentityConfig.safeParse({ NODE_ENV: 'production', ...real }).success).toBe(true);
  expect(IdentityConfig.safeParse({ NODE_ENV: 'production', ...real, SIWE_DOMAIN: 'localhost:3000' }).success).toBe(false);
  const mailbox = IdentityConfig.safeParse({ NODE_ENV: 'production', ...real, DEV_SMTP_SERVER: 'true' });
  expect(mailbox.error?.issues[0]?.message).toBe('DEV_SMTP_SERVER (the dev mailbox) is refused in production');
});

it('takes the local SMS inbox as the demo default, refuses it outside the demo, and needs Twilio credentials for Twilio', () => {
  expect(smsProviderOf(IdentityConfig.parse({ MURMUR_DEMO: 'on' }))).toBe('local');
  expect(smsProviderOf(IdentityConfig.parse(real))).toBe('off');
  const local = IdentityConfig.safeParse({ ...real, SMS_PROVIDER: 'local' });
  expect(local.error?.issues[0]?.message).toBe('SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on');
  expect(IdentityConfig.safeParse({ ...real, SMS_PROVIDER: 'twilio' }).success).toBe(false);
  const twilio = IdentityConfig.parse({
    ...real,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 't',
    TWILIO_FROM: '+15005550006',
  });
  expect(smsProviderOf(twilio)).toBe('twilio');
});
