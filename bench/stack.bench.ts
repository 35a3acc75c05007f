// The whole stack as `npm start` runs it: command API, query API, projections (every projector) and
// the gateway each as its own process from its main.ts, the edge in front of the gateway, on a fresh
// database, with WebSocket clients subscribed to every lobby's channel through the edge. Commands go
// to the command API's port (as the edge forwards them) beside GET /healthz on that same process,
// rounds interleaved. Prints per command: rate, ratio to /healthz, p50/p99 and each process's CPU per
// command (from /proc/<pid>/stat), PostgreSQL's split by the service that asked, the whole stack's and
// the ratio to /healthz that CPU alone allows (bench/process-cpu.ts); send-gift paced at 1,000/s; the projections' lag after it; how fast
// the projections drain a backlog with every projector (against the most gifts/s the command path
// took); freshness from a gift's commit to every projector's checkpoint at 2,000 gifts/s; each
// projector's apply time per event. Fails when a command fails or a lobby message is not delivered.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import path from 'node:path';
import type pg from 'pg';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { channels, REALTIME_PATH, signAccessToken } from '@murmur/contracts';
import { lastPositionInLogOrder, PostgresEventStore } from '@murmur/eventstore';
import { createLogger, DEMO_JWT_SECRET } from '@murmur/platform';
import { CommandRuntime } from '../command-api/src/decider/command-runtime.ts';
import { systemClock, type LedgerDeps } from '../command-api/src/dependencies.ts';
import { creditDiamonds } from '../command-api/src/wallet/ledger.ts';
import { projectors } from '../projections/src/registry.ts';
import { startService, type ServiceProcess } from '../test-support/service-processes.ts';
import { cpuMs, machineBusyMs, OTHER_DATABASES, PostgresCpu, SERVER_PROCESSES } from './process-cpu.ts';
import { benchDatabase, percentile, report, jsonCaller } from './support.ts';
import { benchSize, tiny } from './size.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOAD_CLIENT = 'bench (load client)';
const OTHER_CONNECTIONS = 'other connections';
const WHOLE_STACK = 'whole stack CPU us/call';
const CONNECTIONS = 64;
const LOBBIES = 16;
const SENDERS = 64;
const WATCHERS_PER_LOBBY = 2;
const USERS = 8000;
const SECONDS = benchSize({ full: 4, tiny: 0.3, env: 'BENCH_SECONDS' });
const ROUNDS = benchSize({ full: 3, tiny: 1, env: 'BENCH_ROUNDS' });
const PACED_RATE = benchSize({ full: 1000, tiny: 50, env: 'STACK_PACED_RATE' });
const PACED_SECONDS = benchSize({ full: 60, tiny: 1, env: 'STACK_PACED_SECONDS' });
const FRESH_RATE = benchSize({ full: 2000, tiny: 50, env: 'STACK_FRESH_RATE' });
const FRESH_SECONDS = benchSize({ full: 10, tiny: 1, env: 'STACK_FRESH_SECONDS' });
const BACKLOG_SECONDS = benchSize({ full: 10, tiny: 0.5, env: 'STACK_BACKLOG_SECONDS' });

interface Run {
  /** Each call's planned start (ms after the run began) and latency (ms), for the paced runs. */
  timeline?: Array<[number, number]>;
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  firstFailure?: string;
}

function summarize(count: number, seconds: number, latencies: number[], failures: number, firstFailure?: string): Run {
  latencies.sort((a, b) => a - b);
  return {
    count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    firstFailure,
  };
}

/** As many calls as `workers` loops make in SECONDS. */
async function atMax(workers: number, task: (worker: number, i: number) => Promise<void>, seconds = SECONDS): Promise<Run> {
  let count = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const i = count++;
        const t = performance.now();
        try {
          await task(worker, i);
        } catch (error) {
          failures++;
          firstFailure ??= (error as Error).message;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summarize(count, (performance.now() - started) / 1000, latencies, failures, firstFailure);
}

/** Calls started at a fixed rate; latency counts from each call's planned start, so a driver or a
 * server that falls behind shows in the percentiles instead of slowing the rate down. */
async function atRate(rate: number, seconds: number, task: (i: number) => Promise<void>): Promise<Run> {
  let count = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const latencies: number[] = [];
  const timeline: Array<[number, number]> = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  // Calls start on schedule for `seconds`; a stack that cannot keep up shows as a lower rate and
  // as latency (counted from the planned start).
  for (let i = 0; i < rate * seconds && performance.now() - started < seconds * 1000; i++) {
    const planned = started + (i * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // At most this many queued at once: a stack far below the rate is measured, not buried.
    while (inFlight.size >= 4 * CONNECTIONS) await Promise.race(inFlight);
    count++;
    const call = task(i)
      .catch((error: unknown) => {
        failures++;
        firstFailure ??= (error as Error).message;
      })
      .finally(() => {
        latencies.push(performance.now() - planned);
        timeline.push([planned - started, performance.now() - planned]);
        inFlight.delete(call);
      });
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  return { ...summarize(count, (performance.now() - started) / 1000, latencies, failures, firstFailure), timeline };
}

function startEdge(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, 'edge-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`edge exited (${code})`)));
  });
}

/** What can make a paced run's tail: PostgreSQL's checkpoints and WAL flushes, and the command API's
 * garbage collection and event-loop delay (prom-client's histogram, reset by each scrape). */
interface TailSample {
  checkpoints: number;
  walBytes: number;
  walSyncs: number;
  gcSeconds: number;
  commandApiLoopMaxMs: number;
  commandApiLoopP99Ms: number;
}

async function tailSample(pool: pg.Pool, commandApiUrl: string): Promise<TailSample> {
  const { rows } = await pool.query<{ checkpoints: string; wal_bytes: string; wal_sync: string }>(
    `select (select checkpoints_timed + checkpoints_req from pg_stat_bgwriter)::text as checkpoints,
            w.wal_bytes::text, w.wal_sync::text from pg_stat_wal w`,
  );
  const metrics = await (await fetch(`${commandApiUrl}/metrics`)).text();
  const metric = (name: string) =>
    metrics
      .split('\n')
      .filter((line) => line.startsWith(name))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return {
    checkpoints: Number(rows[0]!.checkpoints),
    walBytes: Number(rows[0]!.wal_bytes),
    walSyncs: Number(rows[0]!.wal_sync),
    gcSeconds: metric('murmur_nodejs_gc_duration_seconds_sum'),
    commandApiLoopMaxMs: 1000 * metric('murmur_nodejs_eventloop_lag_max_seconds'),
    commandApiLoopP99Ms: 1000 * metric('murmur_nodejs_eventloop_lag_p99_seconds'),
  };
}

/** One line on where a paced run's slow calls sit: spread evenly (queueing on busy cores) or in a
 * few seconds (a stall: a checkpoint, a collection, a burst of projector work). */
function pacedTail(run: Run, before: TailSample, after: TailSample, loadClient: IntervalHistogram): string {
  const seconds = new Map<number, number[]>();
  for (const [at, ms] of run.timeline ?? []) {
    const second = Math.floor(at / 1000);
    if (!seconds.has(second)) seconds.set(second, []);
    seconds.get(second)!.push(ms);
  }
  const perSecond = [...seconds]
    .map(
      ([second, ms]) =>
        [
          second,
          percentile(
            ms.sort((a, b) => a - b),
            99,
          ),
        ] as const,
    )
    .sort((a, b) => b[1] - a[1]);
  const slowCalls = (run.timeline ?? []).filter(([, ms]) => ms > 100).length;
  return [
    `paced tail: ${slowCalls} of ${run.count} calls over 100 ms`,
    `seconds whose p99 > 100 ms: ${perSecond.filter(([, p]) => p > 100).length} of ${perSecond.length}`,
    `worst seconds (s: p99 ms) ${perSecond
      .slice(0, 5)
      .map(([second, p]) => `${second}: ${p.toFixed(0)}`)
      .join(', ')}`,
    `median second's p99 ${percentile(
      perSecond.map(([, p]) => p).sort((a, b) => a - b),
      50,
    ).toFixed(0)} ms`,
    `PostgreSQL checkpoints ${after.checkpoints - before.checkpoints}, WAL ${((after.walBytes - before.walBytes) / run.count / 1024).toFixed(1)} KiB and ${((after.walSyncs - before.walSyncs) / run.count).toFixed(2)} flushes per gift`,
    `command API GC ${((1000 * (after.gcSeconds - before.gcSeconds)) / run.seconds).toFixed(1)} ms/s, event-loop delay p99 ${after.commandApiLoopP99Ms.toFixed(0)} ms max ${after.commandApiLoopMaxMs.toFixed(0)} ms`,
    `load client event-loop delay p99 ${(loadClient.percentile(99) / 1e6).toFixed(0)} ms max ${(loadClient.max / 1e6).toFixed(0)} ms`,
  ].join('; ');
}

export default async function stackBench(): Promise<void> {
  const db = await benchDatabase('stack', 8);
  const serviceEnv = {
    DATABASE_URL: db.url,
    MURMUR_DEMO: 'on',
    NODE_ENV: 'development',
    // The services log only their start at info (test-support/service-processes.ts waits for it).
    LOG_LEVEL: 'info',
    // Bench users are rows with sessions; no one signs a wallet message.
    SIGN_MESSAGES_PER_ADDRESS: '100000',
    // Joiners hold no socket: the presence reaper must not walk them out of their lobbies mid-run.
    PRESENCE_MEMBER_GRACE_MS: '600000',
    PRESENCE_FIRST_CONNECT_MS: '3600000',
  };
  const services: ServiceProcess[] = [];
  const setUp = performance.now();
  let edge: ChildProcess | undefined;
  const sockets: WebSocket[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    // `npm start`'s order: the services side by side, then the edge in front of them.
    services.push(
      ...(await Promise.all(
        (['command-api', 'query-api', 'projections', 'realtime-gateway'] as const).map((name) => startService(name, serviceEnv)),
      )),
    );
    const [commandApi, queryApi, projectionsService, gateway] = services as [
      ServiceProcess,
      ServiceProcess,
      ServiceProcess,
      ServiceProcess,
    ];
    const started = await startEdge({
      COMMAND_API_PORT: String(commandApi.port),
      QUERY_API_PORT: String(queryApi.port),
      GATEWAY_PORT: String(gateway.port),
    });
    edge = started.child;
    console.log(`  services and edge up in ${((performance.now() - setUp) / 1000).toFixed(1)} s`);
    const processes: Array<[string, number]> = [
      ...services.map((s) => [s.name, s.child.pid!] as [string, number]),
      ['edge', edge.pid!],
      [LOAD_CLIENT, process.pid],
    ];
    // PostgreSQL's backends by the pool that opened them: each service names its connections
    // (application_name 'command-api', 'projections-listener', ...), the bench's pool 'bench-stack'.
    const serviceOf = (applicationName: string) =>
      applicationName === 'bench-stack'
        ? LOAD_CLIENT
        : (services.find((s) => applicationName === s.name || applicationName.startsWith(`${s.name}-`))?.name ?? OTHER_CONNECTIONS);
    const postgresGroups = [...services.map((s) => s.name), LOAD_CLIENT, SERVER_PROCESSES, OTHER_CONNECTIONS, OTHER_DATABASES];
    const postgresCpu = await PostgresCpu.of(db.pool, serviceOf);
    if (!postgresCpu) console.log('  PostgreSQL does not run on this machine: its CPU is not in the figures');

    const call = jsonCaller(commandApi.port, agent);

    // Users with sessions the guard accepts: u1..u16 host the lobbies, the next 64 send gifts, the
    // rest join and chat; the last ones watch the lobbies over WebSocket.
    await db.pool.query(
      `insert into rm.users (uid, username, roles, referral_code, created_at) select 'u' || i, 'user' || i, '{co}', 'R' || i, now() from generate_series(1, $1) i`,
      [USERS],
    );
    await db.pool.query(
      `insert into auth_sessions (session_id, uid, status, method, created_at) select 's' || i, 'u' || i, 'active', 'bench', now() from generate_series(1, $1) i`,
      [USERS],
    );
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        signAccessToken(DEMO_JWT_SECRET, { sub: `u${i + 1}`, sid: `s${i + 1}`, roles: ['co'], anon: false, onb: true }, 3600),
      ),
    );
    const token = (uid: number) => tokens[uid - 1]!;
    const deps: LedgerDeps = {
      pool: db.pool,
      store: new PostgresEventStore(db.pool),
      commands: new CommandRuntime(),
      logger: createLogger('bench'),
      clock: systemClock,
    };
    const sender = (s: number) => LOBBIES + 1 + (s % SENDERS);
    for (let s = 0; s < SENDERS; s++)
      await creditDiamonds(deps, {
        uid: `u${sender(s)}`,
        amount: 1_000_000_000,
        reason: 'demo_grant',
        reference: 'bench',
        idempotencyKey: 'bench-grant',
      });
    const lobbyIds: string[] = [];
    // Each lobby's owner is inside it, so gifts to them are gifts to someone present.
    for (let l = 1; l <= LOBBIES; l++) {
      const { lobbyId } = (await call('POST', '/api/v1/lobbies', 201, token(l), { title: `Bench ${l}` })) as { lobbyId: string };
      await call('POST', `/api/v1/lobbies/${lobbyId}/join`, 200, token(l));
      lobbyIds.push(lobbyId);
    }

    // Watchers: each counts the gifts and chat messages its lobby's channel delivers.
    const delivered = new Map<WebSocket, number>();
    const sent = new Map<string, number>(lobbyIds.map((id) => [id, 0]));
    const lobbyOf = new Map<WebSocket, string>();
    const counted = /"type":"(?:GiftSent|ChatMessagePosted)"/g;
    for (let w = 0; w < LOBBIES * WATCHERS_PER_LOBBY; w++) {
      const lobbyId = lobbyIds[w % LOBBIES]!;
      const ws = new WebSocket(`ws://127.0.0.1:${started.port}${REALTIME_PATH}?access_token=${encodeURIComponent(token(USERS - w))}`);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', channels: [channels.lobbyAll(lobbyId)] })));
        ws.on('message', (raw) => {
          const text = raw.toString();
          if (text.includes('"type":"subscribed"')) return resolve();
          if (text.includes('"type":"error"')) return reject(new Error(`watcher: ${text.slice(0, 200)}`));
          delivered.set(ws, (delivered.get(ws) ?? 0) + (text.match(counted)?.length ?? 0));
        });
      });
      lobbyOf.set(ws, lobbyId);
      delivered.set(ws, 0);
      sockets.push(ws);
    }

    const healthz = () => call('GET', '/healthz', 200).then(() => undefined);
    // Sender s gives a rose to the host of lobby s % 16, in that lobby.
    let giftKey = 0;
    const gift = async (s: number) => {
      const l = s % LOBBIES;
      const r = (await call(
        'POST',
        '/api/v1/gifting/send-gift',
        201,
        token(sender(s)),
        { giftName: 'rose', quantity: 1, recipients: [`u${l + 1}`], lobbyId: lobbyIds[l] },
        { 'idempotency-key': `g${giftKey++}` },
      )) as { position: string };
      sent.set(lobbyIds[l]!, sent.get(lobbyIds[l]!)! + 1);
      return BigInt(r.position);
    };
    // Joins: a new (user, lobby) pair each; chat from pairs that joined, round every user before one
    // speaks again, so no one meets the chat limits (as bench/command-path.bench.ts does).
    const firstJoiner = LOBBIES + SENDERS + 1;
    const lastJoiner = USERS - LOBBIES * WATCHERS_PER_LOBBY;
    let nextPair = 0;
    const joined: Array<{ uid: number; lobby: string }> = [];
    const join = async () => {
      const k = nextPair++;
      const pair = { uid: firstJoiner + Math.floor(k / LOBBIES), lobby: lobbyIds[k % LOBBIES]! };
      if (pair.uid > lastJoiner) throw new Error('out of users');
      await call('POST', `/api/v1/lobbies/${pair.lobby}/join`, 200, token(pair.uid));
      joined[k] = pair;
    };
    let nextChat = 0;
    const chat = async () => {
      const n = nextChat++;
      const users = Math.floor(joined.length / LOBBIES);
      const pair = joined[(n % users) * LOBBIES + (Math.floor(n / users) % LOBBIES)];
      if (!pair) throw new Error('chat from a pair whose join failed');
      await call('POST', `/api/v1/lobbies/${pair.lobby}/chat`, 201, token(pair.uid), { payload: { messageType: 'text', body: 'hello' } });
      sent.set(pair.lobby, sent.get(pair.lobby)! + 1);
    };

    /** The run, and the CPU (us) per call during it: each process's, PostgreSQL's by the service that
     * asked, the whole stack's (all of those; PostgreSQL's work for other databases left out) and the
     * machine's (every process, ours or not), and how many cores the machine kept busy. */
    const measured = async (run: () => Promise<Run>) => {
      const postgresBefore = await postgresCpu?.sample();
      const machineBefore = machineBusyMs();
      const before = processes.map(([, pid]) => cpuMs(pid));
      const r = await run();
      const ours = processes.map(([, pid], i) => cpuMs(pid) - before[i]!);
      const machine = machineBusyMs() - machineBefore;
      const postgresAfter = await postgresCpu?.sample();
      const perCall = (ms: number) => (1000 * ms) / r.count;
      const cpu: Record<string, number> = Object.fromEntries(processes.map(([name], i) => [`${name} CPU us/call`, perCall(ours[i]!)]));
      let stack = ours.reduce((a, b) => a + b, 0);
      if (postgresBefore && postgresAfter) {
        const postgres = PostgresCpu.between(postgresBefore, postgresAfter);
        for (const group of postgresGroups) cpu[`postgres: ${group} CPU us/call`] = perCall(postgres.groups.get(group) ?? 0);
        cpu['postgres (all) CPU us/call'] = perCall(postgres.all);
        stack += postgres.all - (postgres.groups.get(OTHER_DATABASES) ?? 0);
      }
      cpu[WHOLE_STACK] = perCall(stack);
      cpu['machine CPU us/call'] = perCall(machine);
      cpu['machine cores busy'] = machine / (1000 * r.seconds);
      return { ...r, cpu };
    };
    const status = async () => {
      const res = await fetch(`${projectionsService.url}/status`);
      return (await res.json()) as { projections: Array<{ name: string; lagEvents: number; lagSeconds: number }> };
    };
    const largestLag = async () => {
      const s = await status();
      const events = Math.max(...s.projections.map((p) => p.lagEvents));
      const seconds = Math.max(...s.projections.map((p) => p.lagSeconds));
      return { events, seconds, slowest: s.projections.sort((a, b) => b.lagEvents - a.lagEvents)[0]!.name };
    };
    const names = projectors.map((p) => p.name);
    // The log is ordered by (transaction id, position), and concurrent appends take positions out of
    // that order: "every projector passed the highest position" can stay false for ever while every
    // projector has passed the whole log. Every wait below compares in the log's order.
    /** Those of `positions` every projector has passed. */
    const passedByAll = async (positions: bigint[]) => {
      const { rows } = await db.pool.query<{ p: string }>(
        `select e.global_position::text as p from events e
          where e.global_position = any($2::bigint[])
            and (select count(*) from subscription_checkpoints c
                  where c.name = any($1) and (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position)) = $3`,
        [names, positions.map(String), names.length],
      );
      return new Set(rows.map((r) => BigInt(r.p)));
    };
    const head = () => lastPositionInLogOrder(db.pool);
    /** How many events some projector has not passed yet. */
    const eventsBehind = async () =>
      Number(
        (
          await db.pool.query<{ n: string }>(
            `select count(*)::text as n from events e
              where exists (select 1 from subscription_checkpoints c
                             where c.name = any($1) and (c.transaction_id, c.global_position) < (e.transaction_id, e.global_position))`,
            [names],
          )
        ).rows[0]!.n,
      );
    const caughtUp = async (timeoutMs: number) => {
      const target = await head();
      const t = performance.now();
      while (target > 0n && !(await passedByAll([target])).has(target)) {
        if (performance.now() - t > timeoutMs) throw new Error(`projections did not catch up in ${timeoutMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Connections idle through the wait may be closed by the server as the next phase reuses
      // them (ECONNRESET): the next phase opens its own.
      agent.destroy();
      return (performance.now() - t) / 1000;
    };

    // Warm up every path.
    await atMax(CONNECTIONS, () => healthz());
    await atMax(CONNECTIONS, (w) => gift(w).then(() => undefined));
    await atMax(CONNECTIONS, () => join());
    const chatters = Math.ceil((2 * SECONDS * 3000) / 15);
    while (tiny && joined.length < LOBBIES * chatters) await atMax(CONNECTIONS, () => join());
    await atMax(CONNECTIONS, () => chat());
    await caughtUp(600_000);

    // At max: rounds interleaved, so drift of the machine hits baseline and commands alike.
    type Measured = Awaited<ReturnType<typeof measured>>;
    const rounds: Array<Record<'health' | 'gifts' | 'joins' | 'chats', Measured>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const health = await measured(() => atMax(CONNECTIONS, () => healthz()));
      const gifts = await measured(() => atMax(CONNECTIONS, (w) => gift(w).then(() => undefined)));
      const joins = await measured(() => atMax(CONNECTIONS, () => join()));
      const chats = await measured(() => atMax(CONNECTIONS, () => chat()));
      rounds.push({ health, gifts, joins, chats });
      console.log(
        `  round ${round + 1}: healthz ${health.perSecond.toFixed(0)}/s, gifts ${gifts.perSecond.toFixed(0)}/s, joins ${joins.perSecond.toFixed(0)}/s, chats ${chats.perSecond.toFixed(0)}/s`,
      );
    }
    const lagAfterMax = await largestLag();
    const mean = (key: keyof (typeof rounds)[number]) => {
      const runs = rounds.map((r) => r[key]);
      const avg = (f: (r: Measured) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
      return {
        perSecond: avg((r) => r.perSecond),
        p50: avg((r) => r.p50),
        p99: Math.max(...runs.map((r) => r.p99)),
        failures: runs.reduce((a, r) => a + r.failures, 0),
        firstFailure: runs.find((r) => r.firstFailure)?.firstFailure,
        cpu: Object.fromEntries(Object.keys(runs[0]!.cpu).map((k) => [k, avg((r) => r.cpu[k]!)])),
      };
    };
    const health = mean('health');
    report({
      bench: 'stack',
      case: `GET /healthz on the command API, ${CONNECTIONS} connections (baseline)`,
      value: health.perSecond,
      unit: 'req/s',
      extra: { 'p50 ms': health.p50, 'p99 ms': health.p99, ...health.cpu },
    });
    for (const [key, name, target] of [
      ['gifts', `send-gift in a lobby, ${SENDERS} senders`, '>= 45% of healthz'],
      ['joins', `lobby join (${LOBBIES} lobbies)`, '>= 40% of healthz'],
      ['chats', 'lobby chat message', '>= 40% of healthz'],
    ] as const) {
      const r = mean(key);
      report({
        bench: 'stack',
        case: `${name}, at max, ${CONNECTIONS} connections`,
        value: r.perSecond,
        unit: '/s',
        baseline: health.perSecond,
        target,
        extra: {
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          ...r.cpu,
          failures: r.failures,
          ...(r.firstFailure ? { 'first failure': r.firstFailure } : {}),
        },
      });
    }
    // On a machine whose cores are all busy, rates stand in the inverse ratio of the CPU each call
    // costs: the ceiling a command's ratio to /healthz can reach here, whatever the latency.
    for (const [key, name] of [
      ['gifts', 'send-gift'],
      ['joins', 'lobby join'],
      ['chats', 'lobby chat message'],
    ] as const) {
      const r = mean(key);
      report({
        bench: 'stack',
        case: `${name}: calls per CPU-second of the whole stack (every process above and PostgreSQL; baseline /healthz): the ratio CPU alone allows`,
        value: 1e6 / r.cpu[WHOLE_STACK]!,
        unit: 'calls/CPU-s',
        baseline: 1e6 / health.cpu[WHOLE_STACK]!,
        extra: {
          [`${name} ${WHOLE_STACK}`]: r.cpu[WHOLE_STACK]!,
          [`healthz ${WHOLE_STACK}`]: health.cpu[WHOLE_STACK]!,
          [`${name} machine CPU us/call`]: r.cpu['machine CPU us/call']!,
          'healthz machine CPU us/call': health.cpu['machine CPU us/call']!,
          [`${name} machine cores busy`]: r.cpu['machine cores busy']!,
          'healthz machine cores busy': health.cpu['machine cores busy']!,
        },
      });
    }
    console.log(
      `largest projection lag at the end of the max rounds: ${lagAfterMax.events} events, ${lagAfterMax.seconds.toFixed(1)} s (${lagAfterMax.slowest})`,
    );
    await caughtUp(600_000);

    // Paced send-gift, then the lag it left.
    let paced = 0;
    const tailBefore = await tailSample(db.pool, commandApi.url);
    const loadClientDelay = monitorEventLoopDelay({ resolution: 10 });
    loadClientDelay.enable();
    const steady = await measured(() => atRate(PACED_RATE, PACED_SECONDS, () => gift(paced++).then(() => undefined)));
    loadClientDelay.disable();
    const tailAfter = await tailSample(db.pool, commandApi.url);
    const lagAfterPaced = await largestLag();
    report({
      bench: 'stack',
      case: `send-gift paced at ${PACED_RATE}/s for ${PACED_SECONDS} s (latency from planned start)`,
      value: steady.perSecond,
      unit: 'gifts/s',
      target: 'p99 < 100 ms; lag < 1 s',
      extra: {
        'p50 ms': steady.p50,
        'p99 ms': steady.p99,
        'largest projection lag after, events': lagAfterPaced.events,
        'largest projection lag after, s': lagAfterPaced.seconds,
        'most behind': lagAfterPaced.slowest,
        ...steady.cpu,
        failures: steady.failures,
        ...(steady.firstFailure ? { 'first failure': steady.firstFailure } : {}),
      },
    });
    console.log(pacedTail(steady, tailBefore, tailAfter, loadClientDelay));
    await caughtUp(600_000);

    // Freshness: from a gift's commit (its answer) to every projector's checkpoint passing it.
    const sampled: Array<{ position: bigint; committed: number; applied?: number }> = [];
    let pending: typeof sampled = [];
    let sampling = true;
    const sampler = (async () => {
      const t0 = performance.now();
      while ((sampling || pending.length > 0) && performance.now() - t0 < 600_000) {
        const passed = pending.length > 0 ? await passedByAll(pending.map((s) => s.position)) : new Set<bigint>();
        const t = performance.now();
        pending = pending.filter((s) => (passed.has(s.position) ? ((s.applied = t), false) : true));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    let fresh = 0;
    const freshRun = await atRate(FRESH_RATE, FRESH_SECONDS, async () => {
      const entry = { position: await gift(fresh++), committed: performance.now() };
      sampled.push(entry);
      pending.push(entry);
    });
    sampling = false;
    await sampler;
    const freshness = sampled.map((s) => (s.applied ?? Infinity) - s.committed).sort((a, b) => a - b);
    report({
      bench: 'stack',
      case: `freshness, gift commit -> every projector past it, gifts paced at ${FRESH_RATE}/s`,
      value: percentile(freshness, 99),
      unit: 'ms p99',
      target: 'p99 < 200 ms',
      extra: {
        'p50 ms': percentile(freshness, 50),
        'gifts/s': freshRun.perSecond,
        'gift p99 ms': freshRun.p99,
        'sampled every ms': 10,
        failures: freshRun.failures,
        ...(freshRun.firstFailure ? { 'first failure': freshRun.firstFailure } : {}),
      },
    });

    // Projection capacity: a backlog made while the projections process is stopped, then drained
    // with nothing else running, beside the most gifts/s the command path took above.
    await caughtUp(600_000);
    const appliedBefore = await projectorTimes(projectionsService.url);
    projectionsService.child.kill('SIGSTOP');
    try {
      await atMax(CONNECTIONS, (w) => gift(w).then(() => undefined), BACKLOG_SECONDS);
    } finally {
      projectionsService.child.kill('SIGCONT');
    }
    const backlog = await eventsBehind();
    const postgresBeforeDrain = await postgresCpu?.sample();
    const projectionsCpu = cpuMs(projectionsService.child.pid!);
    const drainSeconds = await caughtUp(600_000);
    const drainCpu = cpuMs(projectionsService.child.pid!) - projectionsCpu;
    const postgresAfterDrain = await postgresCpu?.sample();
    // PostgreSQL's work for the projections per event in big batches, beside its work per gift at
    // the command path's rate above (small batches: the per-batch statements weigh more).
    const drainPostgres: Record<string, number> =
      postgresBeforeDrain && postgresAfterDrain
        ? {
            'postgres: projections CPU us/event':
              (1000 * (PostgresCpu.between(postgresBeforeDrain, postgresAfterDrain).groups.get('projections') ?? 0)) / backlog,
          }
        : {};
    const gifts = mean('gifts');
    report({
      bench: 'stack',
      case: `projections drain a backlog of ${backlog} gifts, every projector (baseline: send-gift at max above)`,
      value: backlog / drainSeconds,
      unit: 'events/s',
      baseline: gifts.perSecond,
      target: '>= 200% of send-gift at max',
      extra: { 'drain s': drainSeconds, 'projections CPU us/event': (1000 * drainCpu) / backlog, ...drainPostgres },
    });
    const appliedAfter = await projectorTimes(projectionsService.url);
    const perEvent = [...appliedAfter]
      .map(([name, a]) => {
        const b = appliedBefore.get(name) ?? { seconds: 0, events: 0 };
        return [name, (1e6 * (a.seconds - b.seconds)) / backlog] as const;
      })
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `projector apply time per backlog event, slowest first: ${perEvent
        .slice(0, 10)
        .map(([n, us]) => `${n} ${us.toFixed(0)} us`)
        .join(', ')}`,
    );

    // Every gift and chat message reached every watcher of its lobby.
    const deadline = performance.now() + 60_000;
    const missing = () =>
      [...delivered]
        .filter(([ws, n]) => n < sent.get(lobbyOf.get(ws)!)!)
        .map(([ws, n]) => `${lobbyOf.get(ws)}: ${n}/${sent.get(lobbyOf.get(ws)!)}`);
    while (missing().length > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const expected = [...delivered.keys()].reduce((a, ws) => a + sent.get(lobbyOf.get(ws)!)!, 0);
    const got = [...delivered.values()].reduce((a, n) => a + n, 0);
    report({
      bench: 'stack',
      case: `lobby messages (gifts and chat) delivered to ${sockets.length} watchers through the edge`,
      value: got,
      unit: 'messages',
      baseline: expected,
      extra: { failures: missing().length },
    });
    if (missing().length > 0) throw new Error(`messages not delivered: ${missing().slice(0, 4).join(', ')}`);
  } finally {
    for (const ws of sockets) ws.terminate();
    agent.destroy();
    edge?.kill();
    await Promise.all(services.map((s) => s.stop().catch(() => undefined)));
    await db.drop();
  }
}

/** Each projector's apply seconds and events so far, from the projections process's /metrics. */
async function projectorTimes(url: string): Promise<Map<string, { seconds: number; events: number }>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const out = new Map<string, { seconds: number; events: number }>();
  for (const m of text.matchAll(/^murmur_projection_(apply_seconds|applied_events)_total\{projection="([^"]+)"\} ([\d.e+-]+)$/gm)) {
    const entry = out.get(m[2]!) ?? { seconds: 0, events: 0 };
    if (m[1] === 'apply_seconds') entry.seconds = Number(m[3]);
    else entry.events = Number(m[3]);
    out.set(m[2]!, entry);
  }
  return out;
}
