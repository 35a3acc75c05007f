// `npm start`: the whole platform for a person trying it out, with demo data, on one origin.
// Without DATABASE_URL it runs an embedded PostgreSQL under .data/. Ctrl-C stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool, PostgresEventStore } from '@murmur/eventstore';
import { createEdge } from './edge.ts';
import { migrateAll } from './migrations.ts';
import { databaseUrl, startEmbeddedPostgres } from './postgres-server.ts';
import { seedDemo } from './seed/run.ts';
import { startDemoPaymentProviders } from './demo-payment-providers.ts';
import { startDemoChains, wantsDemoChains } from './demo-chains/start.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const ports = {
  edge: Number(env.PORT ?? 3000),
  command: Number(env.COMMAND_API_PORT ?? 4001),
  query: Number(env.QUERY_API_PORT ?? 4002),
  gateway: Number(env.GATEWAY_PORT ?? 4003),
  projections: Number(env.PROJECTIONS_PORT ?? 4004),
};
const children: ChildProcess[] = [];
let stopping = false;
let stopPostgres: () => Promise<void> = async () => undefined;

async function startDatabase(): Promise<string> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const dataDir = path.join('.data', 'postgres');
  if (!existsSync(path.join(root, dataDir, 'PG_VERSION')))
    console.log('Creating the embedded PostgreSQL database under .data/postgres ...');
  const port = Number(env.EMBEDDED_PG_PORT ?? 54320);
  const server = await startEmbeddedPostgres({ checkout: root, dataDir, port });
  stopPostgres = () => server.stop();
  const admin = server.adminUrl;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'murmur'`);
  if (exists.rowCount === 0) await client.query('create database murmur');
  await client.end();
  return databaseUrl(admin, 'murmur');
}

function startService(name: string, entry: string, extraEnv: Record<string, string>): void {
  const file = path.join(root, entry);
  if (!existsSync(file)) {
    console.log(`(${name}: ${entry} not present, skipped)`);
    return;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...env, ...extraEnv, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${signal ?? code}); stopping the platform.`);
    if (!stopping) void stop(1);
  });
  children.push(child);
}

async function waitForHealth(name: string, port: number, timeoutMs = Number(env.START_HEALTH_TIMEOUT_MS ?? 180_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become healthy on port ${port}`);
}

async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping ...');
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r)))));
  await stopFrontend();
  await demoProvidersStop();
  await demoChainsStop().catch(() => undefined);
  await stopPostgres().catch(() => undefined);
  process.exit(code);
}
let stopFrontend: () => Promise<void> = async () => undefined;
let demoProvidersStop: () => Promise<void> = async () => undefined;
let demoChainsStop: () => Promise<void> = async () => undefined;

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const databaseUrlForAll = await startDatabase();
const migratePool = createPool(databaseUrlForAll, { max: 4, applicationName: 'murmur-start' });
await migrateAll(migratePool);

const serviceEnv = {
  DATABASE_URL: databaseUrlForAll,
  // The demo's secrets, dev mailbox and sandbox payments (platform/src/demo-mode.ts).
  MURMUR_DEMO: env.MURMUR_DEMO ?? 'on',
  COMMAND_API_PORT: String(ports.command),
  QUERY_API_PORT: String(ports.query),
  GATEWAY_PORT: String(ports.gateway),
  PROJECTIONS_PORT: String(ports.projections),
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${ports.edge}`,
};
// In the demo, the web payment and the PH e-wallets run against the local fake providers (their
// approval pages are local), unless real keys are given or DEMO_PAYMENT_FAKES=off.
const demoProviders =
  serviceEnv.MURMUR_DEMO === 'on' && env.DEMO_PAYMENT_FAKES !== 'off'
    ? await startDemoPaymentProviders(env, `http://127.0.0.1:${ports.edge}`)
    : null;
Object.assign(serviceEnv, demoProviders?.env ?? {});
if (demoProviders) demoProvidersStop = demoProviders.stop;
// Crypto top-ups in the demo: local chains (the tests' own) with the demo wallet paying on them,
// unless a chain or deposit address is configured or DEMO_CHAINS=off.
const demoChains = wantsDemoChains({ ...env, MURMUR_DEMO: serviceEnv.MURMUR_DEMO }) ? await startDemoChains() : null;
if (demoChains) {
  Object.assign(serviceEnv, demoChains.env);
  demoChainsStop = demoChains.stop;
  for (const line of demoChains.describe()) console.log(line);
}
startService('command-api', 'command-api/src/main.ts', serviceEnv);
startService('query-api', 'query-api/src/main.ts', serviceEnv);
startService('projections', 'projections/src/main.ts', serviceEnv);
startService('realtime-gateway', 'realtime-gateway/src/main.ts', serviceEnv);
// A service that never becomes healthy stops the platform (and its siblings) instead of leaving them behind.
await Promise.all([
  waitForHealth('command-api', ports.command),
  waitForHealth('query-api', ports.query),
  waitForHealth('projections', ports.projections),
  ...(existsSync(path.join(root, 'realtime-gateway/src/main.ts')) ? [waitForHealth('realtime-gateway', ports.gateway)] : []),
]).catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
});

await seedDemo({
  pool: migratePool,
  store: new PostgresEventStore(migratePool),
  commandUrl: `http://127.0.0.1:${ports.command}`,
  queryUrl: `http://127.0.0.1:${ports.query}`,
});

let frontend: Parameters<typeof createEdge>[0]['frontend'];
const edge = createEdge({
  commandPort: ports.command,
  queryPort: ports.query,
  gatewayPort: ports.gateway,
  frontend: (req, res, next) => (frontend ? frontend(req, res, next) : next()),
});
if (existsSync(path.join(root, 'frontend/index.html'))) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(root, 'frontend/vite.config.ts'),
    root: path.join(root, 'frontend'),
    server: { middlewareMode: true, ws: { server: edge } },
    appType: 'spa',
    logLevel: 'warn',
  });
  frontend = (req, res, next) => vite.middlewares(req, res, next);
  stopFrontend = () => vite.close();
}
await new Promise<void>((resolve) => edge.listen(ports.edge, '0.0.0.0', resolve));
console.log(`\nMurmur is running: http://localhost:${ports.edge}`);
console.log(
  `  command-api :${ports.command}  query-api :${ports.query}  gateway :${ports.gateway}  projections :${ports.projections} (each has /healthz and /metrics)`,
);
console.log('Press Ctrl-C to stop.');
