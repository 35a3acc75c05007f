// Leaderboard freshness: gifts appended at 1,000/s for ~10 s with every projector running live; for
// each gift, the time from its append returning to the global-leaderboards read model having applied
// it (its rows and checkpoint commit together, so that is when the rank change is readable, and when
// a query with X-Min-Position answers). Baseline: the trivial stream-catalog projection, same run.
import { PostgresEventStore } from '@murmur/eventstore';
import { globalLeaderboards } from '../projections/src/projectors/global-leaderboards.ts';
import { streamCatalog } from '../projections/src/projectors/stream-catalog.ts';
import { projectors } from '../projections/src/registry.ts';
import { ProjectionRunner } from '../projections/src/runner.ts';
import { benchDatabase, percentile, report } from './support.ts';
import { benchSize } from './size.ts';

const RATE = benchSize({ full: 1000, tiny: 200, env: 'LEADERBOARD_BENCH_RATE' });
const SECONDS = benchSize({ full: 10, tiny: 1, env: 'LEADERBOARD_BENCH_SECONDS' });
const MEASURED = 'global-leaderboards';
const BASELINE = 'stream-catalog';
/** 'all' runs every registered projector (the projections process as deployed); 'own' only the
 * measured one and the baseline, to see the projector itself apart from the others' load. */
const RUNNER = process.env.LEADERBOARD_BENCH_RUNNER === 'all' ? 'all' : 'own';
const IN_FLIGHT = Number(process.env.LEADERBOARD_BENCH_IN_FLIGHT ?? 40);

interface Sent {
  position: bigint;
  appendedAt: number;
  tx?: bigint;
  seen: Map<string, number>;
}

export default async function leaderboardBench(): Promise<void> {
  // Each running projector holds one connection of the pool for its subscription.
  const db = await benchDatabase('leaderboard', IN_FLIGHT + 10 + (RUNNER === 'all' ? projectors.length : 2));
  const store = new PostgresEventStore(db.pool);
  const errors: string[] = [];
  const running = RUNNER === 'all' ? projectors : [globalLeaderboards, streamCatalog];
  const runner = new ProjectionRunner(db.pool, db.url, running, {
    pollIntervalMs: 100,
    onError: (name, err) => errors.push(`${name}: ${(err as Error).message}`),
  });
  await runner.start();
  const sent: Sent[] = [];
  const pending: Sent[] = [];
  let stopTracking = false;
  let lastAppend = performance.now();
  let oldestOpenMs = 0;

  // Watches both checkpoints every 5 ms and stamps each gift when each projection has applied it.
  const tracker = (async () => {
    while (!stopTracking || pending.length > 0) {
      const unknown = pending.filter((s) => s.tx === undefined).map((s) => s.position.toString());
      if (unknown.length > 0) {
        const { rows } = await db.pool.query<{ p: string; tx: string }>(
          'select global_position::text as p, transaction_id::text as tx from events where global_position = any($1::bigint[])',
          [unknown],
        );
        const byPosition = new Map(rows.map((r) => [r.p, BigInt(r.tx)]));
        for (const s of pending) if (s.tx === undefined) s.tx = byPosition.get(s.position.toString());
      }
      const { rows } = await db.pool.query<{ name: string; tx: string; p: string }>(
        'select name, transaction_id::text as tx, global_position::text as p from subscription_checkpoints where name = any($1::text[])',
        [[MEASURED, BASELINE]],
      );
      // Transaction ids are cluster-wide: a long transaction in ANY database holds every log reader
      // back (docs/decisions/foundation.md), so the oldest one is reported beside the figures.
      const { rows: open } = await db.pool.query<{ age: number | null }>(
        `select extract(epoch from max(now() - xact_start))::float8 * 1000 as age from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid()`,
      );
      oldestOpenMs = Math.max(oldestOpenMs, open[0]?.age ?? 0);
      const now = performance.now();
      for (const cp of rows) {
        const tx = BigInt(cp.tx);
        const p = BigInt(cp.p);
        for (const s of pending) {
          if (s.tx === undefined || s.seen.has(cp.name)) continue;
          if (s.tx < tx || (s.tx === tx && s.position <= p)) s.seen.set(cp.name, now - s.appendedAt);
        }
      }
      for (let i = pending.length - 1; i >= 0; i--) if (pending[i]!.seen.size === 2) pending.splice(i, 1);
      if (stopTracking && performance.now() - lastAppend > 30_000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  let n = 0;
  let inFlight = 0;
  let behind = 0;
  const appendLatencies: number[] = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  const sendOne = async (i: number) => {
    const sender = `fan${i % 500}`;
    const host = `host${(i * 7) % 100}`;
    const quantity = 1 + (i % 3);
    const t0 = performance.now();
    const r = await store.append(
      `wallet-${sender}`,
      [
        {
          type: 'GiftSent',
          data: {
            senderUid: sender,
            giftId: 'rose',
            giftName: 'Rose',
            quantity,
            unitPrice: 10,
            diamondsTotal: quantity * 10,
            recipients: [host],
            charmPerRecipient: quantity * 5,
            lobbyId: `lobby${i % 20}`,
            sentAt: new Date().toISOString(),
          },
        },
      ],
      { idempotencyKey: `bench-gift-${i}` },
    );
    const t1 = performance.now();
    appendLatencies.push(t1 - t0);
    lastAppend = t1;
    // Every 5th gift is tracked, which keeps the tracker's own work small.
    if (i % 5 !== 0) return;
    const s: Sent = { position: r.lastPosition, appendedAt: t1, seen: new Map() };
    sent.push(s);
    pending.push(s);
  };
  // Paced: every 10 ms the gifts due by then are started, with at most 200 in flight.
  while (n < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    while (n < due) {
      if (inFlight >= IN_FLIGHT) {
        behind = Math.max(behind, due - n);
        break;
      }
      const i = n++;
      inFlight++;
      void sendOne(i)
        .catch((e) => errors.push(String(e)))
        .finally(() => inFlight--);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  const sendSeconds = (performance.now() - started) / 1000;
  stopTracking = true;
  await tracker;
  await runner.stop();

  const lat = (name: string) =>
    sent
      .map((s) => s.seen.get(name))
      .filter((v): v is number => v !== undefined)
      .sort((a, b) => a - b);
  const measured = lat(MEASURED);
  const baseline = lat(BASELINE);
  appendLatencies.sort((a, b) => a - b);
  const rate = (n - errors.length) / sendSeconds;
  console.log(`projectors running: ${running.length} (${RUNNER})`);
  report({
    bench: 'leaderboard',
    case: 'gift append rate',
    value: rate,
    unit: 'gifts/s',
    target: `${RATE}/s`,
    extra: { gifts: n, 'append p99 ms': percentile(appendLatencies, 99) },
  });
  report({
    bench: 'leaderboard',
    case: 'append -> rank readable p50',
    value: percentile(measured, 50),
    unit: 'ms',
    baseline: percentile(baseline, 50),
  });
  report({
    bench: 'leaderboard',
    case: 'append -> rank readable p99',
    value: percentile(measured, 99),
    unit: 'ms',
    baseline: percentile(baseline, 99),
    target: '< 500 ms',
    extra: { max: measured.at(-1) ?? 0, tracked: measured.length, 'oldest open tx in cluster ms': oldestOpenMs },
  });
  if (behind > 0) console.log(`(pacing fell behind by up to ${behind} gifts at the ${IN_FLIGHT}-in-flight cap)`);
  await db.drop();
  if (errors.length > 0) throw new Error(`errors (${errors.length}): ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
}
