// The log relay's settings: which broker, where, and under which names (docs/operations.md).
import { ServiceConfig, loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const RelayConfig = ServiceConfig.and(
  z.object({
    LOG_RELAY_PORT: z.coerce.number().int().min(0).max(65535).default(4005),
    LOG_RELAY_BROKER: z.enum(['nats', 'kafka']).default('nats'),
    LOG_RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
    NATS_URL: z.string().min(1).default('127.0.0.1:4222'),
    NATS_LOG_STREAM: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'NATS_LOG_STREAM may hold letters, digits, _ and - only')
      .default('MURMUR_LOG'),
    NATS_LOG_SUBJECT_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'NATS_LOG_SUBJECT_PREFIX is dot-separated tokens without wildcards')
      .default('murmur.log'),
    /** Comma-separated host:port list; required with LOG_RELAY_BROKER=kafka. */
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_LOG_TOPIC: z.string().min(1).default('murmur.log'),
  }),
).refine((c) => c.LOG_RELAY_BROKER !== 'kafka' || Boolean(c.KAFKA_BROKERS?.trim()), {
  message: 'KAFKA_BROKERS is required when LOG_RELAY_BROKER=kafka',
  path: ['KAFKA_BROKERS'],
});
export type RelayConfig = z.infer<typeof RelayConfig>;
export const readRelayConfig = (env = process.env) => loadConfig(RelayConfig, env);
