// Identity's settings: demo defaults work with no environment; production refuses the demo secrets.
import { expect, it } from 'vitest';
import { IdentityConfig } from './config.ts';

it('has safe demo defaults and refuses them in production', () => {
  const demo = IdentityConfig.parse({});
  expect(demo).toMatchObject({ OTP_TTL_SECONDS: 300, OTP_RESEND_SECONDS: 300, OTP_MAX_ATTEMPTS: 5, ACCESS_TOKEN_TTL_SECONDS: 900, WALLET_MESSAGE_TTL_SECONDS: 600, DEV_SMTP_SERVER: true });
  expect(IdentityConfig.safeParse({ NODE_ENV: 'production' }).success).toBe(false);
  expect(IdentityConfig.safeParse({ NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: '123:real-token-here', SIWE_DOMAIN: 'murmur.example' }).success).toBe(true);
  expect(IdentityConfig.safeParse({ OTP_TTL_SECONDS: 'soon' }).success).toBe(false);
  expect(IdentityConfig.parse({ DEV_SMTP_SERVER: 'false' }).DEV_SMTP_SERVER).toBe(false);
});
