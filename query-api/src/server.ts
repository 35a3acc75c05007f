import { createPool } from '@murmur/eventstore';
import { createLogger, currencyRatesFromEnv, errorReporterFromEnv, PostgresSessionGuard, readPaymentSettings } from '@murmur/platform';
import { objectStoreFromEnv } from '@murmur/platform/object-store';
import http from 'node:http';
import { createQueryApp } from './app.ts';
import type { QueryDeps } from './dependencies.ts';

export function buildQueryApi(
  config: { DATABASE_URL: string; READ_DATABASE_URL?: string; JWT_SECRET: string; TRUST_PROXY?: string },
  overrides: Partial<QueryDeps> = {},
) {
  const pool = overrides.pool ?? createPool(config.READ_DATABASE_URL ?? config.DATABASE_URL, { max: 20, applicationName: 'query-api' });
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
