// The demo's conveniences (a known JWT secret and bot token, the dev mailbox and SMTP server, the local SMS inbox,
// sandbox payments, a demo deposit address) live behind ONE explicit switch, MURMUR_DEMO=on, that
// `npm start` and the tests turn on. Without it a service refuses a demo secret; production refuses
// the switch itself, sandbox payments and the dev mailbox outright.
import { z } from 'zod';

type Env = Record<string, string | undefined>;

export const DEMO_JWT_SECRET = 'murmur-demo-secret-change-me-in-production-0123456789';

const Switch = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  MURMUR_DEMO: z.enum(['on', 'off']).default('off'),
  SANDBOX_PAYMENTS: z.enum(['on', 'off']).optional(),
  DEV_SMTP_SERVER: z.stringbool().optional(),
  SMS_PROVIDER: z.enum(['local', 'twilio', 'off']).optional(),
});

export interface DemoSettings {
  demo: boolean;
  production: boolean;
  /** The sandbox top-up provider: on in the demo unless SANDBOX_PAYMENTS=off; elsewhere only when asked. */
  sandboxPayments: boolean;
  /** The in-process SMTP server and the dev mailbox pages: on in the demo unless DEV_SMTP_SERVER=false. */
  devMailbox: boolean;
  /** The local SMS provider and the dev SMS inbox page: the demo's default SMS provider; refused without the demo. */
  localSms: boolean;
}

/** Reads the switch and what follows from it; throws on a combination production must never run. */
export function demoSettings(env: Env = process.env): DemoSettings {
  const parsed = Switch.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.MURMUR_DEMO === 'on';
  const problems = [
    production && demo ? 'MURMUR_DEMO=on is refused in production' : null,
    production && e.SANDBOX_PAYMENTS === 'on' ? 'SANDBOX_PAYMENTS=on is refused in production' : null,
    production && e.DEV_SMTP_SERVER === true ? 'DEV_SMTP_SERVER (the dev mailbox) is refused in production' : null,
    !demo && e.SMS_PROVIDER === 'local' ? 'SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on' : null,
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    demo,
    production,
    sandboxPayments: e.SANDBOX_PAYMENTS ? e.SANDBOX_PAYMENTS === 'on' : demo,
    devMailbox: e.DEV_SMTP_SERVER ?? demo,
    localSms: (e.SMS_PROVIDER ?? (demo ? 'local' : 'off')) === 'local',
  };
}

/** Why a config holding a demo value was refused outside the demo. */
export const demoValueMessage = (name: string) => `${name} is the demo's value: set ${name}, or run the demo with MURMUR_DEMO=on`;
