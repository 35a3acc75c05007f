// Identity's settings (SMTP, Telegram bot, identity provider, token lifetimes), validated with zod;
// every value has a safe demo default so `npm start` works with no environment at all.
import { limits } from '@murmur/contracts';
import { DEMO_BOT_TOKEN, DEMO_IDP_AUDIENCE, DEMO_SMTP_URL, demoUnsetMessage, demoValueMessage, loadConfig } from '@murmur/platform';
import { z } from 'zod';

export { DEMO_BOT_TOKEN };
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(31_536_000).default(fallback);

export const IdentityConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** The demo switch (platform/src/demo-mode.ts): demo secrets and the dev mailbox need it. */
    MURMUR_DEMO: z.enum(['on', 'off']).default('off'),
    /** Where codes are sent. The demo runs a dev SMTP server in-process on this port (see dev-smtp.ts). */
    SMTP_URL: z.string().url().default(DEMO_SMTP_URL),
    /** Plain SMTP without STARTTLS: the dev server's built-in certificate has expired (MACHINE-NOTES). */
    SMTP_IGNORE_TLS: z.stringbool().default(true),
    /** Run the dev SMTP server inside command-api: in the demo unless set false; refused in production. */
    DEV_SMTP_SERVER: z.stringbool().optional(),
    MAIL_FROM: z.string().min(3).default('Murmur <no-reply@murmur.local>'),
    OTP_TTL_SECONDS: seconds(limits.emailCodeSeconds),
    /** The login screen's countdown before "resend" (5 minutes; docs/decisions/identity.md). */
    OTP_RESEND_SECONDS: seconds(limits.emailCodeSeconds),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** Tries without a right code, across resends, before an address is locked (OTP_ADDRESS_LOCK_SECONDS). */
    OTP_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(10),
    OTP_ADDRESS_LOCK_SECONDS: seconds(900),
    /** Codes one client address may ask for in 10 minutes, whatever the e-mail (no mail bombing). */
    OTP_SENDS_PER_SENDER: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Guest accounts one client address may create in 10 minutes. */
    GUEST_SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Wallet sign-in messages one client address may ask for in 10 minutes. */
    SIGN_MESSAGES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    REFRESH_TOKEN_TTL_SECONDS: seconds(30 * 86_400),
    WALLET_MESSAGE_TTL_SECONDS: seconds(limits.walletSignMessageSeconds),
    /** The domain and URI written into SIWE messages. */
    SIWE_DOMAIN: z.string().min(1).default('localhost:3000'),
    SIWE_URI: z.string().url().default('http://localhost:3000'),
    TELEGRAM_BOT_TOKEN: z.string().min(10).default(DEMO_BOT_TOKEN),
    /** How old a mini-app initData may be (its auth_date). */
    TELEGRAM_AUTH_MAX_AGE_SECONDS: seconds(3600),
    IDP_ISSUER: z.string().min(1).default('https://securetoken.google.com/murmur-demo'),
    IDP_AUDIENCE: z.string().min(1).default(DEMO_IDP_AUDIENCE),
    IDP_JWKS_URL: z.string().url().default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
    /** Who carries sign-in codes to mobile numbers: Twilio, the demo's local inbox (MURMUR_DEMO=on only;
     * its default there), or nobody (the default elsewhere: no mobile sign-in offered). */
    SMS_PROVIDER: z.enum(['local', 'twilio', 'off']).optional(),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sending number (E.164) or a messaging service sid (MG...). */
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  })
  // A known bot token would let anyone forge mini-app sign-ins; a demo domain would let other sites' SIWE messages in.
  .refine((c) => c.MURMUR_DEMO === 'on' || c.TELEGRAM_BOT_TOKEN !== DEMO_BOT_TOKEN, {
    message: demoValueMessage('TELEGRAM_BOT_TOKEN'),
    path: ['TELEGRAM_BOT_TOKEN'],
  })
  .refine((c) => c.MURMUR_DEMO === 'on' || c.IDP_AUDIENCE !== DEMO_IDP_AUDIENCE, {
    message: demoValueMessage('IDP_AUDIENCE'),
    path: ['IDP_AUDIENCE'],
  })
  .refine((c) => c.SMS_PROVIDER !== 'local' || c.MURMUR_DEMO === 'on', {
    message: 'SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on',
    path: ['SMS_PROVIDER'],
  })
  .refine((c) => c.SMS_PROVIDER !== 'twilio' || (!!c.TWILIO_ACCOUNT_SID && !!c.TWILIO_AUTH_TOKEN && !!c.TWILIO_FROM), {
    message: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    path: ['SMS_PROVIDER'],
  })
  .refine((c) => c.MURMUR_DEMO === 'on' || c.SMTP_URL !== DEMO_SMTP_URL, {
    message: demoUnsetMessage('SMTP_URL', "sign-in codes would go to the demo's dev SMTP server"),
    path: ['SMTP_URL'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.DEV_SMTP_SERVER !== true, {
    message: 'DEV_SMTP_SERVER (the dev mailbox) is refused in production',
    path: ['DEV_SMTP_SERVER'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || !c.SIWE_DOMAIN.startsWith('localhost'), {
    message: 'SIWE_DOMAIN must be set in production',
    path: ['SIWE_DOMAIN'],
  });
export type IdentityConfig = z.infer<typeof IdentityConfig>;

/** The dev SMTP server and mailbox run in the demo unless turned off. */
export const devMailboxOn = (c: Pick<IdentityConfig, 'DEV_SMTP_SERVER' | 'MURMUR_DEMO' | 'NODE_ENV'>): boolean =>
  c.NODE_ENV !== 'production' && (c.DEV_SMTP_SERVER ?? c.MURMUR_DEMO === 'on');

export const readIdentityConfig = (env: Record<string, string | undefined> = process.env): IdentityConfig =>
  loadConfig(IdentityConfig, env);
