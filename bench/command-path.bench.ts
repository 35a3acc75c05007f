// The command path end to end: send-gift, a lobby join and a lobby chat message over
// HTTP against a command API started as its own process (as `npm start` runs it: own pool, the
// session guard on), 64 keep-alive connections. Beside them in the same run, rounds interleaved:
// GET /healthz on that same process (HTTP + `select 1`) and raw single-event appends from this
// process at the same concurrency through a pool as large as the command API's (group-committed as
// the services append, and one commit each as before group commit). The child counts
// the statements its pool sends, so each command's database round trips are printed too.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signAccessToken } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { createLogger } from '@murmur/platform';
import { CommandRuntime } from '../command-api/src/decider/command-runtime.ts';
import { systemClock, type LedgerDeps } from '../command-api/src/dependencies.ts';
import { creditDiamonds } from '../command-api/src/wallet/ledger.ts';
import { signUpWithWallet } from '../test-support/sign-up.ts';
import { benchDatabase, giftSentData, percentile, report, jsonCaller } from './support.ts';
import { benchSize, tiny } from './size.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const CONNECTIONS = 64;
const SENDERS = 32;
const USERS = 8000;
const LOBBIES = 16;
const SECONDS = benchSize({ full: 4, tiny: 0.3, env: 'BENCH_SECONDS' });
const ROUNDS = benchSize({ full: 3, tiny: 1, env: 'BENCH_ROUNDS' });
const here = path.dirname(fileURLToPath(import.meta.url));

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  failures: number;
  firstFailure?: string;
}

async function timed(workers: number, task: (worker: number, i: number) => Promise<void>): Promise<Run> {
  let count = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
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
  latencies.sort((a, b) => a - b);
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count,
    failures,
    firstFailure,
  };
}

function startCommandApi(
  databaseUrl: string,
): Promise<{ child: ChildProcess; port: number; statements(): Promise<number>; stop(): Promise<void> }> {
  const child = fork(path.join(here, 'command-api-process.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      MURMUR_COUNT_QUERIES: '1',
      SIGN_MESSAGES_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const onMessage = (m: { type: string } & Record<string, number>) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`command API exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('listening').then(({ port }) => ({
    child,
    port: port!,
    async statements() {
      const reply = next('statements');
      child.send({ type: 'statements' });
      return (await reply).count!;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  }));
}

export default async function commandPathBench(): Promise<void> {
  const db = await benchDatabase('command_path', 20);
  const api = await startCommandApi(db.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const call = jsonCaller(api.port, agent);
  try {
    // Users with sessions the guard accepts (as identity's bench makes them); recipients of profile
    // gifts must also be registered, so the hosts sign up through identity for real.
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
        signAccessToken(SECRET, { sub: `u${i + 1}`, sid: `s${i + 1}`, roles: ['co'], anon: false, onb: true }, 3600),
      ),
    );
    const token = (uid: number) => tokens[uid - 1]!;
    const hosts: string[] = [];
    for (let i = 0; i < CONNECTIONS; i += 8)
      hosts.push(
        ...(await Promise.all(Array.from({ length: 8 }, () => signUpWithWallet(`http://127.0.0.1:${api.port}`)))).map((u) => u.uid),
      );
    const deps: LedgerDeps = {
      pool: db.pool,
      store: new PostgresEventStore(db.pool),
      commands: new CommandRuntime(),
      logger: createLogger('bench'),
      clock: systemClock,
    };
    for (let s = 1; s <= SENDERS; s++)
      await creditDiamonds(deps, {
        uid: `u${s}`,
        amount: 100_000_000,
        reason: 'demo_grant',
        reference: 'bench',
        idempotencyKey: 'bench-grant',
      });
    const lobbyIds: string[] = [];
    for (let l = 1; l <= LOBBIES; l++)
      lobbyIds.push(((await call('POST', '/api/v1/lobbies', 201, token(l), { title: `Bench ${l}` })) as { lobbyId: string }).lobbyId);

    const healthz = () => call('GET', '/healthz', 200).then(() => undefined);
    // The store as the services make it (group commit), and one that never batches (as many appends
    // in flight as callers: one statement and one commit each, as before group commit).
    const store = new PostgresEventStore(db.pool);
    const unbatched = new PostgresEventStore(db.pool, { appendConcurrency: CONNECTIONS });
    const versions = new Map<string, bigint>();
    const append = async (target: PostgresEventStore, worker: number) => {
      const stream = `${target === store ? 'raw' : 'single'}-${worker}`;
      const r = await target.append(stream, [{ type: 'GiftSent', data: giftSentData(`u-${stream}`) }], {
        expectedVersion: versions.get(stream) ?? 'any',
      });
      versions.set(stream, r.nextExpectedVersion);
    };
    // Connection c sends as sender c % 32 (two connections per wallet, as the issue measured) to its own host.
    const gift = (worker: number, i: number, round: string) =>
      call(
        'POST',
        '/api/v1/gifting/send-gift',
        201,
        token(1 + (worker % SENDERS)),
        { giftName: 'rose', quantity: 1, recipients: [hosts[worker]!] },
        { 'idempotency-key': `${round}-${i}` },
      ).then(() => undefined);
    // Each join is a new (user, lobby) pair, spread over the lobbies; chat comes from pairs that joined.
    let nextPair = 0;
    // Indexed by k: user SENDERS + 1 + k / 16 in lobby k % 16, so each user's lobbies sit in a row.
    const joined: Array<{ uid: number; lobby: string }> = [];
    const join = async () => {
      const k = nextPair++;
      const pair = { uid: SENDERS + 1 + Math.floor(k / LOBBIES), lobby: lobbyIds[k % LOBBIES]! };
      if (pair.uid > USERS) throw new Error('out of users');
      await call('POST', `/api/v1/lobbies/${pair.lobby}/join`, 200, token(pair.uid));
      joined[k] = pair;
    };
    // Chat goes round every user before one speaks again (joined holds each user's 16 lobbies in a
    // row), so no one meets the chat limits (5 a lobby and 15 in all per 10 s) the bench is not about.
    let nextChat = 0;
    const chat = async () => {
      const n = nextChat++;
      const users = Math.floor(joined.length / LOBBIES);
      const pair = joined[(n % users) * LOBBIES + (Math.floor(n / users) % LOBBIES)];
      if (!pair) throw new Error('chat from a pair whose join failed');
      await call('POST', `/api/v1/lobbies/${pair.lobby}/chat`, 201, token(pair.uid), { payload: { messageType: 'text', body: 'hello' } });
    };
    const counted = async (run: () => Promise<Run>) => {
      const before = await api.statements();
      const r = await run();
      return { ...r, statements: ((await api.statements()) - before) / r.count };
    };

    // Warm up every path (connections, JIT, caches).
    await timed(CONNECTIONS, () => healthz());
    await timed(CONNECTIONS, (w, i) => gift(w, i, 'warm'));
    await timed(CONNECTIONS, () => join());
    // At the tiny size every chat falls in one 10-s window: enough members that none meets the limit of
    // 15 in all, for two timed runs at up to 3,000 chats/s (a quiet machine; a loaded one does ~1,100).
    const chatters = Math.ceil((2 * SECONDS * 3000) / 15);
    while (tiny && joined.length < LOBBIES * chatters) await timed(CONNECTIONS, () => join());
    await timed(CONNECTIONS, () => chat());

    type Counted = Run & { statements: number };
    const rounds: Array<{ health: Run; appends: Run; singles: Run; gifts: Counted; joins: Counted; chats: Counted }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const health = await timed(CONNECTIONS, () => healthz());
      const appends = await timed(CONNECTIONS, (w) => append(store, w));
      const singles = await timed(CONNECTIONS, (w) => append(unbatched, w));
      const gifts = await counted(() => timed(CONNECTIONS, (w, i) => gift(w, i, `r${round}`)));
      const joins = await counted(() => timed(CONNECTIONS, () => join()));
      const chats = await counted(() => timed(CONNECTIONS, () => chat()));
      rounds.push({ health, appends, singles, gifts, joins, chats });
      console.log(
        `  round ${round + 1}: healthz ${health.perSecond.toFixed(0)}/s, appends ${appends.perSecond.toFixed(0)}/s (unbatched ${singles.perSecond.toFixed(0)}/s), gifts ${gifts.perSecond.toFixed(0)}/s, joins ${joins.perSecond.toFixed(0)}/s, chats ${chats.perSecond.toFixed(0)}/s`,
      );
    }
    const mean = <K extends keyof (typeof rounds)[number]>(key: K) => {
      const runs = rounds.map((r) => r[key] as Run & { statements?: number });
      const avg = (f: (r: (typeof runs)[number]) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
      return {
        perSecond: avg((r) => r.perSecond),
        p50: avg((r) => r.p50),
        p99: Math.max(...runs.map((r) => r.p99)),
        failures: runs.reduce((a, r) => a + r.failures, 0),
        firstFailure: runs.find((r) => r.firstFailure)?.firstFailure,
        statements: avg((r) => r.statements ?? 0),
      };
    };
    const health = mean('health');
    const appends = mean('appends');
    const singles = mean('singles');
    report({
      bench: 'command-path',
      case: `GET /healthz, ${CONNECTIONS} connections (baseline)`,
      value: health.perSecond,
      unit: 'req/s',
      extra: { 'p50 ms': health.p50, 'p99 ms': health.p99 },
    });
    report({
      bench: 'command-path',
      case: `raw single-event appends, ${CONNECTIONS} concurrent, pool of 20, group commit (baseline)`,
      value: appends.perSecond,
      unit: 'events/s',
      extra: { 'p50 ms': appends.p50, 'p99 ms': appends.p99 },
    });
    report({
      bench: 'command-path',
      case: `raw single-event appends, ${CONNECTIONS} concurrent, pool of 20, one commit each`,
      value: singles.perSecond,
      unit: 'events/s',
      baseline: appends.perSecond,
      extra: { 'p50 ms': singles.p50, 'p99 ms': singles.p99 },
    });
    for (const [key, name, target] of [
      ['gifts', 'send-gift (profile gift), 32 senders', '>= 35% of healthz, p99 < 100 ms'],
      ['joins', 'lobby join (16 lobbies)', undefined],
      ['chats', 'lobby chat message', undefined],
    ] as const) {
      const r = mean(key);
      report({
        bench: 'command-path',
        case: `${name}, ${CONNECTIONS} connections`,
        value: r.perSecond,
        unit: '/s',
        baseline: health.perSecond,
        target,
        extra: {
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'of raw appends %': (100 * r.perSecond) / appends.perSecond,
          'db statements per command': r.statements,
          failures: r.failures,
          ...(r.firstFailure ? { 'first failure': r.firstFailure } : {}),
        },
      });
    }
  } finally {
    agent.destroy();
    await api.stop();
    await db.drop();
  }
}
