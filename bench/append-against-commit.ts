// The append bench's cases run by an earlier commit's event store and by today's, in one process and
// one run, taking turns in quarter-second slices: "within 10% of the figures before the chain" measured
// where the machine's drift falls on both alike (docs/BENCHMARKS.md, "Appends against the day's store").
//
//   git worktree add /tmp/day b9a8c62 && (cd /tmp/day && npm install)
//   npx tsx bench/append-against-commit.ts /tmp/day
//
// The earlier store writes the money streams (`wallet-...`) as it did then; today's hash-chains them, and
// appends unchained streams beside them, so both ratios print: chained of the earlier store, and
// chained of today's unchained appends; then the same comparison in CPU per event (this process's and
// the party's database server processes'), which another load on the machine moves less than a rate.
// Not a *.bench.ts: it needs the earlier checkout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createPool, migrate, PostgresEventStore } from '@murmur/eventstore';
import { databaseUrl, findPostgresServer } from '../scripts/postgres-server.ts';
import { giftSentData, report } from './support.ts';
import { inTurns, type CpuMeter, type CpuSpent, type Task } from './turns.ts';

/** What both stores offer; the earlier one is loaded from its checkout. */
interface Store {
  append(
    streamId: string,
    events: Array<{ type: string; data: unknown }>,
    options?: { expectedVersion?: bigint | 'any' | 'no_stream'; idempotencyKey?: string },
  ): Promise<{ nextExpectedVersion: bigint }>;
}
interface StoreModule {
  createPool(url: string, options: { max: number }): pg.Pool;
  migrate(pool: pg.Pool): Promise<unknown>;
  PostgresEventStore: new (pool: pg.Pool) => Store;
}

const checkout = process.argv[2];
if (!checkout) {
  console.error('usage: npx tsx bench/append-against-commit.ts <an earlier checkout, installed>');
  process.exit(2);
}
/** The earlier store and today's on money streams (`wallet-...`: chained today), today's on plain ones. */
type Party = 'earlier' | 'chained' | 'plain';
const prefixes: Record<Party, string> = { earlier: 'wallet-', chained: 'wallet-', plain: 'plain-' };
const parties = Object.keys(prefixes) as Party[];

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const earlier = (await import(path.resolve(checkout, 'eventstore/src/index.ts'))) as StoreModule;
const server = await findPostgresServer({ dataDir: '.data/bench-pg', port: 54330, forTests: true });
const admin = new pg.Client({ connectionString: server.adminUrl });
await admin.connect();
// A database each, today's unchained appends in one of their own: each takes the same volume of rows,
// so none pays for a bigger table than the others.
const names = {
  earlier: `murmur_bench_earlier_${process.pid}`,
  chained: `murmur_bench_chained_${process.pid}`,
  plain: `murmur_bench_plain_${process.pid}`,
};
for (const db of Object.values(names)) {
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`create database ${db}`);
}
// 30 connections each: three pools within the server's 100.
const earlierPool = earlier.createPool(databaseUrl(server.adminUrl, names.earlier), { max: 30 });
const chainedPool = createPool(databaseUrl(server.adminUrl, names.chained), { max: 30 });
const plainPool = createPool(databaseUrl(server.adminUrl, names.plain), { max: 30 });
// Connections stay open between a party's turns, so each backend's CPU is read across the whole run.
for (const pool of [earlierPool, chainedPool, plainPool]) pool.options.idleTimeoutMillis = 0;

/** CPU per party: this process's during the party's slices (one party runs at a time), and the CPU of
 * the party's database's server processes, from each backend's schedstat (nanoseconds on a core). */
const backendsCpu = async (db: string): Promise<number> => {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [db]);
  let ns = 0;
  for (const { pid } of rows) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a backend that ended between the list and the read
    }
  }
  return ns / 1000;
};
const meter: CpuMeter<Party> = {
  async read(party) {
    const database = await backendsCpu(names[party]);
    const { user, system } = process.cpuUsage();
    return { node: user + system, database };
  },
};

try {
  await earlier.migrate(earlierPool);
  await migrate(chainedPool);
  await migrate(plainPool);
  const stores: Record<Party, Store> = {
    earlier: new earlier.PostgresEventStore(earlierPool),
    chained: new PostgresEventStore(chainedPool) as Store,
    plain: new PostgresEventStore(plainPool) as Store,
  };

  const payload = giftSentData();
  for (let i = 0; i < 400; i++) {
    for (const [party, store] of Object.entries(stores))
      await store.append(`${prefixes[party as Party]}warm${i}`, [{ type: 'GiftSent', data: payload }]);
  }
  const batch = Array.from({ length: 100 }, (_, i) => ({
    type: 'GiftSent',
    data: { ...payload, sentAt: new Date(Date.parse(payload.sentAt) + i).toISOString() },
  }));

  const tasks = (make: (store: Store, stream: (name: string) => string) => Task) =>
    Object.fromEntries(
      Object.entries(stores).map(([party, store]) => [party, make(store, (name) => `${prefixes[party as Party]}${party}${name}`)]),
    ) as Record<Party, Task>;
  let fresh = 0;
  /** Each writer on its own stream with the expected version it holds, as commands do. */
  const held = (events: typeof batch) => {
    const versions = new Map<string, bigint>();
    const tag = fresh++;
    return tasks((store, stream) => async (_i, w) => {
      const id = stream(`h${tag}x${w}`);
      const r = await store.append(id, events, { expectedVersion: versions.get(id) ?? 'no_stream' });
      versions.set(id, r.nextExpectedVersion);
    });
  };
  const cases: Array<{ name: string; workers: number; perAppend: number; tasks: () => Record<Party, Task> }> = [
    ...[1, 8, 32].map((workers) => ({
      name: `single-event appends, ${workers} writers`,
      workers,
      perAppend: 1,
      tasks: () => held(batch.slice(0, 1)),
    })),
    {
      name: '100-event appends, 8 writers, a new stream each',
      workers: 8,
      perAppend: 100,
      tasks: () => tasks((store, stream) => async () => void (await store.append(stream(`n${fresh++}`), batch))),
    },
    { name: '100-event appends, 8 writers, each on its stream', workers: 8, perAppend: 100, tasks: () => held(batch) },
    {
      name: 'single-event appends with a key, 32 writers',
      workers: 32,
      perAppend: 1,
      tasks: () =>
        tasks((store, stream) => async () => {
          const k = fresh++;
          await store.append(stream(`k${k}`), [batch[0]!], { idempotencyKey: stream(`key-${k}`) });
        }),
    },
  ];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const c of cases) {
      const r = await inTurns(c.workers, c.tasks(), SECONDS, 0.25, meter);
      const rate = (p: Party) => r[p].perSecond * c.perAppend;
      const perEvent = (p: Party): CpuSpent => {
        const events = r[p].calls * c.perAppend;
        return { node: r[p].cpu!.node / events, database: r[p].cpu!.database / events };
      };
      const cpu = Object.fromEntries(parties.map((p) => [p, perEvent(p)])) as Record<Party, CpuSpent>;
      const total = (p: Party) => cpu[p].node + cpu[p].database;
      report({
        bench: `append against ${path.basename(checkout)}`,
        case: `${c.name}, money streams chained, of the earlier store (round ${round})`,
        value: rate('chained'),
        unit: 'events/s',
        baseline: rate('earlier'),
        target: '>= 90%',
        extra: { 'today unchained events/s': rate('plain'), 'chained of unchained %': (100 * rate('chained')) / rate('plain') },
      });
      // The same comparison in CPU per event, which the machine's other load does not move: the earlier
      // store's CPU per event over the chained one's (100% = as cheap as the earlier store).
      report({
        bench: `append against ${path.basename(checkout)}`,
        case: `${c.name}, CPU per event, money streams chained, the earlier store's of today's (round ${round})`,
        value: (100 * total('earlier')) / total('chained'),
        unit: '%',
        target: '>= 90%',
        extra: Object.fromEntries(
          parties.map((p) => [
            `${p} us/event (node + database)`,
            `${total(p).toFixed(1)} (${cpu[p].node.toFixed(1)} + ${cpu[p].database.toFixed(1)})`,
          ]),
        ),
      });
    }
  }
} finally {
  await Promise.all([earlierPool.end(), chainedPool.end(), plainPool.end()]);
  for (const db of Object.values(names)) await admin.query(`drop database if exists ${db} with (force)`);
  await admin.end();
  await server.stop();
}
