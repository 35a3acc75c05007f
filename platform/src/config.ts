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

const DEMO_SECRET = 'murmur-demo-secret-change-me-in-production-0123456789';

/** Settings every service reads. */
export const BaseConfig = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/murmur'),
  JWT_SECRET: z.string().min(32).default(DEMO_SECRET),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Interface to listen on: loopback for the demo; 0.0.0.0 in containers. */
  HOST: z.string().min(1).default('127.0.0.1'),
}).refine((c) => c.NODE_ENV !== 'production' || c.JWT_SECRET !== DEMO_SECRET, {
  message: 'JWT_SECRET must be set in production',
  path: ['JWT_SECRET'],
});
