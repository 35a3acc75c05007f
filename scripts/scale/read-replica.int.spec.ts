// Reads from a real PostgreSQL streaming replica: command-api and projections on the primary, query-api
// and a gateway reading the replica (READ_DATABASE_URL). A user's write is read back through the replica
// with X-Min-Position; then the primary is stopped hard and the replica keeps serving the last state it
// replayed, whose ledger still adds up (docs/decisions/foundation.md, docs/operations.md).
import { channels } from '@murmur/contracts';
import { createPool } from '@murmur/eventstore';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '@murmur/projections/ledger-audit';
import { diamondBalance } from '@murmur/projections/queries/wallet-balances';
import { openSocket } from '../../realtime-gateway/src/test-clients.ts';
import { migrateAll } from '../migrations.ts';
import { replicationLag, startReplicatedPostgres, type ReplicatedPostgres } from '../../test-support/postgres-replica.ts';
import { startService, type ServiceProcess } from '../../test-support/service-processes.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';

let servers: ReplicatedPostgres;
let primary: pg.Pool;
let replica: pg.Pool;
const services: ServiceProcess[] = [];
let commandApi: ServiceProcess;
let queryApi: ServiceProcess;
let gateway: ServiceProcess;

const begun = performance.now();
const step = (what: string) => console.log(`replica test: ${((performance.now() - begun) / 1000).toFixed(1)} s ${what}`);

beforeAll(async () => {
  servers = await startReplicatedPostgres();
  step('primary and replica up');
  const admin = new pg.Client({ connectionString: servers.primaryUrl });
  await admin.connect();
  await admin.query('create database murmur');
  await admin.end();
  primary = createPool(servers.urlOf('primary', 'murmur'), { max: 4 });
  await migrateAll(primary);
  step('primary migrated');
  replica = createPool(servers.urlOf('replica', 'murmur'), { max: 4 });
  const env = {
    DATABASE_URL: servers.urlOf('primary', 'murmur'),
    JWT_SECRET: TEST_JWT_SECRET,
    DEV_SMTP_SERVER: 'false',
    LOG_LEVEL: 'info',
    GATEWAY_POLL_MS: '200',
  };
  const onReplica = { ...env, READ_DATABASE_URL: servers.urlOf('replica', 'murmur') };
  const started = await Promise.allSettled([
    startService('command-api', env),
    startService('projections', env),
    startService('query-api', onReplica),
    startService('realtime-gateway', onReplica),
  ]);
  for (const s of started) if (s.status === 'fulfilled') services.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  [commandApi, , queryApi, gateway] = services as [ServiceProcess, ServiceProcess, ServiceProcess, ServiceProcess];
  step('services up');
}, 300_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.kill('SIGKILL')));
  await Promise.all([primary?.end(), replica?.end()]);
  await servers?.stop();
});

async function command(method: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${commandApi.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function read<T>(path: string, token: string, minPosition?: string) {
  const res = await fetch(`${queryApi.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(minPosition ? { 'x-min-position': minPosition } : {}) },
  });
  return { status: res.status, stale: res.headers.get('x-stale'), body: (await res.json()) as T };
}

/** Milliseconds until the event at `position` is visible on the replica. */
async function visibleOnReplica(position: string, since: number): Promise<number> {
  for (;;) {
    const { rowCount } = await replica.query('select 1 from events where global_position = $1', [position]);
    if (rowCount) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 2));
  }
}

let staleAnswers = 0;

/** A read with X-Min-Position; an answer marked stale (its projections were not there within the
 * bound, as on a loaded machine) is asked again, as the web app would: only a fresh answer counts. */
async function readFresh<T>(path: string, token: string, position: string) {
  for (let attempt = 0; ; attempt++) {
    const answer = await read<T>(path, token, position);
    expect(answer.status).toBe(200);
    if (answer.stale === null) return answer;
    staleAnswers++;
    if (attempt >= 20) throw new Error(`position ${position} still stale after ${attempt + 1} reads`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('reads from a streaming replica', () => {
  it("reads each user's own writes through the replica, then keeps serving what it replayed when the primary is lost", async () => {
    // Signed up on the primary a moment ago: the replica-reading services still let them in.
    const [ana, ben] = await Promise.all([signUpWithWallet(commandApi.url), signUpWithWallet(commandApi.url)]);
    const anaSocket = await openSocket(`ws://127.0.0.1:${gateway.port}/ws`, ana.token);
    anaSocket.send({ type: 'subscribe', ref: 'me', channels: [channels.user(ana.uid)] });
    await anaSocket.next('subscribed');

    await command('POST', '/payment/topup/pay', ana.token, { channelCode: 'sandbox', value: 100 });
    await command('POST', '/payment/topup/pay', ben.token, { channelCode: 'sandbox', value: 30 });

    const visible: number[] = [];
    const readBack: number[] = [];
    let last = '0';
    for (let i = 0; i < 8; i++) {
      for (const [user, name] of [
        [ana, 'ana'],
        [ben, 'ben'],
      ] as const) {
        const bio = `${name} wrote ${i}`;
        const answered = performance.now();
        const { position } = (await command('PUT', '/user/profile/details', user.token, { bio })) as { position: string };
        const [seen, profile] = await Promise.all([
          visibleOnReplica(position, answered),
          readFresh<{ bio: string | null }>(`/user/profile/view/${user.uid}`, user.token, position),
        ]);
        readBack.push(performance.now() - answered);
        visible.push(seen);
        expect(profile.body.bio, `${name}'s write ${i}`).toBe(bio);
        last = position;
      }
    }
    // Read after the last write: each sees their own top-up, and only their own.
    const [anaBalance, benBalance] = await Promise.all([
      readFresh<{ diamonds: number }>('/wallet/balance', ana.token, last),
      readFresh<{ diamonds: number }>('/wallet/balance', ben.token, last),
    ]);
    const [anaDiamonds, benDiamonds] = [anaBalance.body.diamonds, benBalance.body.diamonds];
    expect(anaDiamonds).toBeGreaterThan(0);
    expect(benDiamonds).toBeGreaterThan(0);
    expect(anaDiamonds).not.toBe(benDiamonds);
    // The gateway tails the replica: Ana's last profile change reaches her socket.
    const anaLast = (await command('PUT', '/user/profile/details', ana.token, { bio: 'ana, live' })) as { position: string };
    await anaSocket.next('event', (m) => m.channel === channels.user(ana.uid) && m.position === anaLast.position, 15_000);
    last = anaLast.position;

    const lag = await replicationLag(servers.urlOf('primary', 'postgres'));
    console.log(
      `replica: a commit visible on the replica after median ${median(visible).toFixed(1)} ms (max ${Math.max(...visible).toFixed(1)} ms, ${visible.length} writes); ` +
        `a read with X-Min-Position answered median ${median(readBack).toFixed(1)} ms after the command (max ${Math.max(...readBack).toFixed(1)} ms); ` +
        `${staleAnswers} answers stale (projections behind on a loaded machine); pg_stat_replication replay_lag ${lag?.replayLagMs ?? 'null (idle, caught up)'} ms, ${lag?.bytesBehind ?? 'n/a'} bytes behind`,
    );

    // The primary goes away without a checkpoint; the replica has what it replayed.
    await readFresh(`/user/profile/view/${ana.uid}`, ana.token, last);
    await servers.killPrimary();
    const after = await Promise.all([
      read<{ diamonds: number }>('/wallet/balance', ana.token),
      read<{ diamonds: number }>('/wallet/balance', ben.token),
    ]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
    expect(after.map((r) => r.body.diamonds)).toEqual([anaDiamonds, benDiamonds]);
    const profile = await read<{ bio: string | null }>(`/user/profile/view/${ana.uid}`, ana.token, last);
    expect([profile.status, profile.stale, profile.body.bio]).toEqual([200, null, 'ana, live']);
    // A position no one will write now: answered at once, stale, not held for the whole wait.
    const asked = performance.now();
    const beyond = await read('/wallet/balance', ana.token, String(BigInt(last) + 1000n));
    expect([beyond.status, beyond.stale]).toEqual([200, 'true']);
    expect(performance.now() - asked).toBeLessThan(2_500);
    // Nothing corrupted: the replica's ledger replays to the balances it serves.
    const audit = await auditLedger(replica);
    expect(audit.differences).toEqual([]);
    expect(audit.events).toBeGreaterThan(0);
    expect([await diamondBalance(replica, ana.uid), await diamondBalance(replica, ben.uid)]).toEqual([anaDiamonds, benDiamonds]);
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    anaSocket.ws.close();
  }, 120_000);
});
