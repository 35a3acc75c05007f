// Configuration comes from the environment, validated with zod at start; the demo has safe defaults.
import { z } from 'zod';

export function loadConfig<T extends z.ZodType>(schema: T, env: Record<string, string | undefined> = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ');
    throw new Error(`Invalid configuration:\n  ${problems}`);
  }
  return result.data;
}

import { DEMO_JWT_SECRET, demoValueMessage } from './demo-mode.ts';

/** Settings every service reads. */
export const ServiceConfig = z
  .object({
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/murmur'),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** The demo switch (see demo-mode.ts): `npm start` and the tests turn it on. */
    MURMUR_DEMO: z.enum(['on', 'off']).default('off'),
    /** Interface to listen on: loopback for the demo; 0.0.0.0 in containers. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Which hops' X-Forwarded-For to believe, in Express's terms: addresses/subnets or the words
     * loopback, linklocal, uniquelocal, comma-separated; a hop count; or `false`. Behind the edge in
     * deploy/ it is the private network (`loopback, uniquelocal`), so per-client limits key on the
     * client, never on the proxy; a client outside it cannot choose its own address. */
    TRUST_PROXY: z.string().min(1).default('loopback'),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.MURMUR_DEMO !== 'on', {
    message: 'MURMUR_DEMO=on is refused in production',
    path: ['MURMUR_DEMO'],
  });

/** Settings of the services that sign or check access tokens. */
export const BaseConfig = ServiceConfig.and(
  z.object({ JWT_SECRET: z.string().min(32).default(DEMO_JWT_SECRET), MURMUR_DEMO: z.enum(['on', 'off']).default('off') }),
).refine((c) => c.MURMUR_DEMO === 'on' || c.JWT_SECRET !== DEMO_JWT_SECRET, {
  message: demoValueMessage('JWT_SECRET'),
  path: ['JWT_SECRET'],
});

/** TRUST_PROXY as Express's `trust proxy` setting. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const v = (value ?? 'loopback').trim();
  if (v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
