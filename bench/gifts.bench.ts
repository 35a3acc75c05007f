// send-gift over HTTP (the real command-api): 200 concurrent senders, once to 200 different
// recipients and once all to ONE host. A gift is decided on the sender's wallet only, so the one
// host must reach >= 90% of the many-host throughput. Then a sender whose wallet stream holds
// 100,000 events beside one with a fresh stream: latency must not grow with stream length.
import { listen, closeServer } from '@murmur/platform';
import http from 'node:http';
import { signAccessToken } from '@murmur/contracts';
import { createIdentityRuntime } from '../command-api/src/identity/runtime.ts';
import { buildCommandApi } from '../command-api/src/server.ts';
import { creditDiamonds } from '../command-api/src/wallet/ledger.ts';
import { signUpWithWallet } from '../test-support/sign-up.ts';
import { benchDatabase, percentile, report } from './support.ts';
import { benchSize } from './size.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const SENDERS = 200;
const SECONDS = benchSize({ full: 4, tiny: 0.3, env: 'BENCH_SECONDS' });
const ROUNDS = benchSize({ full: 3, tiny: 1, env: 'BENCH_ROUNDS' });
/** Events of the long wallet stream, appended 10,000 at a time. */
const LONG_STREAM = benchSize({ full: 100_000, tiny: 2_000 });

async function timed(workers: number, task: (worker: number, i: number) => Promise<void>) {
  let count = 0;
  let failures = 0;
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
        } catch {
          failures++;
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
  };
}

export default async function giftsBench(): Promise<void> {
  const db = await benchDatabase('gifts', 40);
  // No session guard: the bench signs its own tokens (identity's sign-in has its own bench). Its
  // 201 host sign-ups all come from 127.0.0.1, past the per-address sign-message limit (60).
  const identity = createIdentityRuntime({ NODE_ENV: 'test', MURMUR_DEMO: 'on', SIGN_MESSAGES_PER_ADDRESS: '100000' });
  const api = buildCommandApi({ DATABASE_URL: db.url, JWT_SECRET: SECRET }, { pool: db.pool, sessionGuard: undefined, identity });
  const port = await listen(api.server, 0);
  // One keep-alive connection per sender, as 200 browsers would hold.
  const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS + 10 });
  try {
    const tokens = await Promise.all(
      Array.from({ length: SENDERS }, (_, i) =>
        signAccessToken(SECRET, { sub: `sender-${i}`, sid: `s-${i}`, roles: ['co'], anon: false, onb: true }, 3600),
      ),
    );
    for (let i = 0; i < SENDERS; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          creditDiamonds(api.deps, {
            uid: `sender-${i + j}`,
            amount: 10_000_000,
            reason: 'demo_grant',
            reference: 'bench',
            idempotencyKey: 'bench-grant',
          }),
        ),
      );
    }
    // Gifts to profiles go to registered users: 200 hosts plus the one host sign up with a wallet.
    const hostUids: string[] = [];
    for (let i = 0; i <= SENDERS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, SENDERS + 1 - i) }, () => signUpWithWallet(`http://127.0.0.1:${port}`)),
      );
      hostUids.push(...batch.map((u) => u.uid));
    }
    const host = (w: number) => hostUids[w]!;
    const theOneHost = hostUids[SENDERS]!;
    const send = (token: string, key: string, recipient: string) =>
      new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ giftName: 'rose', quantity: 1, recipients: [recipient] });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/v1/gifting/send-gift',
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': key,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    // Warm up: connections, caches, JIT.
    await timed(SENDERS, (w, i) => send(tokens[w]!, `warm-${i}`, host(w))).catch(() => undefined);

    // Interleaved rounds (many, one, many, one, ...) so that warm-up and neighbours' load fall on both alike.
    const runs: Array<{ many: Awaited<ReturnType<typeof timed>>; one: Awaited<ReturnType<typeof timed>> }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const m = await timed(SENDERS, (w, i) => send(tokens[w]!, `many-${round}-${i}`, host(w)));
      const o = await timed(SENDERS, (w, i) => send(tokens[w]!, `one-${round}-${i}`, theOneHost));
      runs.push({ many: m, one: o });
      console.log(`  round ${round + 1}: many hosts ${m.perSecond.toFixed(1)} gifts/s, one host ${o.perSecond.toFixed(1)} gifts/s`);
    }
    const mean = (pick: (r: (typeof runs)[number]) => Awaited<ReturnType<typeof timed>>) => ({
      perSecond: runs.reduce((a, r) => a + pick(r).perSecond, 0) / runs.length,
      p50: runs.reduce((a, r) => a + pick(r).p50, 0) / runs.length,
      p99: Math.max(...runs.map((r) => pick(r).p99)),
      failures: runs.reduce((a, r) => a + pick(r).failures, 0),
    });
    const many = mean((r) => r.many);
    const one = mean((r) => r.one);
    report({
      bench: 'gifts',
      case: `send-gift, ${SENDERS} senders -> ${SENDERS} different hosts`,
      value: many.perSecond,
      unit: 'gifts/s',
      extra: { 'p50 ms': many.p50, 'p99 ms': many.p99, failures: many.failures },
    });
    report({
      bench: 'gifts',
      case: `send-gift, ${SENDERS} senders -> ONE host`,
      value: one.perSecond,
      unit: 'gifts/s',
      baseline: many.perSecond,
      target: '>= 90% of many hosts',
      extra: { 'p50 ms': one.p50, 'p99 ms': one.p99, failures: one.failures },
    });

    // A wallet stream of 100,000 events (appended in batches of 10,000, as credits).
    const longUid = 'long-history';
    for (let b = 0; b < LONG_STREAM / 10_000; b++) {
      await api.deps.store.append(
        `wallet-${longUid}`,
        Array.from({ length: Math.min(10_000, LONG_STREAM) }, (_, i) => ({
          type: 'DiamondsCredited',
          data: { uid: longUid, amount: 10, reason: 'demo_grant', reference: `bulk-${b}-${i}`, creditedAt: new Date().toISOString() },
        })),
        { idempotencyKey: `wallet-${longUid}:bulk-${b}` },
      );
    }
    await creditDiamonds(api.deps, {
      uid: 'short-history',
      amount: 10_000_000,
      reason: 'demo_grant',
      reference: 'bench',
      idempotencyKey: 'bench-grant',
    });
    const longToken = await signAccessToken(SECRET, { sub: longUid, sid: 'l', roles: ['co'], anon: false, onb: true }, 3600);
    const shortToken = await signAccessToken(SECRET, { sub: 'short-history', sid: 's', roles: ['co'], anon: false, onb: true }, 3600);
    // The first command after a restart without a snapshot folds the whole stream once; every later
    // one reads only new events (the state cache).
    api.deps.commands.cache.delete(`wallet-${longUid}`);
    const cold = performance.now();
    await send(longToken, 'cold-0', host(0));
    const coldMs = performance.now() - cold;
    // That command left a snapshot; a second restart starts from it.
    await new Promise((r) => setTimeout(r, 200));
    api.deps.commands.cache.delete(`wallet-${longUid}`);
    const warm = performance.now();
    await send(longToken, 'cold-1', host(0));
    const snapshotMs = performance.now() - warm;
    const shortRun = await timed(4, (_w, i) => send(shortToken, `short-${i}`, host(1)));
    const longRun = await timed(4, (_w, i) => send(longToken, `long-${i}`, host(1)));
    report({
      bench: 'gifts',
      case: 'send-gift p50 latency, wallet stream of 100,000 events (4 in flight)',
      value: longRun.p50,
      unit: 'ms',
      baseline: shortRun.p50,
      target: 'ratio ~100% (no growth with stream length)',
      extra: {
        'p99 ms': longRun.p99,
        'baseline p99 ms': shortRun.p99,
        'gifts/s': longRun.perSecond,
        'first command after restart, no snapshot ms': coldMs,
        'first command after restart, from snapshot ms': snapshotMs,
      },
    });
  } finally {
    agent.destroy();
    await closeServer(api.server as http.Server);
    await db.drop();
  }
}
