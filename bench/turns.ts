// Timed runs of concurrent loops, and several cases taking turns in short slices, for benches that
// set one case against another in the same run.
import { percentile } from './support.ts';

export type Task = (i: number, worker: number) => Promise<void>;

/** `workers` concurrent loops of `task` for `seconds` (a fixed time rather than a fixed count, so slow
 * and fast cases both finish). */
export async function timed(workers: number, task: Task, seconds: number) {
  let count = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const i = count++;
        const t = performance.now();
        await task(i, worker);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return { count, elapsed, latencies, perSecond: count / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Cases taking turns in short slices, `seconds` each in all, the order turned by one every slice (two
 * cases: A B B A ...; three: A B C, B C A, C A B ...), so each holds every place as often: a drift of
 * the machine (a checkpoint every 10-20 s at these rates, another process) falls on all alike, where
 * rounds of seconds let one checkpoint land on one case. Each rate is all its calls over all its time. */
export async function inTurns<Name extends string>(
  workers: number,
  tasks: Record<Name, Task>,
  seconds: number,
  slice = 0.25,
  meter?: CpuMeter<Name>,
): Promise<Record<Name, { perSecond: number; p99: number; slices: number; calls: number; cpu?: CpuSpent }>> {
  const names = Object.keys(tasks) as Name[];
  const runs = new Map<Name, Awaited<ReturnType<typeof timed>>[]>(names.map((n) => [n, []]));
  const spent = new Map<Name, CpuSpent>(names.map((n) => [n, { node: 0, database: 0 }]));
  const slices = Math.max(1, Math.round(seconds / slice));
  for (let k = 0; k < slices; k++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(j + k) % names.length]!;
      const before = meter ? await meter.read(name) : null;
      runs.get(name)!.push(await timed(workers, tasks[name], slice));
      if (meter && before) {
        const after = await meter.read(name);
        const s = spent.get(name)!;
        s.node += after.node - before.node;
        s.database += after.database - before.database;
      }
    }
  }
  const totals = {} as Record<Name, { perSecond: number; p99: number; slices: number; calls: number; cpu?: CpuSpent }>;
  for (const [name, rs] of runs) {
    const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const count = rs.reduce((n, r) => n + r.count, 0);
    totals[name] = {
      perSecond: count / rs.reduce((t, r) => t + r.elapsed, 0),
      p99: percentile(latencies, 99),
      slices,
      calls: count,
      ...(meter ? { cpu: spent.get(name)! } : {}),
    };
  }
  return totals;
}

/** CPU time spent, in microseconds: this process's, and the database server's for one case. */
export interface CpuSpent {
  node: number;
  database: number;
}

/** Reads the CPU used so far, for the case about to run or just run: a case's share is what moved
 * during its own slices. The machine's other load lands on the clock, not on these figures. */
export interface CpuMeter<Name extends string> {
  read(name: Name): Promise<CpuSpent>;
}
