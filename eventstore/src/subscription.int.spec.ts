import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { LogListener } from './log-listener.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { applyOneBatch, LeaseLostError, loadCheckpoint, lockKey, Subscription, type SubscriptionHandler } from './subscription.ts';

let db: TestDatabase;
let store: PostgresEventStore;
let listener: LogListener;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  listener = new LogListener(db.url);
  await listener.start();
  await db.pool.query('create table applied (name text not null, position bigint not null)');
});
afterAll(async () => {
  await listener.close();
  await db.drop();
});

const recorder = (name: string): SubscriptionHandler => ({
  name,
  async handle(events, client) {
    for (const e of events) await client.query('insert into applied (name, position) values ($1, $2)', [name, e.globalPosition.toString()]);
  },
});

async function appliedPositions(name: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ position: string }>('select position from applied where name = $1 order by position', [name]);
  return rows.map((r) => r.position);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function appendMany(stream: string, n: number): Promise<bigint[]> {
  const positions: bigint[] = [];
  for (let i = 0; i < n; i++)
    positions.push((await store.append(`${stream}-${i % 7}`, [{ type: 'TestCounted', data: { i } }])).lastPosition);
  return positions;
}

describe('subscriptions', () => {
  it('applies every event exactly once and wakes on NOTIFY', async () => {
    const before = await appendMany('sub-a', 30);
    const sub = new Subscription(db.pool, listener, recorder('once'), { batchSize: 7, pollIntervalMs: 60_000 });
    sub.start();
    // The poll interval is a minute: seeing the later events quickly proves the NOTIFY wake-up.
    const after = await appendMany('sub-b', 10);
    const all = [...before, ...after].map(String);
    await waitFor(
      async () => (await appliedPositions('once')).length >= (await db.pool.query('select count(*)::int as n from events')).rows[0].n,
    );
    await sub.stop();
    const applied = await appliedPositions('once');
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied).toEqual(expect.arrayContaining(all));
  });

  it('lets only one of two runners with the same name apply batches', async () => {
    const a = new Subscription(db.pool, listener, recorder('single'), { batchSize: 5, lockRetryMs: 50 });
    const b = new Subscription(db.pool, listener, recorder('single'), { batchSize: 5, lockRetryMs: 50 });
    a.start();
    b.start();
    await appendMany('sub-c', 20);
    const total = (await db.pool.query('select count(*)::int as n from events')).rows[0].n;
    await waitFor(async () => (await appliedPositions('single')).length >= total);
    expect([a.holdsLock, b.holdsLock].filter(Boolean)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
    const applied = await appliedPositions('single');
    expect(new Set(applied).size).toBe(applied.length);
  });

  it('never commits a batch on a connection that does not hold its lock', async () => {
    await appendMany('sub-lease', 5);
    const client = await db.pool.connect();
    try {
      await expect(applyOneBatch(client, [recorder('unleased')], 10, 'unleased')).rejects.toBeInstanceOf(LeaseLostError);
      expect(await appliedPositions('unleased')).toEqual([]);
      expect((await loadCheckpoint(db.pool, 'unleased')).globalPosition).toBe(0n);
      // Holding it, the same batch commits.
      await client.query('select pg_advisory_lock(hashtext($1))', [lockKey('unleased')]);
      const outcome = await applyOneBatch(client, [recorder('unleased')], 10, 'unleased');
      expect(outcome.count).toBeGreaterThan(0);
      expect(await appliedPositions('unleased')).toHaveLength(outcome.count);
    } finally {
      await client.query('select pg_advisory_unlock_all()');
      client.release();
    }
  });

  it('commits without waiting for the WAL flush only when asked, in that transaction alone', async () => {
    await appendMany('sub-async', 3);
    const seen: Record<string, string> = {};
    const settingOf = (name: string): SubscriptionHandler => ({
      name,
      async handle(_events, client) {
        seen[name] = (await client.query<{ s: string }>(`select current_setting('synchronous_commit') as s`)).rows[0]!.s;
      },
    });
    const client = await db.pool.connect();
    try {
      await applyOneBatch(client, [settingOf('read-model')], 10, undefined, true);
      // The connection goes back to the pool as it came.
      expect((await client.query<{ s: string }>(`select current_setting('synchronous_commit') as s`)).rows[0]!.s).toBe('on');
      await applyOneBatch(client, [settingOf('durable')], 10);
    } finally {
      client.release();
    }
    expect(seen).toEqual({ 'read-model': 'off', durable: 'on' });
    // Committed all the same: the checkpoint moved.
    expect((await loadCheckpoint(db.pool, 'read-model')).globalPosition).toBeGreaterThan(0n);
  });

  it('lets go of its lock when its lease policy says so, and another runner takes over from the checkpoint', async () => {
    let keep = true;
    const changes: boolean[] = [];
    const a = new Subscription(db.pool, listener, recorder('handover'), {
      batchSize: 5,
      lockRetryMs: 50,
      pollIntervalMs: 50,
      lease: { wanted: (holding) => (holding ? keep : changes.length === 0), changed: (held) => void changes.push(held) },
    });
    a.start();
    await appendMany('sub-handover', 12);
    let total = (await db.pool.query('select count(*)::int as n from events')).rows[0].n;
    await waitFor(async () => (await appliedPositions('handover')).length >= total);
    keep = false;
    await waitFor(async () => changes.length === 2);
    expect(changes).toEqual([true, false]);
    expect(a.holdsLock).toBe(false);
    const b = new Subscription(db.pool, listener, recorder('handover'), { batchSize: 5, lockRetryMs: 50 });
    b.start();
    await appendMany('sub-handover', 9);
    total = (await db.pool.query('select count(*)::int as n from events')).rows[0].n;
    await waitFor(async () => (await appliedPositions('handover')).length >= total);
    expect(b.holdsLock).toBe(true);
    expect(a.holdsLock).toBe(false);
    await Promise.all([a.stop(), b.stop()]);
    const applied = await appliedPositions('handover');
    expect(new Set(applied).size).toBe(applied.length);
  });

  it('resumes from its checkpoint after being killed mid-batch, applying nothing twice', async () => {
    await appendMany('sub-d', 60);
    const total = (await db.pool.query('select count(*)::int as n from events')).rows[0].n;
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test-support/slow-subscriber.ts'), db.url, 'killable'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('MID-BATCH') && resolve());
      child.on('exit', () => reject(new Error('subscriber exited early')));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // Only the first, committed batch is visible; the half-applied second one rolled back.
    const afterKill = await appliedPositions('killable');
    expect(afterKill).toHaveLength(25);
    const checkpoint = await loadCheckpoint(db.pool, 'killable');
    expect(checkpoint.globalPosition).toBe(BigInt(afterKill.at(-1)!));

    const sub = new Subscription(db.pool, listener, recorder('killable'), { batchSize: 25 });
    sub.start();
    await waitFor(async () => (await appliedPositions('killable')).length >= total);
    await sub.stop();
    const applied = await appliedPositions('killable');
    expect(applied).toHaveLength(total);
    expect(new Set(applied).size).toBe(total);
  });

  it('runs a group of handlers over one connection; a failing handler neither blocks the others nor loses its events', async () => {
    await appendMany('sub-e', 20);
    const total = (await db.pool.query('select count(*)::int as n from events')).rows[0].n;
    let broken = true;
    const flaky: SubscriptionHandler = {
      name: 'group-flaky',
      async handle(events, client) {
        await recorder('group-flaky').handle(events, client);
        if (broken) throw new Error('projector bug');
      },
    };
    const errors: unknown[] = [];
    const group = new Subscription(db.pool, listener, [recorder('group-ok'), flaky], {
      lockName: 'group',
      batchSize: 10,
      onError: (e) => errors.push(e),
    });
    group.start();
    try {
      await waitFor(async () => (await appliedPositions('group-ok')).length >= total);
      expect(await appliedPositions('group-flaky')).toHaveLength(0); // rolled back to its savepoint
      expect(errors.length).toBeGreaterThan(0);
      broken = false;
      await waitFor(async () => (await appliedPositions('group-flaky')).length >= total);
    } finally {
      await group.stop();
    }
    const flakyApplied = await appliedPositions('group-flaky');
    expect(new Set(flakyApplied).size).toBe(total);
    expect(flakyApplied).toHaveLength(total);
    expect(await appliedPositions('group-ok')).toHaveLength(total);
  });

  it('gives a handler that names its types only those, moves its checkpoint past the rest, and polls without a listener', async () => {
    await appendMany('sub-f', 12);
    const rare: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      rare.push((await store.append(`sub-rare-${i}`, [{ type: 'TestRare', data: { i } }])).lastPosition);
      await appendMany(`sub-g${i}`, 9);
    }
    const head = (await db.pool.query<{ p: string }>('select max(global_position)::text as p from events')).rows[0]!.p;
    const seen: Array<{ type: string; data: unknown }> = [];
    const typed: SubscriptionHandler = {
      name: 'typed-rare',
      types: ['TestRare'],
      async handle(events, client) {
        seen.push(...events.map((e) => ({ type: e.type, data: e.data })));
        await recorder('typed-rare').handle(events, client);
      },
    };
    // Batches of 5 span mostly other events; no listener, so only the 50 ms poll wakes it.
    const sub = new Subscription(db.pool, null, typed, { batchSize: 5, pollIntervalMs: 50 });
    sub.start();
    try {
      await waitFor(async () => (await loadCheckpoint(db.pool, 'typed-rare')).globalPosition >= BigInt(head));
      expect(await appliedPositions('typed-rare')).toEqual(rare.map(String));
      expect(seen).toEqual([0, 1, 2].map((i) => ({ type: 'TestRare', data: { i } })));
      // A Rare event appended now is found by polling alone.
      const late = (await store.append('sub-rare-late', [{ type: 'TestRare', data: { i: 3 } }])).lastPosition;
      await waitFor(async () => (await appliedPositions('typed-rare')).includes(String(late)), 5_000);
    } finally {
      await sub.stop();
    }
    expect(await appliedPositions('typed-rare')).toHaveLength(4);
  });

  it('takes an event held back behind an older open transaction soon after that transaction ends, with no notification', async () => {
    await appendMany('sub-held-first', 1);
    const sub = new Subscription(db.pool, listener, recorder('held-back'), { batchSize: 50, pollIntervalMs: 60_000 });
    sub.start();
    const blocker = await db.pool.connect();
    try {
      await waitFor(async () => (await loadCheckpoint(db.pool, 'held-back')).globalPosition > 0n);
      // An open transaction with an id: every event committed after it stays past the horizon.
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      const late = (await store.append('sub-held', [{ type: 'TestCounted', data: { i: 0 } }])).lastPosition;
      // The append's notification has come and gone while the event could not be read yet; the
      // blocker stays open for seconds, as a slow writer's transaction on a loaded machine does.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await appliedPositions('held-back')).not.toContain(String(late));
      // Its end notifies no one; the poll interval is a minute, so only the held-back look finds it,
      // and its looks stay frequent however long the wait was (doubling to the poll interval, they
      // were 2.5 s apart by now).
      await blocker.query('commit');
      await waitFor(async () => (await appliedPositions('held-back')).includes(String(late)), 1_500);
    } finally {
      blocker.release();
      await sub.stop();
    }
  });
});
