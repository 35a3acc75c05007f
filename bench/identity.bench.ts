// Identity's costs over real HTTP: what the session guard adds to an authenticated read (GET user/me
// with the guard against the same app without it, 100,000 accounts and sessions), and the sign-in and
// refresh paths (guest registration with its session, refresh rotation) against GET /healthz.
import type http from 'node:http';
import { signAccessToken } from '@murmur/contracts';
import { closeServer, listen } from '@murmur/platform';
import { buildCommandApi } from '../command-api/src/server.ts';
import { createIdentityRuntime } from '../command-api/src/identity/runtime.ts';
import { buildQueryApi } from '../query-api/src/server.ts';
import { benchDatabase, drive, percentile, report } from './support.ts';
import { benchSize } from './size.ts';

const USERS = benchSize({ full: 100_000, tiny: 300, env: 'BENCH_IDENTITY_USERS' });
const REQUESTS = benchSize({ full: 2000, tiny: 100, env: 'BENCH_IDENTITY_REQUESTS' });
const SIGN_INS = benchSize({ full: 400, tiny: 20, env: 'BENCH_IDENTITY_SIGN_INS' });
const WORKERS = 4;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export default async function identityBench(): Promise<void> {
  const db = await benchDatabase('identity', 30);
  const guarded = buildQueryApi({ DATABASE_URL: db.url, JWT_SECRET: SECRET }, { pool: db.pool });
  const unguarded = buildQueryApi({ DATABASE_URL: db.url, JWT_SECRET: SECRET }, { pool: db.pool, sessionGuard: undefined });
  const command = buildCommandApi(
    { DATABASE_URL: db.url, JWT_SECRET: SECRET },
    { pool: db.pool, identity: createIdentityRuntime({ NODE_ENV: 'test', MURMUR_DEMO: 'on' }) },
  );
  try {
    await db.pool.query(
      `insert into rm.users (uid, username, roles, referral_code, created_at) select 'u' || i, 'user' || i, '{co}', 'R' || i, now() from generate_series(1, $1) i`,
      [USERS],
    );
    await db.pool.query(
      `insert into auth_sessions (session_id, uid, status, method, created_at) select 's' || i, 'u' || i, 'active', 'bench', now() from generate_series(1, $1) i`,
      [USERS],
    );
    await db.pool.query('vacuum analyze rm.users, auth_sessions');
    const [gPort, uPort, cPort] = await Promise.all([listen(guarded.server, 0), listen(unguarded.server, 0), listen(command.server, 0)]);
    const tokens = await Promise.all(
      Array.from({ length: 200 }, (_, k) => {
        const i = 1 + ((k * 4999) % USERS);
        return signAccessToken(SECRET, { sub: `u${i}`, sid: `s${i}`, roles: ['co'], anon: false, onb: true }, 3600);
      }),
    );
    const get = async (url: string, token?: string) => {
      const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const me = (port: number) => (i: number) => get(`http://127.0.0.1:${port}/api/v1/user/me`, tokens[i % tokens.length]);
    await drive(300, WORKERS, me(uPort));
    await drive(300, WORKERS, me(gPort));
    const plain = await drive(REQUESTS, WORKERS, me(uPort));
    const withGuard = await drive(REQUESTS, WORKERS, me(gPort));
    report({
      bench: 'identity',
      case: 'baseline: GET user/me without the session guard, p50',
      value: percentile(plain.latencies, 50),
      unit: 'ms',
      extra: { p99: percentile(plain.latencies, 99), 'req/s': plain.perSecond },
    });
    report({
      bench: 'identity',
      case: `GET user/me with the session guard (${USERS} sessions), p50`,
      value: percentile(withGuard.latencies, 50),
      unit: 'ms',
      baseline: percentile(plain.latencies, 50),
      extra: { p99: percentile(withGuard.latencies, 99), 'req/s': withGuard.perSecond },
      target: '<= 150% of baseline',
    });

    const commandBase = `http://127.0.0.1:${cPort}`;
    const health = await drive(REQUESTS, WORKERS, () => get(`${commandBase}/healthz`));
    const baseP50 = percentile(health.latencies, 50);
    report({
      bench: 'identity',
      case: 'baseline: command-api GET /healthz, p50',
      value: baseP50,
      unit: 'ms',
      extra: { 'req/s': health.perSecond },
    });
    const cookies: string[] = [];
    const signIns = await drive(SIGN_INS, WORKERS, async () => {
      const res = await fetch(`${commandBase}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credentials: { type: 'guest' } }),
      });
      if (res.status !== 200) throw new Error(`guest login: ${res.status} ${await res.text()}`);
      cookies.push(res.headers.getSetCookie()[0]!.split(';')[0]!);
      await res.arrayBuffer();
    });
    report({
      bench: 'identity',
      case: 'guest sign-in (register: link rows + 2 events + session + refresh token, one transaction), p50',
      value: percentile(signIns.latencies, 50),
      unit: 'ms',
      baseline: baseP50,
      extra: { p99: percentile(signIns.latencies, 99), 'sign-ins/s': signIns.perSecond, workers: WORKERS },
    });
    const refreshes = await drive(cookies.length, WORKERS, async (i) => {
      const res = await fetch(`${commandBase}/api/v1/auth/refresh`, { method: 'POST', headers: { cookie: cookies[i]! } });
      if (res.status !== 200) throw new Error(`refresh: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    report({
      bench: 'identity',
      case: 'refresh (rotate token + fold user stream + sign), p50',
      value: percentile(refreshes.latencies, 50),
      unit: 'ms',
      baseline: baseP50,
      extra: { p99: percentile(refreshes.latencies, 99), 'refreshes/s': refreshes.perSecond, workers: WORKERS },
    });
  } finally {
    await Promise.all([guarded.server, unguarded.server, command.server].map((s) => closeServer(s as http.Server).catch(() => undefined)));
    await db.drop();
  }
}
