// Two projections processes on one database, each started from its own main.ts as `npm start`
// starts it: they share the projector lanes through leases, a rebuild (the console's and the CLI's)
// completes while both run, and when the holder of the gift wall is killed with SIGKILL under a gift
// load sent through the command API, the other takes its lanes over within 5 s. Afterwards the read
// models equal a replay of the log (no event lost, none applied twice) and `projections audit` passes.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { signAccessToken, streamIds, type RoleCode } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSession } from '../../command-api/src/identity/sessions.ts';
import { ledgerAudit, waitForProjections } from '../../test-support/crash-checks.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { RetryingClient, type LoadUser } from '../../test-support/load-traffic.ts';
import { replayProjection, tableRows } from '../../test-support/projection-replay.ts';
import { startService, type ServiceProcess } from '../../test-support/service-processes.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';
import { projectors } from './registry.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const allProjectors = projectors.map((p) => p.name).sort();

let db: TestDatabase;
let commandApi: ServiceProcess;
let workers: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const env = { DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET, DEV_SMTP_SERVER: 'false', LOG_LEVEL: 'info' };
  [commandApi, ...workers] = await Promise.all([
    startService('command-api', env),
    startService('projections', env),
    startService('projections', env),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([commandApi, ...workers].map((s) => s?.stop().catch(() => undefined)));
  await db?.drop();
});

type Status = { held: string[]; processes: number };
async function status(worker: ServiceProcess): Promise<Status> {
  return (await (await fetch(`${worker.url}/status`)).json()) as Status;
}

/** What a process holds, from its readiness answer (cheaper than /status, which reads every lag). */
async function heldBy(worker: ServiceProcess): Promise<string[]> {
  return ((await (await fetch(`${worker.url}/readyz`)).json()) as { held: string[] }).held;
}

/** Polls the processes until `check` holds for what each holds. */
async function untilHeld(live: ServiceProcess[], check: (held: string[][]) => boolean, timeoutMs: number): Promise<string[][]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await Promise.all(live.map(heldBy));
    if (check(held)) return held;
    if (Date.now() > deadline) throw new Error(`projectors not held as expected: ${JSON.stringify(held)}`);
    await pause(50);
  }
}

async function user(uid: string, roles: RoleCode[] = ['co']): Promise<LoadUser> {
  const sid = randomUUID();
  await registerSession(db.pool, uid, sid);
  return { uid, token: await signAccessToken(TEST_JWT_SECRET, { sub: uid, sid, roles, anon: false, onb: true }, 3600) };
}

/** A table's rows without the time each was last written (a replay writes them now). */
async function rowsOf(schema: string, table: string): Promise<string[]> {
  return (await tableRows(db.pool, schema, table))
    .map((row) => {
      const { updated_at: _written, ...rest } = JSON.parse(row) as Record<string, unknown>;
      return JSON.stringify(rest);
    })
    .sort();
}

/** `npm run projections -- rebuild NAME` as an operator runs it. */
function cliRebuild(name: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/cli.ts', 'rebuild', name], {
    env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** The console's rebuild, answered by whichever projections process's worker picks it up. */
async function consoleRebuild(admin: LoadUser, name: string): Promise<string> {
  const store = new PostgresEventStore(db.pool);
  const asked = await fetch(`${commandApi.url}/api/v1/console/ops/rebuild`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ projection: name }),
  });
  expect(asked.status).toBe(201);
  const { rebuildId } = (await asked.json()) as { rebuildId: string };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { events } = await store.readStream(streamIds.projectionRebuild(name));
    const done = events.find((e) => e.type === 'ProjectionRebuilt' && e.data.rebuildId === rebuildId);
    if (done?.type === 'ProjectionRebuilt') return String(done.data.status);
    if (Date.now() > deadline) throw new Error(`rebuild ${rebuildId} of ${name} not answered`);
    await pause(100);
  }
}

describe('projections in two processes', () => {
  it('share the lanes, rebuild while both run, and the survivor of a SIGKILL takes over within 5 s, applying every gift once', async () => {
    // Both hold a share, and between them every projector.
    await untilHeld(workers, (held) => held.every((h) => h.length > 0) && [...held.flat()].sort().join() === allProjectors.join(), 30_000);
    expect((await status(workers[0]!)).processes).toBe(2);
    // Both ready: holding a share, neither on a first pass.
    for (const w of workers) expect((await fetch(`${w.url}/readyz`)).status).toBe(200);

    const run = `lease-${randomUUID().slice(0, 6)}`;
    const host = await user(`${run}-host`);
    const admin = await user(`${run}-admin`, ['co', 'ad']);
    const senders = await Promise.all(Array.from({ length: 6 }, (_, i) => user(`${run}-sender${i}`)));
    const client = new RetryingClient(() => [commandApi.url]);
    const lobby = await client.post('create-lobby', host, '/lobbies', { title: 'Lease lobby' }, `${run}-lobby`);
    const lobbyId = (lobby.body as { lobbyId: string }).lobbyId;
    expect(lobbyId).toBeTruthy();
    await Promise.all(
      senders.map(async (s, i) => {
        await client.post('join', s, `/lobbies/${lobbyId}/join`, {}, `${run}-join-${i}`);
        await client.post('top-up', s, '/payment/topup/pay', { channelCode: 'sandbox', value: 100 }, `${run}-topup-${i}`);
      }),
    );
    expect(client.refused).toEqual([]);

    let running = true;
    const load = Promise.all(
      senders.map(async (sender, s) => {
        for (let n = 0; running; n++) {
          const body = { giftName: 'rose', quantity: 1, recipients: [host.uid], lobbyId };
          await client.post('send-gift', sender, '/gifting/send-gift', body, `${run}-gift-${s}-${n}`);
          await pause(100);
        }
      }),
    );

    // Rebuilds while both run, under the load: the console's (a worker in either process) and the CLI's.
    const [consoleOutcome, cli] = await Promise.all([consoleRebuild(admin, 'wallet-balances'), cliRebuild('gift-wall')]);
    expect(consoleOutcome).toBe('completed');
    expect(cli.code, cli.output).toBe(0);

    // The holder of the gift wall dies mid-load; the other takes every lane.
    const holder = (await Promise.all(workers.map(heldBy))).findIndex((h) => h.includes('gift-wall'));
    expect(holder).toBeGreaterThanOrEqual(0);
    const survivor = workers[1 - holder]!;
    await workers[holder]!.kill('SIGKILL');
    const killedAt = performance.now();
    await untilHeld([survivor], ([held]) => [...held!].sort().join() === allProjectors.join(), 10_000);
    const takeoverMs = performance.now() - killedAt;
    console.log(`projections takeover after SIGKILL: ${takeoverMs.toFixed(0)} ms`);
    expect(takeoverMs).toBeLessThan(5_000);
    await pause(1_000);
    running = false;
    await load;
    const gifts = client.acknowledged.filter((o) => o.kind === 'send-gift').length;
    expect(gifts).toBeGreaterThan(0);
    expect(client.lost).toEqual([]);

    // Every gift applied once: the host's gift wall counts the gifts in the log, and every money
    // read model equals a replay of the whole log.
    await waitForProjections(db.pool, 30_000);
    const { rows: inLog } = await db.pool.query<{ n: string }>(
      `select coalesce(sum((data->>'quantity')::bigint), 0)::text as n from events where type = 'GiftSent' and data->'recipients' ? $1`,
      [host.uid],
    );
    const { rows: onWall } = await db.pool.query<{ n: string }>(
      `select coalesce(sum(quantity), 0)::text as n from rm.gift_wall where uid = $1`,
      [host.uid],
    );
    const [logged, walled] = [Number(inLog[0]!.n), Number(onWall[0]!.n)];
    const counts = { gifts, logged, lost: Math.max(0, logged - walled), doubled: Math.max(0, walled - logged) };
    console.log(`projections lease test: ${JSON.stringify(counts)}`);
    expect(logged).toBe(gifts);
    expect([counts.lost, counts.doubled]).toEqual([0, 0]);
    for (const name of ['gift-wall', 'wallet-balances', 'global-leaderboards', 'lobby-leaderboards']) {
      const projector = projectors.find((p) => p.name === name)!;
      const schema = `replay_${name.replace(/-/g, '_')}`;
      await replayProjection(db.pool, projector, schema);
      for (const table of projector.tables) expect(await rowsOf('rm', table), `${name}.${table}`).toEqual(await rowsOf(schema, table));
    }
    const audit = await ledgerAudit(db.url);
    expect(audit.code, audit.output).toBe(0);
  }, 180_000);
});
