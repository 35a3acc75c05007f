// `npm run scale-demo`: the platform as several processes of every service on this machine, behind
// one edge (docs/operations.md, "Several of every service"): 3 command APIs, 2 query APIs, 3
// gateways, the projections worker, the edge and the web app, with the demo data `npm start` loads.
// It prints what each process holds, and again when a gateway's sockets change. Ctrl-C stops everything.
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const base = Number(env.SCALE_DEMO_PORT_BASE ?? 4100);
const edgePort = Number(env.PORT ?? 3000);

type Role = 'command-api' | 'query-api' | 'realtime-gateway' | 'projections';
const portVariable: Record<Role, string> = {
  'command-api': 'COMMAND_API_PORT',
  'query-api': 'QUERY_API_PORT',
  'realtime-gateway': 'GATEWAY_PORT',
  projections: 'PROJECTIONS_PORT',
};

/** Every process the demo runs: role and port. The projections worker is one process; a second one
 * (projectors shared through leases) and a read replica for the query APIs are added here. */
const layout: Array<{ role: Role; port: number }> = [
  ...[1, 2, 3].map((i) => ({ role: 'command-api' as const, port: base + i })),
  ...[1, 2].map((i) => ({ role: 'query-api' as const, port: base + 10 + i })),
  ...[1, 2, 3].map((i) => ({ role: 'realtime-gateway' as const, port: base + 20 + i })),
  { role: 'projections', port: base + 31 },
];

interface Running {
  role: Role;
  port: number;
  child: ChildProcess;
}
const running: Running[] = [];
let stopping = false;
const stops: Array<() => Promise<void>> = [];

async function startDatabase(): Promise<string> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const dataDir = path.join('.data', 'scale-postgres');
  if (!existsSync(path.join(root, dataDir, 'PG_VERSION')))
    console.log('Creating the embedded PostgreSQL database under .data/scale-postgres ...');
  const server = await startEmbeddedPostgres({ checkout: root, dataDir, port: Number(env.EMBEDDED_PG_PORT ?? 54322) });
  stops.push(() => server.stop());
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'murmur'`);
  if (exists.rowCount === 0) await client.query('create database murmur');
  await client.end();
  return databaseUrl(server.adminUrl, 'murmur');
}

function startProcess(role: Role, port: number, serviceEnv: Record<string, string>): void {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, role, 'src', 'main.ts')], {
    cwd: root,
    env: { ...env, ...serviceEnv, [portVariable[role]]: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    // One process of several going down is what the edge is for: the others carry on.
    if (!stopping) console.error(`${role} :${port} (pid ${child.pid}) exited (${signal ?? code}); the edge passes over it.`);
  });
  running.push({ role, port, child });
}

async function waitForHealth(role: string, port: number, timeoutMs = Number(env.START_HEALTH_TIMEOUT_MS ?? 300_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${role} did not become healthy on port ${port}`);
}

async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping ...');
  for (const { child } of running) child.kill('SIGTERM');
  await Promise.all(
    running.map(({ child }) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r)))),
  );
  for (const s of stops.reverse()) await s().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** What one process holds: a gateway its open sockets, the projections worker its projectors. */
async function holding({ role, port }: Running): Promise<string> {
  const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`, { signal: AbortSignal.timeout(2_000) });
  try {
    if (role === 'realtime-gateway') {
      const metrics = await (await get('/metrics')).text();
      return `${/^murmur_gateway_connections (\d+)/m.exec(metrics)?.[1] ?? '?'} sockets`;
    }
    if (role === 'projections') {
      const status = (await (await get('/status')).json()) as { projections: Array<{ name: string }> };
      return `projectors: ${status.projections.map((p) => p.name).join(', ')}`;
    }
    return (await get('/healthz')).ok ? 'serving' : 'not healthy';
  } catch {
    return 'down';
  }
}

async function printHoldings(): Promise<string> {
  const lines = await Promise.all(
    running.map(async (r) => `  ${r.role.padEnd(17)} :${r.port}  pid ${String(r.child.pid).padEnd(7)} ${await holding(r)}`),
  );
  return lines.join('\n');
}

const databaseUrlForAll = await startDatabase();
const migratePool = createPool(databaseUrlForAll, { max: 4, applicationName: 'murmur-scale-demo' });
stops.push(() => migratePool.end());
await migrateAll(migratePool);

const serviceEnv: Record<string, string> = {
  DATABASE_URL: databaseUrlForAll,
  // The demo's secrets, dev mailbox and sandbox payments (platform/src/demo-mode.ts).
  MURMUR_DEMO: env.MURMUR_DEMO ?? 'on',
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${edgePort}`,
};
if (serviceEnv.MURMUR_DEMO === 'on' && env.DEMO_PAYMENT_FAKES !== 'off') {
  const providers = await startDemoPaymentProviders(env, `http://127.0.0.1:${edgePort}`);
  Object.assign(serviceEnv, providers.env);
  stops.push(providers.stop);
}
// The dev mailbox keeps mail in the database: the first command API to bind the SMTP port receives
// every process's mail, and any query API shows it.
for (const { role, port } of layout) startProcess(role, port, serviceEnv);
await Promise.all(layout.map(({ role, port }) => waitForHealth(role, port))).catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
});

const commandPorts = layout.filter((p) => p.role === 'command-api').map((p) => p.port);
const queryPorts = layout.filter((p) => p.role === 'query-api').map((p) => p.port);
await seedDemo({
  pool: migratePool,
  store: new PostgresEventStore(migratePool),
  commandUrl: `http://127.0.0.1:${commandPorts[0]}`,
  queryUrl: `http://127.0.0.1:${queryPorts[0]}`,
});

let frontend: Parameters<typeof createEdge>[0]['frontend'];
const edge = createEdge({
  commandPort: commandPorts,
  queryPort: queryPorts,
  gatewayPort: layout.filter((p) => p.role === 'realtime-gateway').map((p) => p.port),
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
  stops.push(() => vite.close());
}
await new Promise<void>((resolve) => edge.listen(edgePort, '0.0.0.0', resolve));
stops.push(() => new Promise((resolve) => edge.close(() => resolve())));
console.log(
  `\nMurmur is running as several processes: http://localhost:${edgePort} (the edge, pid ${process.pid}, takes each kind in turn)`,
);
let last = await printHoldings();
console.log(last);
console.log('Press Ctrl-C to stop. Kill one process (kill -9 PID) to watch its clients move; the table is printed again when it changes.');
setInterval(() => {
  void printHoldings().then((now) => {
    if (now === last || stopping) return;
    last = now;
    console.log(`\n${new Date().toISOString()}\n${now}`);
  });
}, 5_000).unref();
