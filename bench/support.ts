// What every benchmark shares: a fresh migrated database on the machine's PostgreSQL (or an
// embedded one), percentiles, and one printed line per figure with its ratio to the baseline.
import http from 'node:http';
import pg from 'pg';
import { createPool } from '@murmur/eventstore';
import { migrateAll } from '../scripts/migrations.ts';
import { databaseUrl, findPostgresServer } from '../scripts/postgres-server.ts';

export interface BenchDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function benchDatabase(name: string, poolSize = 40): Promise<BenchDatabase> {
  const server = await findPostgresServer({ dataDir: '.data/bench-pg', port: 54330, forTests: true });
  const db = `murmur_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`create database ${db}`);
  await admin.end();
  const url = databaseUrl(server.adminUrl, db);
  const pool = createPool(url, { max: poolSize, applicationName: `bench-${name}` });
  await migrateAll(pool);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: server.adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${db} with (force)`);
      await a.end();
      await server.stop();
    },
  };
}

/** A whole GiftSent's data, the event the append benches write (the store checks every registered
 * type's data, and that check is part of an append's cost). */
export const giftSentData = (senderUid = 'u-0') => ({
  senderUid,
  giftId: 'rose',
  giftName: 'Rose',
  quantity: 1,
  unitPrice: 10,
  diamondsTotal: 10,
  recipients: ['u-1'],
  charmPerRecipient: 5,
  sentAt: new Date().toISOString(),
});

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface Figure {
  bench: string;
  case: string;
  value: number;
  unit: string;
  baseline?: number;
  /** value / baseline, printed as a percentage. */
  ratio?: number;
  target?: string;
  extra?: Record<string, string | number>;
}

/** Figures that reported failed calls since the last `takeReportedFailures()`: bench/run.ts fails
 * the bench that reported them. */
const reportedFailures: string[] = [];

export function takeReportedFailures(): string[] {
  return reportedFailures.splice(0);
}

export function report(f: Figure): Figure {
  const failures = f.extra?.failures;
  if (typeof failures === 'number' && failures > 0) reportedFailures.push(`${f.bench} | ${f.case}: ${failures} failed`);
  const ratio = f.baseline ? f.value / f.baseline : undefined;
  const parts = [`${f.bench} | ${f.case}: ${f.value.toFixed(1)} ${f.unit}`];
  if (f.baseline !== undefined) parts.push(`baseline ${f.baseline.toFixed(1)} ${f.unit}`, `ratio ${(100 * (ratio ?? 0)).toFixed(0)}%`);
  if (f.extra) parts.push(...Object.entries(f.extra).map(([k, v]) => `${k} ${typeof v === 'number' ? v.toFixed(1) : v}`));
  if (f.target) parts.push(`target ${f.target}`);
  console.log(parts.join(' | '));
  return { ...f, ratio };
}

/** Runs `task` from `workers` concurrent loops until `total` calls are done; returns per-call latencies (ms) and the rate. */
export async function drive(
  total: number,
  workers: number,
  task: (i: number) => Promise<void>,
): Promise<{ perSecond: number; latencies: number[] }> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: total / seconds, latencies };
}

/** A JSON call to one local HTTP port through `agent` that resolves with the parsed answer when the
 * status is `expect`, and rejects with the status and the start of the body otherwise. */
export function jsonCaller(port: number, agent: http.Agent) {
  return (method: string, urlPath: string, expect: number, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: urlPath,
          method,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== expect) reject(new Error(`${method} ${urlPath}: ${res.statusCode} ${text.slice(0, 200)}`));
            else resolve(text ? JSON.parse(text) : null);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}
