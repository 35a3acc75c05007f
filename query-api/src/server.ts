import { createPool, createReadPool } from '@murmur/eventstore';
import { createLogger, currencyRatesFromEnv, errorReporterFromEnv, PostgresSessionGuard, readPaymentSettings } from '@murmur/platform';
import { objectStoreFromEnv } from '@murmur/platform/object-store';
import http from 'node:http';
import { createQueryApp } from './app.ts';
import type { QueryDeps } from './dependencies.ts';

export function buildQueryApi(
  config: { DATABASE_URL: string; READ_DATABASE_URL?: string; JWT_SECRET: string; TRUST_PROXY?: string },
  overrides: Partial<QueryDeps> = {},
) {
  // Reads from READ_DATABASE_URL (a replica) when set; the primary only takes what must see the newest
  // commit or writes (freshness's log head, a session refusal's second look, the demo's error sink).
  const pool =
    overrides.pool ??
    (config.READ_DATABASE_URL
      ? createReadPool(
          createPool(config.DATABASE_URL, { max: 4, applicationName: 'query-api-primary', connectTimeoutMs: 2000 }),
          config.READ_DATABASE_URL,
          { max: 20, applicationName: 'query-api' },
        )
      : createPool(config.DATABASE_URL, { max: 20, applicationName: 'query-api' }));
  const deps: QueryDeps = {
    pool,
    logger: createLogger('query-api'),
    jwtSecret: config.JWT_SECRET,
    sessionGuard: new PostgresSessionGuard(pool),
    ...overrides,
    payments: overrides.payments ?? readPaymentSettings(),
    rates: overrides.rates ?? currencyRatesFromEnv(),
    objects: overrides.objects ?? objectStoreFromEnv(config.JWT_SECRET),
    errorReporter: overrides.errorReporter === undefined ? errorReporterFromEnv('query-api', pool) : overrides.errorReporter,
  };
  const server = http.createServer(createQueryApp(deps, { trustProxy: config.TRUST_PROXY }));
  return { server, deps };
}
