// Projection throughput with every registered projector: a backlog of gifts (the load the command
// path makes most of) and a few credits is appended first, then the projections runner as the
// projections process runs it catches up from nothing. Prints events per second through the slowest
// projector, and each projector's time per event, so the slowest is named. Baseline, same run: a
// projector that reads every event and writes nothing, over the same backlog. Then what a steady
// trickle costs: PostgreSQL CPU per event for lane batches of 20 gifts against batches of 500.
import { applyOneBatch, PostgresEventStore, subscriptionCaughtUp, type NewEvent } from '@murmur/eventstore';
import type pg from 'pg';
import { ensureReadModels } from '../projections/src/read-models.ts';
import { projectors } from '../projections/src/registry.ts';
import { DEFAULT_LANES, lanesOf, projectorHandler, ProjectionRunner } from '../projections/src/runner.ts';
import type { Projector } from '../projections/src/projector.ts';
import { cpuMs } from './process-cpu.ts';
import { benchDatabase, report } from './support.ts';
import { benchSize } from './size.ts';

const EVENTS = benchSize({ full: 20_000, tiny: 500, env: 'PROJECTIONS_BENCH_EVENTS' });
/** Lane batches of this many gifts stand for a steady trickle (what a lane reads at ~1,000 gifts/s). */
const TRICKLE = 20;
const TRICKLE_BATCHES = benchSize({ full: 100, tiny: 3, env: 'PROJECTIONS_TRICKLE_BATCHES' });

function gift(i: number): NewEvent {
  const quantity = 1 + (i % 3);
  return {
    type: 'GiftSent',
    data: {
      senderUid: `fan${i % 500}`,
      giftId: 'rose',
      giftName: 'Rose',
      quantity,
      unitPrice: 10,
      diamondsTotal: quantity * 10,
      recipients: [`host${(i * 7) % 100}`],
      charmPerRecipient: quantity * 5,
      lobbyId: `lobby${i % 20}`,
      sentAt: new Date().toISOString(),
    },
  };
}

/** Each projector's apply, timed. */
function timedProjectors(list: Projector[], spent: Map<string, number>): Projector[] {
  return list.map((p) => ({
    ...p,
    async apply(events, ctx) {
      const t = performance.now();
      await p.apply(events, ctx);
      spent.set(p.name, (spent.get(p.name) ?? 0) + performance.now() - t);
    },
  }));
}

async function catchUp(db: { url: string; pool: import('pg').Pool }, list: Projector[], errors: string[]): Promise<number> {
  const runner = new ProjectionRunner(db.pool, db.url, list, {
    pollIntervalMs: 50,
    ...(process.env.PROJECTIONS_BENCH_LANES ? { lanes: Number(process.env.PROJECTIONS_BENCH_LANES) } : {}),
    onError: (name, err) => errors.push(`${name}: ${(err as Error).message}`),
  });
  const started = performance.now();
  await runner.start();
  for (;;) {
    const done = await Promise.all(list.map((p) => subscriptionCaughtUp(db.pool, p.name)));
    if (done.every(Boolean)) break;
    if (performance.now() - started > 600_000) throw new Error('projections did not catch up in 10 minutes');
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return seconds;
}

/** PostgreSQL CPU of the lanes' connections while `work` runs, in ms. */
async function lanesCpu(pids: number[], work: () => Promise<void>): Promise<number> {
  const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  await work();
  return pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before;
}

/** Every projector in the runner's lanes, each lane on its own connection as the runner runs it:
 * PostgreSQL CPU per event for batches of TRICKLE gifts against the same projectors applying a
 * backlog in batches of 500, same run. What a batch costs whatever its size (round trips, parsing
 * and planning, the log's horizon) shows as the gap. */
async function trickle(db: { pool: pg.Pool }, store: PostgresEventStore, next: { i: number }): Promise<void> {
  const lanes = lanesOf(projectors, DEFAULT_LANES).map((lane) => lane.map((p) => projectorHandler(p)));
  const clients = await Promise.all(lanes.map(() => db.pool.connect()));
  try {
    const pids = await Promise.all(
      clients.map(async (c) => (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid),
    );
    const applyAll = async (batchSize: number) => {
      for (const [l, lane] of lanes.entries()) {
        for (;;) {
          const outcome = await applyOneBatch(clients[l]!, lane, batchSize);
          const failed = outcome.failed[0];
          if (failed) throw new Error(`${failed.name} failed a batch: ${(failed.error as Error).message}`);
          if (outcome.count === 0) break;
        }
      }
    };
    const appendGifts = async (count: number) => {
      for (let k = 0; k < count; k += 5) {
        const from = next.i;
        next.i += 5;
        await store.append(
          `bench-gifts-trickle-${from}`,
          Array.from({ length: Math.min(5, count - k) }, (_, j) => gift(from + j)),
        );
      }
    };
    const events = TRICKLE * TRICKLE_BATCHES;
    await appendGifts(events);
    const backlogMs = await lanesCpu(pids, () => applyAll(500));
    let trickleMs = 0;
    for (let b = 0; b < TRICKLE_BATCHES; b++) {
      await appendGifts(TRICKLE);
      trickleMs += await lanesCpu(pids, () => applyAll(500));
    }
    // /proc counts CPU in 10 ms ticks: at the tiny size a side may read 0.
    const perCpuSecond = (ms: number) => events / (Math.max(ms, 10) / 1000);
    report({
      bench: 'projections',
      case: `lane batches of ${TRICKLE} gifts (a steady trickle), all ${projectors.length} projectors in ${lanes.length} lanes: events per PostgreSQL CPU-second`,
      value: perCpuSecond(trickleMs),
      unit: 'events/CPU-s',
      baseline: perCpuSecond(backlogMs),
      extra: {
        'postgres CPU us/event, trickle': (1000 * trickleMs) / events,
        'postgres CPU us/event, batches of 500 (baseline)': (1000 * backlogMs) / events,
      },
    });
  } finally {
    for (const c of clients) c.release();
  }
}

export default async function projectionsBench(): Promise<void> {
  const db = await benchDatabase('projections', 60);
  try {
    await ensureReadModels(db.pool);
    const store = new PostgresEventStore(db.pool);
    // Credits for every sender first, then the gifts, appended 50 per append from 8 writers.
    for (let s = 0; s < 500; s++) {
      await store.append(`wallet-fan${s}`, [
        {
          type: 'DiamondsCredited',
          data: { uid: `fan${s}`, amount: 1_000_000, reason: 'demo_grant', reference: `r${s}`, creditedAt: new Date().toISOString() },
        },
      ]);
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        while (next < EVENTS) {
          const from = next;
          next += 50;
          const events = Array.from({ length: Math.min(50, EVENTS - from) }, (_, k) => gift(from + k));
          await store.append(`bench-gifts-${w}-${from}`, events);
        }
      }),
    );
    const total = EVENTS + 500;
    const errors: string[] = [];
    // The baseline reads every event of the log and writes nothing but its checkpoint.
    const reader: Projector = {
      name: 'bench-log-reader',
      tables: [],
      handles: [],
      createTables: async () => undefined,
      apply: async () => undefined,
    };
    const baselineSeconds = await catchUp(db, [reader], errors);
    const spent = new Map<string, number>();
    const seconds = await catchUp(db, timedProjectors(projectors, spent), errors);
    report({
      bench: 'projections',
      case: `catch-up over ${total} events, all ${projectors.length} projectors`,
      value: total / seconds,
      unit: 'events/s',
      baseline: total / baselineSeconds,
      extra: { seconds, 'baseline seconds': baselineSeconds },
    });
    const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(
      `time per event (apply only), slowest first: ${slowest.map(([n, ms]) => `${n} ${((1000 * ms) / total).toFixed(1)} us`).join(', ')}`,
    );
    if (errors.length > 0) throw new Error(`projection errors (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
    await trickle(db, store, { i: EVENTS });
  } finally {
    await db.drop();
  }
}
