// Append throughput of the event store beside raw INSERTs of the same shape, same concurrency, same
// database, same run. Targets: single-event appends at 32 writers >= 60% of raw, 100-event appends
// >= 70% of a raw 100-row INSERT. Money (chained) appends are set beside unchained ones to show the
// chain's cost; whether they stay within 10% of the figures before the chain is measured against that
// day's store in the same run (bench/append-against-commit.ts, docs/BENCHMARKS.md).
import { PostgresEventStore } from '@murmur/eventstore';
import { benchDatabase, drive, giftSentData, report } from './support.ts';
import { inTurns, timed as timedFor, type Task } from './turns.ts';
import { benchSize } from './size.ts';

const SECONDS_PER_CASE = benchSize({ full: 2, tiny: 0.2, env: 'BENCH_SECONDS' });

const timed = (workers: number, task: Task, seconds = SECONDS_PER_CASE) => timedFor(workers, task, seconds);

export default async function appendBench(): Promise<void> {
  const db = await benchDatabase('append', 40);
  try {
    const store = new PostgresEventStore(db.pool);
    await db.pool.query(
      `create table raw_baseline (id bigint generated always as identity primary key, stream_id text not null, data jsonb not null, created_at timestamptz not null default now())`,
    );
    const payload = giftSentData();
    await drive(200, 8, async (i) => void (await store.append(`warm-${i}`, [{ type: 'TestWarmed', data: payload }]))); // warm up

    // Baseline and store alternate in rounds, so a drift of the machine's speed hits both alike.
    const ROUNDS = benchSize({ full: 3, tiny: 1 });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const workers of [1, 8, 32]) {
      const versions = new Map<number, bigint>();
      const rawRounds: Awaited<ReturnType<typeof timed>>[] = [];
      const esRounds: Awaited<ReturnType<typeof timed>>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        rawRounds.push(
          await timed(
            workers,
            async (i) =>
              void (await db.pool.query('insert into raw_baseline (stream_id, data) values ($1, $2)', [
                `s-${workers}-${round}-${i}`,
                payload,
              ])),
          ),
        );
        // Each writer appends to its own stream with the expected version it holds, as commands do.
        esRounds.push(
          await timed(workers, async (_i, w) => {
            const r = await store.append(`bench-${workers}-${w}`, [{ type: 'GiftSent', data: payload }], {
              expectedVersion: versions.get(w) ?? 'any',
            });
            versions.set(w, r.nextExpectedVersion);
          }),
        );
      }
      const raw = { perSecond: mean(rawRounds.map((r) => r.perSecond)), p99: Math.max(...rawRounds.map((r) => r.p99)) };
      const es = {
        perSecond: mean(esRounds.map((r) => r.perSecond)),
        p50: mean(esRounds.map((r) => r.p50)),
        p99: Math.max(...esRounds.map((r) => r.p99)),
      };
      report({
        bench: 'append',
        case: `single-event appends, ${workers} writers`,
        value: es.perSecond,
        unit: 'events/s',
        baseline: raw.perSecond,
        target: workers === 32 ? '>= 60% of raw' : undefined,
        extra: { 'p50 ms': es.p50, 'p99 ms': es.p99, 'raw p99 ms': raw.p99, rounds: ROUNDS },
      });
    }

    // The same appends on money streams (`wallet-...`), whose events the store hash-chains
    // (docs/decisions/ledger-proof.md), beside the same appends to unchained streams in alternating
    // short slices: what the chain costs.
    for (const workers of [1, 32]) {
      const versions = new Map<string, bigint>();
      const appendTo = (prefix: string) => async (_i: number, w: number) => {
        const stream = `${prefix}${workers}x${w}`;
        const r = await store.append(stream, [{ type: 'GiftSent', data: payload }], { expectedVersion: versions.get(stream) ?? 'any' });
        versions.set(stream, r.nextExpectedVersion);
      };
      const { plain, chained } = await inTurns(
        workers,
        { plain: appendTo('plain-bench'), chained: appendTo('wallet-bench') },
        SECONDS_PER_CASE * ROUNDS,
      );
      report({
        bench: 'append',
        case: `single-event appends to money streams (chained), ${workers} writers`,
        value: chained.perSecond,
        unit: 'events/s',
        baseline: plain.perSecond,
        extra: { 'p99 ms': chained.p99, 'unchained p99 ms': plain.p99, slices: chained.slices },
      });
    }

    // 100 events per append beside a raw INSERT of the same 100 rows in one statement (one round
    // trip, one commit): the same shape, so the ratio is the store's own cost per event.
    const BATCH = 100;
    const batch = Array.from({ length: BATCH }, (_, i) => ({
      type: 'GiftSent' as const,
      data: { ...payload, sentAt: new Date(Date.parse(payload.sentAt) + i).toISOString() },
    }));
    const rawBatch = batch.map((e) => e.data);
    type Rounds = Awaited<ReturnType<typeof timed>>[];
    const batchRounds = { raw: [] as Rounds, plain: [] as Rounds };
    for (let round = 0; round < ROUNDS; round++) {
      batchRounds.raw.push(
        await timed(8, async (i) => {
          await db.pool.query('insert into raw_baseline (stream_id, data) select $1, d from unnest($2::jsonb[]) d', [
            `b-${round}-${i}`,
            rawBatch.map((d) => JSON.stringify(d)),
          ]);
        }),
      );
      batchRounds.plain.push(await timed(8, async (i) => void (await store.append(`batch-${round}-${i}`, batch))));
    }
    const rawBatchRate = mean(batchRounds.raw.map((r) => r.perSecond)) * BATCH;
    const plainBatchRate = mean(batchRounds.plain.map((r) => r.perSecond)) * BATCH;
    report({
      bench: 'append',
      case: `batched appends (${BATCH} events), 8 writers`,
      value: plainBatchRate,
      unit: 'events/s',
      baseline: rawBatchRate,
      target: '>= 70% of raw 100-row INSERT',
      extra: {
        'p99 ms': Math.max(...batchRounds.plain.map((r) => r.p99)),
        'raw p99 ms': Math.max(...batchRounds.raw.map((r) => r.p99)),
        rounds: ROUNDS,
      },
    });

    // Money streams beside unchained ones, taking turns in short slices: a new stream each append...
    let fresh = 0;
    const newStreams = await inTurns(
      8,
      {
        plain: async () => void (await store.append(`batch-new-${fresh++}`, batch)),
        chained: async () => void (await store.append(`wallet-batch-new${fresh++}`, batch)),
      },
      SECONDS_PER_CASE * ROUNDS,
    );
    report({
      bench: 'append',
      case: `batched appends (${BATCH} events) to money streams (chained), 8 writers, a new stream each (expected version any)`,
      value: newStreams.chained.perSecond * BATCH,
      unit: 'events/s',
      baseline: newStreams.plain.perSecond * BATCH,
      extra: { 'p99 ms': newStreams.chained.p99, 'unchained p99 ms': newStreams.plain.p99, slices: newStreams.chained.slices },
    });
    // ...and as a wallet appends: each writer to its own stream with the expected version it holds,
    // through the append batcher.
    const batchVersions = new Map<string, bigint>();
    const appendHeld = async (stream: string) => {
      const r = await store.append(stream, batch, { expectedVersion: batchVersions.get(stream) ?? 'no_stream' });
      batchVersions.set(stream, r.nextExpectedVersion);
    };
    const held = await inTurns(
      8,
      { plain: (_i, w) => appendHeld(`held-batch-${w}`), chained: (_i, w) => appendHeld(`wallet-heldbatch${w}`) },
      SECONDS_PER_CASE * ROUNDS,
    );
    report({
      bench: 'append',
      case: `batched appends (${BATCH} events) to money streams (chained), 8 writers, each on its stream with its expected version`,
      value: held.chained.perSecond * BATCH,
      unit: 'events/s',
      baseline: held.plain.perSecond * BATCH,
      extra: { 'p99 ms': held.chained.p99, 'unchained p99 ms': held.plain.p99, slices: held.chained.slices },
    });

    // Idempotent appends pay for the key claim.
    const raw = await timed(
      32,
      async (i) => void (await db.pool.query('insert into raw_baseline (stream_id, data) values ($1, $2)', [`i-${i}`, payload])),
    );
    const idem = await timed(
      32,
      async (i) => void (await store.append(`idem-${i}`, [{ type: 'GiftSent', data: payload }], { idempotencyKey: `k-${i}` })),
    );
    report({
      bench: 'append',
      case: 'single-event appends with idempotency key, 32 writers',
      value: idem.perSecond,
      unit: 'events/s',
      baseline: raw.perSecond,
    });
  } finally {
    await db.drop();
  }
}
