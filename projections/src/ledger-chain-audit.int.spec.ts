import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { ledgerProofCommand } from './ledger-proof-cli.ts';
import { verifyMoneyChains } from './ledger-chain-audit.ts';

let db: TestDatabase;
let store: PostgresEventStore;

const credit = (uid: string, amount: number, n: number) => ({
  type: 'DiamondsCredited' as const,
  data: { uid, amount, reason: 'reward' as const, reference: `r-${n}`, creditedAt: '2026-11-27T07:00:00.000Z' },
});

/** Rewrites the log as someone with the database's keys could: the append-only trigger is skipped for this session only. */
async function tamper(sql: string, values: unknown[] = []): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(sql, values);
    await client.query(`set session_replication_role = origin`);
  } finally {
    client.release();
  }
}

async function hashOf(stream: string, version: number): Promise<string> {
  const { rows } = await db.pool.query<{ hash: string }>(
    "select encode(hash, 'hex') as hash from events where stream_id = $1 and stream_version = $2",
    [stream, version],
  );
  return rows[0]!.hash;
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  for (const uid of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    for (let n = 1; n <= 4; n++) await store.append(`wallet-${uid}`, [credit(uid, n * 10, n)]);
  }
  await store.append('counter-1', [{ type: 'TestCounted', data: { n: 1 } }]);
});
afterAll(async () => db?.drop());

describe('audit --verify-chain', () => {
  it('passes an untouched log and says so', async () => {
    const lines: string[] = [];
    expect(await ledgerProofCommand(db.pool, ['--verify-chain'], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual(['hash chains: 5 money stream(s), 20 event(s)', 'chains OK']);
  });

  it('names the stream, version and hashes of an event whose data was altered in PostgreSQL', async () => {
    const stored = await hashOf('wallet-alice', 2);
    await tamper(`update events set data = jsonb_set(data, '{amount}', '2000') where stream_id = 'wallet-alice' and stream_version = 2`);
    const result = await verifyMoneyChains(db.pool);
    expect(result.broken).toHaveLength(1);
    expect(result.broken[0]).toMatchObject({ streamId: 'wallet-alice', version: 2n, problem: 'hash', found: stored });
    expect(result.broken[0]!.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(result.broken[0]!.expected).not.toBe(stored);
    const lines: string[] = [];
    expect(await ledgerProofCommand(db.pool, ['--verify-chain'], (l) => lines.push(l))).toBe(1);
    expect(lines).toContain(`BROKEN LINK: wallet-alice version 2: hash (expected ${result.broken[0]!.expected}, found ${stored})`);
  });

  it('names a deleted event, in the middle of a stream or at its end', async () => {
    await tamper(`delete from events where stream_id = 'wallet-bob' and stream_version = 3`);
    await tamper(`delete from events where stream_id = 'wallet-carol' and stream_version = 4`);
    const broken = (await verifyMoneyChains(db.pool)).broken;
    expect(broken.find((b) => b.streamId === 'wallet-bob')).toMatchObject({ version: 3n, problem: 'missing version', found: 'version 4' });
    expect(broken.find((b) => b.streamId === 'wallet-carol')).toMatchObject({ version: 4n, problem: 'missing version', found: 'no event' });
  });

  it('names reordered versions', async () => {
    await tamper(`update events set stream_version = -2 where stream_id = 'wallet-dave' and stream_version = 2`);
    await tamper(`update events set stream_version = 2 where stream_id = 'wallet-dave' and stream_version = 3`);
    await tamper(`update events set stream_version = 3 where stream_id = 'wallet-dave' and stream_version = -2`);
    const broken = (await verifyMoneyChains(db.pool)).broken.find((b) => b.streamId === 'wallet-dave');
    expect(broken).toMatchObject({ version: 2n, problem: 'previous hash' });
  });

  it('names an event whose hashes were removed', async () => {
    await tamper(`update events set hash = null, prev_hash = null where stream_id = 'wallet-erin' and stream_version = 1`);
    const broken = (await verifyMoneyChains(db.pool)).broken.find((b) => b.streamId === 'wallet-erin');
    expect(broken).toMatchObject({ version: 1n, problem: 'unchained', found: 'no hash' });
    expect((await verifyMoneyChains(db.pool)).broken.map((b) => b.streamId)).toEqual([
      'wallet-alice',
      'wallet-bob',
      'wallet-carol',
      'wallet-dave',
      'wallet-erin',
    ]);
  });

  it('reads a stream past version 9 in version order (as text, 10 came before 2 and broke the chain)', async () => {
    for (let n = 1; n <= 12; n++) await store.append('wallet-frank', [credit('frank', n, n)]);
    const result = await verifyMoneyChains(db.pool);
    expect(result.broken.filter((b) => b.streamId === 'wallet-frank')).toEqual([]);
  });
});
