// One crash under load: the back end as separate processes on a database of its own,
// signed-in users sending gifts, chat and joins while realtime listeners follow the lobbies; one
// part is crashed mid-traffic and brought back; then the database is held against what clients
// were told. `CRASH_LOAD=N` multiplies users and duration (the suite runs N=1).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { channels, signAccessToken } from '@murmur/contracts';
import { createPool } from '@murmur/eventstore';
import { closeServer, listen } from '@murmur/platform';
import { registerSession } from '../command-api/src/identity/sessions.ts';
import { createEdge } from '../scripts/edge.ts';
import { migrateAll } from '../scripts/migrations.ts';
import { databaseUrl, startEmbeddedPostgres, type PostgresServer } from '../scripts/postgres-server.ts';
import { checkDeliveries, checkPersisted, ledgerAudit, openListeners, waitForProjections, type Listener } from './crash-checks.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { lobbyTraffic, RetryingClient, type LoadUser } from './load-traffic.ts';
import { startService, type ServiceProcess } from './service-processes.ts';
import { TEST_JWT_SECRET } from './stack.ts';
import { freePort } from './free-port.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CrashStack {
  commandApis: ServiceProcess[];
  projections: ServiceProcess;
  /** The first of `gateways`. */
  gateway: ServiceProcess;
  gateways: ServiceProcess[];
  /** Only when the scenario asked for its own server. */
  postgres?: PostgresServer;
}

export interface CrashScenario {
  name: string;
  /** Command-api processes (clients fail over between them). */
  commandApis?: number;
  /** Gateway processes; with more than one, listeners reach them through the edge. */
  gateways?: number;
  /** Clients (commands and listeners) go through the dev edge (scripts/edge.ts), which takes the
   * processes in turn, instead of to the processes themselves. */
  throughEdge?: boolean;
  /** Realtime listeners following the lobbies. */
  listeners?: number;
  /** Run on a PostgreSQL server of the test's own (to restart it), not the suite's. */
  ownPostgres?: boolean;
  /** The crash and the recovery, run this long after traffic started. */
  crash(stack: CrashStack): Promise<void>;
}

export interface CrashReport {
  scenario: string;
  acknowledged: Record<string, number>;
  persisted: Record<string, number>;
  delivered: number;
  expectedDeliveries: number;
  /** Events a listener should have had and did not get, and events it got more than once (all listeners). */
  lostDeliveries: number;
  doubledDeliveries: number;
  listeners: number;
  retriedCommands: number;
  serverErrors: number;
  /** Attempts answered 500 (an outage must answer 503). */
  internalErrors: number;
  networkErrors: number;
  problems: string[];
  audit: { code: number | null; output: string };
  seconds: number;
}

async function ownDatabase(): Promise<{ url: string; pool: pg.Pool; postgres: PostgresServer; drop(): Promise<void> }> {
  const postgres = await startEmbeddedPostgres({ dataDir: `.data/crash-pg-${process.pid}`, port: await freePort(), forTests: true });
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('create database murmur_crash');
  await admin.end();
  const url = databaseUrl(postgres.adminUrl, 'murmur_crash');
  const pool = createPool(url, { max: 10 });
  await migrateAll(pool);
  return {
    url,
    pool,
    postgres,
    async drop() {
      await pool.end();
      await postgres.stop();
    },
  };
}

export async function runCrashScenario(scenario: CrashScenario): Promise<CrashReport> {
  const scale = Math.max(1, Number(process.env.CRASH_LOAD ?? 1));
  const started = Date.now();
  const step = (what: string) => console.log(`crash ${scenario.name}: ${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
  const db: Pick<TestDatabase, 'url' | 'pool' | 'drop'> & { postgres?: PostgresServer } = scenario.ownPostgres
    ? await ownDatabase()
    : await createTestDatabase();
  const env = {
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    DEV_SMTP_SERVER: 'false',
    LOG_LEVEL: 'info',
    GATEWAY_POLL_MS: '100',
    // Every test client comes from 127.0.0.1.
    GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '10000',
    // A gateway restart on a loaded test machine can take longer than the 15 s after which the
    // presence reaper takes a silent gateway's members out of their lobbies (the senders' gifts and
    // chat would then be refused); the reaper's own timing is tested in presence-reaper.int.spec.ts.
    PRESENCE_GATEWAY_DEAD_AFTER_MS: '120000',
  };
  const services: ServiceProcess[] = [];
  const listeners: Listener[] = [];
  let edge: Awaited<ReturnType<typeof createEdge>> | undefined;
  try {
    const starting = await Promise.allSettled([
      startService('projections', env),
      ...Array.from({ length: scenario.gateways ?? 1 }, () => startService('realtime-gateway', env)),
      ...Array.from({ length: scenario.commandApis ?? 1 }, () => startService('command-api', env)),
    ]);
    for (const s of starting) if (s.status === 'fulfilled') services.push(s.value);
    const failed = starting.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const projections = services.find((s) => s.name === 'projections')!;
    const gateways = services.filter((s) => s.name === 'realtime-gateway');
    const commandApis = services.filter((s) => s.name === 'command-api');
    const throughEdge = scenario.throughEdge ?? (scenario.gateways ?? 1) > 1;
    let edgeAddress = '';
    if (throughEdge) {
      edge = createEdge({ commandPort: commandApis.map((c) => c.port), queryPort: [], gatewayPort: gateways.map((g) => g.port) });
      edgeAddress = `127.0.0.1:${await listen(edge, 0)}`;
    }
    step('services up');
    const stack: CrashStack = {
      commandApis,
      projections,
      gateway: gateways[0]!,
      gateways,
      ...(db.postgres ? { postgres: db.postgres } : {}),
    };

    const run = `r${randomUUID().slice(0, 8)}`;
    const user = async (name: string): Promise<LoadUser> => {
      const uid = `${run}-${name}`;
      const sid = randomUUID();
      await registerSession(db.pool, uid, sid);
      return { uid, token: await signAccessToken(TEST_JWT_SECRET, { sub: uid, sid, roles: ['co'], anon: false, onb: true }, 3600) };
    };
    const many = async (prefix: string, n: number) => {
      const out: LoadUser[] = [];
      for (let i = 0; i < n; i += 25)
        out.push(...(await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => user(`${prefix}${i + j}`)))));
      return out;
    };
    const host = await user('host');
    const senders = await many('sender', 12 * scale);
    const joiners = await many('joiner', 200 * scale);
    const watchers = await many('watcher', scenario.listeners ?? 20);

    step('users registered');
    // Set-up through the API on a quiet platform: lobbies, senders inside with diamonds.
    const commandUrls = () => (throughEdge ? [`http://${edgeAddress}`] : commandApis.map((c) => c.url));
    const setup = new RetryingClient(commandUrls);
    const lobbyIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await setup.post('create-lobby', host, '/lobbies', { title: `Crash lobby ${i}` }, `${run}-lobby-${i}`);
      const lobbyId = (created.body as { lobbyId?: string }).lobbyId;
      if (!lobbyId) throw new Error(`lobby not created: ${created.status} ${JSON.stringify(created.body)}`);
      lobbyIds.push(lobbyId);
    }
    await Promise.all(
      senders.map(async (s, i) => {
        for (const lobbyId of lobbyIds) await setup.post('join', s, `/lobbies/${lobbyId}/join`, {}, `${run}-setup-join-${i}-${lobbyId}`);
        await setup.post('top-up', s, '/payment/topup/pay', { channelCode: 'sandbox', value: 100 }, `${run}-topup-${i}`);
      }),
    );
    if (setup.refused.length + setup.lost.length > 0)
      throw new Error(`set-up failed: ${JSON.stringify([...setup.refused, ...setup.lost].slice(0, 3))}`);

    step('lobbies set up');
    // The gateways check a subscription against the lobbies read model: subscribe once it has the lobbies.
    await waitForProjections(db.pool);
    // The host and the senders keep a socket in each lobby, as their browsers would (members
    // without one are taken out of the lobby by the presence reaper); watchers follow one lobby each.
    const gatewayUrl = throughEdge ? `ws://${edgeAddress}/ws` : `ws://127.0.0.1:${gateways[0]!.port}/ws`;
    const members = [host, ...senders].flatMap((u) => lobbyIds.map(() => u));
    listeners.push(...(await openListeners(gatewayUrl, members, (i) => channels.lobbyAll(lobbyIds[i % lobbyIds.length]!))));
    const watching = await openListeners(gatewayUrl, watchers, (i) => channels.lobbyAll(lobbyIds[i % lobbyIds.length]!));
    listeners.push(...watching);

    step('listeners subscribed');
    const client = new RetryingClient(commandUrls);
    let running = true;
    const traffic = lobbyTraffic(client, { host, lobbyIds, senders, joiners, giftPauseMs: 150, chatEveryMs: 2_500, run }, () => running);
    await pause(3_000 * scale);
    step('crashing');
    await scenario.crash(stack);
    step('recovered');
    await pause(4_000 * scale);
    running = false;
    await traffic;
    step(
      `traffic done: ${JSON.stringify(client.summary())} refusals: ${JSON.stringify(client.refused.slice(0, 3).map((o) => [o.kind, o.status, o.body]))}`,
    );

    const persisted = await checkPersisted(db.pool, client, run);
    await waitForProjections(db.pool);
    step('projections caught up');
    const deliveries = await checkDeliveries(db.pool, watching);
    // What a check by position alone, counting from each listener's own confirmation, would have
    // miscounted as "unexpected" and "missing" deliveries (docs/decisions/realtime.md).
    step(
      `deliveries checked: ${deliveries.beforeStart} delivered before the common start (not counted), ${deliveries.belowStartPosition} expected below their listener's start position but after it in log order, ${deliveries.aboveStartPositionBefore} above it but before it in log order (not expected); the log read ${deliveries.logReads} times until the deliveries held every event it had`,
    );
    const audit = await ledgerAudit(db.url);
    const report: CrashReport = {
      scenario: scenario.name,
      acknowledged: persisted.acknowledged,
      persisted: persisted.persisted,
      delivered: deliveries.delivered,
      expectedDeliveries: deliveries.expected,
      lostDeliveries: deliveries.missing,
      doubledDeliveries: deliveries.twice,
      listeners: watching.length,
      retriedCommands: client.acknowledged.filter((o) => o.attempts > 1).length,
      serverErrors: client.serverErrors,
      internalErrors: client.internalErrors,
      networkErrors: client.networkErrors,
      problems: [...persisted.problems, ...deliveries.problems.slice(0, 20)],
      audit,
      seconds: (Date.now() - started) / 1000,
    };
    console.log(
      `crash ${scenario.name}: ${JSON.stringify({ ...report, audit: audit.code === 0 ? 'ledger OK' : audit.output, problems: report.problems.slice(0, 10), fiveXx: client.serverErrorSamples })}`,
    );
    return report;
  } finally {
    for (const l of listeners) l.client.close();
    if (edge) await closeServer(edge).catch(() => undefined);
    await Promise.all(services.map((s) => s.stop().catch(() => undefined)));
    await db.drop().catch(() => undefined);
  }
}
