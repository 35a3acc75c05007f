// Builds the command-api with its dependencies (used by main.ts, the demo launcher and tests).
import { createPool, PostgresEventStore } from '@murmur/eventstore';
import { CachingSessionGuard, createLogger, errorReporterFromEnv, PostgresSessionGuard } from '@murmur/platform';
import http from 'node:http';
import { createCommandApp } from './app.ts';
import type { CommandApiConfig } from './config.ts';
import { CommandRuntime } from './decider/command-runtime.ts';
import { systemClock, type CommandDeps } from './dependencies.ts';
import { commandModules } from './modules.ts';
import { paymentPortsFromEnv } from './payments/config.ts';
import { identityRuntimeFromEnv } from './identity/runtime.ts';
import { objectStoreFromEnv } from '@murmur/platform/object-store';

/** The reaper's timings from the environment, under what a caller passes (`false`: no reaper). */
function presenceReaperOptions(
  config: Partial<Pick<CommandApiConfig, 'PRESENCE_GATEWAY_DEAD_AFTER_MS' | 'PRESENCE_MEMBER_GRACE_MS' | 'PRESENCE_FIRST_CONNECT_MS'>>,
  given: CommandDeps['presenceReaper'],
): CommandDeps['presenceReaper'] {
  if (given === false) return false;
  return {
    ...(config.PRESENCE_GATEWAY_DEAD_AFTER_MS ? { gatewayDeadAfterMs: config.PRESENCE_GATEWAY_DEAD_AFTER_MS } : {}),
    ...(config.PRESENCE_MEMBER_GRACE_MS ? { graceMs: config.PRESENCE_MEMBER_GRACE_MS } : {}),
    ...(config.PRESENCE_FIRST_CONNECT_MS ? { firstConnectMs: config.PRESENCE_FIRST_CONNECT_MS } : {}),
    ...given,
  };
}

export function buildCommandApi(
  config: Pick<CommandApiConfig, 'DATABASE_URL' | 'JWT_SECRET'> &
    Partial<
      Pick<CommandApiConfig, 'PRESENCE_GATEWAY_DEAD_AFTER_MS' | 'PRESENCE_MEMBER_GRACE_MS' | 'PRESENCE_FIRST_CONNECT_MS' | 'CHAT_WINDOW_MS'>
    > & {
      TRUST_PROXY?: string;
    },
  overrides: Partial<CommandDeps> = {},
) {
  const pool = overrides.pool ?? createPool(config.DATABASE_URL, { max: 20, applicationName: 'command-api' });
  const deps: CommandDeps = {
    pool,
    // Every event's data is checked against its schema before it is appended (docs/decisions.md).
    store: new PostgresEventStore(pool),
    commands: new CommandRuntime(),
    logger: createLogger('command-api'),
    clock: systemClock,
    jwtSecret: config.JWT_SECRET,
    sessionGuard: new CachingSessionGuard(new PostgresSessionGuard(pool)),
    ...(config.CHAT_WINDOW_MS ? { chatWindowMs: config.CHAT_WINDOW_MS } : {}),
    ...overrides,
    presenceReaper: presenceReaperOptions(config, overrides.presenceReaper),
    payments: overrides.payments ?? paymentPortsFromEnv(),
    identity: overrides.identity ?? identityRuntimeFromEnv(),
    objects: overrides.objects ?? objectStoreFromEnv(config.JWT_SECRET),
    errorReporter: overrides.errorReporter === undefined ? errorReporterFromEnv('command-api', pool) : overrides.errorReporter,
  };
  const app = createCommandApp(deps, { trustProxy: config.TRUST_PROXY });
  const server = http.createServer(app);
  // Modules' background workers run while the server is up and stop when it closes.
  const workers = commandModules.flatMap((m) => (m.start ? [m.start(deps)] : []));
  const stopWorkers = () => Promise.all(workers.map((w) => w.stop())).then(() => undefined);
  server.on('close', () => void stopWorkers());
  return { app, server, deps, stopWorkers };
}
