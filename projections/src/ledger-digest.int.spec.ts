import { chainHash, PostgresEventStore } from '@murmur/eventstore';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { DailyDigestWorker } from './daily-digest.ts';
import { moneyStreamHeads, type DigestFile } from './ledger-digest.ts';
import { ledgerProofCommand } from './ledger-proof-cli.ts';

let db: TestDatabase;
let store: PostgresEventStore;
let dir: string;
const demo = { MURMUR_DEMO: 'on' };

const credit = (uid: string, amount: number, n: number) => ({
  type: 'DiamondsCredited' as const,
  data: { uid, amount, reason: 'reward' as const, reference: `r-${n}`, creditedAt: '2026-11-27T07:00:00.000Z' },
});

async function cli(args: string[], env: Record<string, string | undefined> = demo): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await ledgerProofCommand(db.pool, args, (l) => lines.push(l), env);
  return { code, lines };
}

/** Rewrites one event's data and recomputes its stream's chain from there, as someone with the
 * database's keys and this repository's code could: every chain still verifies. */
async function rewriteHistory(streamId: string, version: number, amount: number): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `update events set data = jsonb_set(data, '{amount}', $3::text::jsonb) where stream_id = $1 and stream_version = $2`,
      [streamId, version, amount],
    );
    const { rows } = await client.query<{ stream_version: string; type: string; data: unknown; prev_hash: string }>(
      "select stream_version, type, data, encode(prev_hash, 'hex') as prev_hash from events where stream_id = $1 and stream_version >= $2 order by stream_version",
      [streamId, version],
    );
    let prev = rows[0]!.prev_hash;
    for (const row of rows) {
      const hash = chainHash({ streamId, version: BigInt(row.stream_version), type: row.type, data: row.data, prevHash: prev });
      await client.query(
        "update events set prev_hash = decode($3, 'hex'), hash = decode($4, 'hex') where stream_id = $1 and stream_version = $2",
        [streamId, row.stream_version, prev, hash],
      );
      prev = hash;
    }
    await client.query('set session_replication_role = origin');
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  dir = await mkdtemp(path.join(tmpdir(), 'murmur-digest-'));
  for (const uid of ['ann', 'ben', 'cat']) for (let n = 1; n <= 3; n++) await store.append(`wallet-${uid}`, [credit(uid, n * 10, n)]);
});
afterAll(async () => db?.drop());

describe('signed ledger digests', () => {
  it('records a signed digest that an auditor keeps and checks against the log later, while the log grows', async () => {
    const file = path.join(dir, 'kept.json');
    const recorded = await cli(['--record-digest', '--out', file]);
    expect(recorded.code).toBe(0);
    const kept = JSON.parse(await readFile(file, 'utf8')) as DigestFile;
    expect(kept.streams).toBe(3);
    expect(kept.heads.map((h) => [h.streamId, h.version])).toEqual([
      ['wallet-ann', '3'],
      ['wallet-ben', '3'],
      ['wallet-cat', '3'],
    ]);
    const { events } = await store.readStream('ledger-digest');
    expect(events.map((e) => [e.type, (e.data as { root: string }).root])).toEqual([['LedgerDigestRecorded', kept.root]]);

    await store.append('wallet-ann', [credit('ann', 99, 4)]);
    await store.append('wallet-dan', [credit('dan', 5, 1)]);
    const check = await cli(['--verify-digest', file, '--public-key', kept.publicKey]);
    expect(check.lines.at(-1)).toBe('digest OK: the log up to it is unchanged');
    expect(check.code).toBe(0);
  });

  it('catches a rewrite of history before a kept digest even when the chains were recomputed, naming the stream', async () => {
    const file = path.join(dir, 'before-rewrite.json');
    expect((await cli(['--record-digest', '--out', file])).code).toBe(0);
    await rewriteHistory('wallet-ben', 2, 20_000);
    expect((await cli(['--verify-chain'])).lines.at(-1)).toBe('chains OK');
    const check = await cli(['--verify-digest', file]);
    expect(check.code).toBe(1);
    expect(check.lines.some((l) => /^DIFFERENCE: the log's root at \d+:\d+ is [0-9a-f]{64}, the digest's is [0-9a-f]{64}$/.test(l))).toBe(
      true,
    );
    expect(check.lines.some((l) => l.startsWith('DIFFERENCE: wallet-ben: head was version 3 hash '))).toBe(true);
    expect(check.lines.filter((l) => l.startsWith('DIFFERENCE: wallet-'))).toHaveLength(1);
  });

  it('refuses a digest file whose root or signature was edited', async () => {
    const file = path.join(dir, 'edited.json');
    await cli(['--record-digest', '--out', file]);
    const kept = JSON.parse(await readFile(file, 'utf8')) as DigestFile;
    await writeFile(file, JSON.stringify({ ...kept, root: 'f'.repeat(64) }));
    const check = await cli(['--verify-digest', file]);
    expect(check.code).toBe(1);
    expect(check.lines).toContain('DIFFERENCE: the signature does not match the digest');
    const other = await cli(['--verify-digest', path.join(dir, 'kept.json'), '--public-key', 'MCowBQYDK2VwAyEA' + 'A'.repeat(43) + '=']);
    expect(other.lines).toContain('DIFFERENCE: the digest was signed with another key than the trusted one');
  });

  it("refuses to sign with the demo's key without the demo switch", async () => {
    const refused = await cli(['--record-digest'], { NODE_ENV: 'production' });
    expect(refused.code).toBe(2);
    expect(refused.lines.join('\n')).toContain('LEDGER_DIGEST_SIGNING_KEY');
  });

  it('records one digest a day, whichever worker asks first', async () => {
    const before = (await store.readStream('ledger-digest')).version;
    const a = new DailyDigestWorker(db.pool, store, (await import('@murmur/platform')).DEMO_LEDGER_DIGEST_KEY);
    const b = new DailyDigestWorker(db.pool, new PostgresEventStore(db.pool), (await import('@murmur/platform')).DEMO_LEDGER_DIGEST_KEY);
    const day = new Date('2026-11-27T09:00:00.000Z');
    const results = await Promise.all([a.recordToday(day), b.recordToday(day), a.recordToday(day)]);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect((await store.readStream('ledger-digest')).version).toBe(before + 1n);
    expect(await a.recordToday(day)).toBe(false);
    const { events } = await store.readStream('ledger-digest', { fromVersion: before + 1n });
    expect(events[0]!.data).toMatchObject({ by: 'daily', recordedAt: day.toISOString() });
  });

  it("signs a stream past version 9 at its last version (as text, '9' sorted above '12')", async () => {
    for (let n = 1; n <= 12; n++) await store.append('wallet-gus', [credit('gus', n, n)]);
    const file = path.join(dir, 'long-stream.json');
    expect((await cli(['--record-digest', '--out', file])).code).toBe(0);
    const kept = JSON.parse(await readFile(file, 'utf8')) as DigestFile;
    const { rows } = await db.pool.query<{ hash: string }>(
      "select encode(hash, 'hex') as hash from events where stream_id = 'wallet-gus' and stream_version = 12",
    );
    expect(kept.heads.find((h) => h.streamId === 'wallet-gus')).toEqual({ streamId: 'wallet-gus', version: '12', hash: rows[0]!.hash });
  });

  it('includes a movement made just before it was asked for, waiting while an older transaction is still open', async () => {
    // Until the older transaction ends, the log's horizon stays below the movement: a digest taken
    // then would leave it out.
    const older = await db.pool.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await store.append('wallet-eve', [credit('eve', 7, 1)]);
      let answered = false;
      const asked = moneyStreamHeads(db.pool).then((r) => ((answered = true), r));
      await new Promise((r) => setTimeout(r, 400));
      expect(answered).toBe(false);
      await older.query('commit');
      const { heads } = await asked;
      const { rows } = await db.pool.query<{ hash: string }>(
        "select encode(hash, 'hex') as hash from events where stream_id = 'wallet-eve'",
      );
      expect(heads.find((h) => h.streamId === 'wallet-eve')).toEqual({ streamId: 'wallet-eve', version: '1', hash: rows[0]!.hash });
    } finally {
      older.release();
    }
  });
});
