// `npm run scale-demo`: the platform as several processes of every service on this machine, behind
// one edge (docs/operations.md, "Several of every service"): 3 command APIs, 2 query APIs, 3
// gateways, 2 projections processes, 2 log relays, a primary PostgreSQL and a streaming replica, the
// edge and the web app, with the demo data `npm start` loads.
// It prints what each process holds, and again when a gateway's sockets change. Ctrl-C stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool, PostgresEventStore } from '@murmur/eventstore';
import { createEdge } from './edge.ts';
import { migrateAll } from './migrations.ts';
import { databaseUrl, startEmbeddedPostgres } from './postgres-server.ts';
import { seedDemo } from './seed/run.ts';
import { startDemoPaymentProviders } from './demo-payment-providers.ts';
import { postgresBinaries, replicationLag, startReplicatedPostgres } from '../test-support/postgres-replica.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const base = Number(env.SCALE_DEMO_PORT_BASE ?? 4100);
const edgePort = Number(env.PORT ?? 3000);

type Role = 'command-api' | 'query-api' | 'realtime-gateway' | 'projections' | 'log-relay';
const portVariable: Record<Role, string> = {
  'command-api': 'COMMAND_API_PORT',
  'query-api': 'QUERY_API_PORT',
  'realtime-gateway': 'GATEWAY_PORT',
  projections: 'PROJECTIONS_PORT',
  'log-relay': 'LOG_RELAY_PORT',
};
const entryOf = (role: Role) =>
  role === 'log-relay' ? path.join(root, 'projections', 'src', 'relay', 'main.ts') : path.join(root, role, 'src', 'main.ts');

/** The log relay needs a NATS JetStream (NATS_URL, default 127.0.0.1:4222): run it when one answers. */
async function natsAnswers(): Promise<boolean> {
  const [host, port] = (env.NATS_URL ?? '127.0.0.1:4222').replace(/^nats:\/\//, '').split(':');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port ?? 4222), host ?? '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Every process the demo runs: role and port. Two projections processes share the projector lanes
 * through leases, two log relays share one lease (one publishes). */
const layout: Array<{ role: Role; port: number }> = [
  ...[1, 2, 3].map((i) => ({ role: 'command-api' as const, port: base + i })),
  ...[1, 2].map((i) => ({ role: 'query-api' as const, port: base + 10 + i })),
  ...[1, 2, 3].map((i) => ({ role: 'realtime-gateway' as const, port: base + 20 + i })),
  ...[1, 2].map((i) => ({ role: 'projections' as const, port: base + 30 + i })),
  ...((env.SCALE_DEMO_RELAY ?? 'on') !== 'off' && (await natsAnswers())
    ? [1, 2].map((i) => ({ role: 'log-relay' as const, port: base + 40 + i }))
    : []),
];

interface Running {
  role: Role;
  port: number;
  child: ChildProcess;
}
const running: Running[] = [];
let stopping = false;
const stops: Array<() => Promise<void>> = [];

/** The primary every writer uses, and the replica the query APIs and gateways read when there is one. */
interface Databases {
  url: string;
  readUrl?: string;
  /** The replica's lag as the primary sees it, for the table. */
  lag?: () => Promise<string>;
}

async function startDatabase(): Promise<Databases> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, ...(env.READ_DATABASE_URL ? { readUrl: env.READ_DATABASE_URL } : {}) };
  // Its own cluster: a primary and a streaming replica from the machine's PostgreSQL binaries (a
  // throw-away folder; docs/operations.md, "Reads from a replica"), else the embedded server alone.
  if (env.SCALE_DEMO_REPLICA !== 'off' && postgresBinaries()) {
    const servers = await startReplicatedPostgres();
    stops.push(() => servers.stop());
    const admin = new pg.Client({ connectionString: servers.primaryUrl });
    await admin.connect();
    await admin.query('create database murmur');
    await admin.end();
    const lag = async () => {
      const l = await replicationLag(servers.primaryUrl).catch(() => null);
      if (!l) return 'not streaming';
      return `replay lag ${l.replayLagMs === null ? 'none (caught up)' : `${l.replayLagMs.toFixed(1)} ms`}, ${l.bytesBehind} bytes behind`;
    };
    return { url: servers.urlOf('primary', 'murmur'), readUrl: servers.urlOf('replica', 'murmur'), lag };
  }
  console.log('No PostgreSQL binaries with pg_basebackup on this machine: one embedded PostgreSQL, no replica.');
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
  return { url: databaseUrl(server.adminUrl, 'murmur') };
}

function startProcess(role: Role, port: number, serviceEnv: Record<string, string>): void {
  const child = spawn(process.execPath, ['--import', 'tsx', entryOf(role)], {
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
      // /readyz names what this process holds without reading every projector's lag.
      const ready = (await (await get('/readyz')).json()) as { ready: boolean; held?: string[]; reason?: string };
      const held = ready.held ?? [];
      return `${ready.ready ? 'ready' : `not ready (${ready.reason})`}, holds ${held.length} projectors: ${held.join(', ') || 'none (standby)'}`;
    }
    if (role === 'log-relay') {
      const metrics = await (await get('/metrics')).text();
      const holds = /^murmur_log_relay_holds_lease (\d+)/m.exec(metrics)?.[1] === '1';
      return holds ? `publishes the log to NATS JetStream (holds the lease)` : 'standby (waits for the lease)';
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
  if (databases.readUrl)
    lines.push(`  ${'replica'.padEnd(17)} ${new URL(databases.readUrl).port.padEnd(24)} ${(await databases.lag?.()) ?? ''}`);
  return lines.join('\n');
}

const databases = await startDatabase();
const databaseUrlForAll = databases.url;
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
// Readers (query APIs, gateways) read the replica; writes and LISTEN stay on the primary.
const readers = new Set<Role>(['query-api', 'realtime-gateway']);
for (const { role, port } of layout)
  startProcess(role, port, databases.readUrl && readers.has(role) ? { ...serviceEnv, READ_DATABASE_URL: databases.readUrl } : serviceEnv);
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
    // The replica's lag moves every time: it is shown, but only a change of holdings reprints.
    const steady = (table: string) => table.replace(/replay lag .*$|not streaming$/m, '');
    if (steady(now) === steady(last) || stopping) return;
    last = now;
    console.log(`\n${new Date().toISOString()}\n${now}`);
  });
}, 5_000).unref();
