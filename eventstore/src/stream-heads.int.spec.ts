// The store links a money append to the stream head it knows; append_batch takes those links only
// from the stream's stored head (docs/decisions/ledger-proof.md, "The store links an append to the
// head it knows").
import { canonicalJson, GENESIS_HASH } from '@murmur/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { chainOf as chainOfStream, credit, streamRowOf } from '../../test-support/money-chain.ts';
import { firstBrokenLink } from './money-chain.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

const digestOf = (n: number) =>
  createHash('sha256')
    .update(canonicalJson(credit(n).data))
    .digest('hex');

const chainOf = (streamId: string) => chainOfStream(db.pool, streamId);
const headOf = async (streamId: string) => {
  const row = await streamRowOf(db.pool, streamId);
  return row && { version: row.version, head: row.head };
};

/** One append of credit(n) as a store would send it, with the head it claims and the links it sends. */
function appendClaimed(streamId: string, expected: string | null, n: number, claimed: string | null, links: Buffer | null) {
  return db.pool.query<{ conflict: boolean; next_version: string; head: Buffer | null }>(
    `select conflict, next_version, head from append_batch(array[$1], array[$2::bigint], array[null::text], array[1], array['DiamondsCredited'],
       array[1], $3::jsonb, '[{}]'::jsonb, array[true], $4::bytea, array[$5::bigint], $6::bytea)`,
    [streamId, expected, JSON.stringify([JSON.parse(canonicalJson(credit(n).data))]), Buffer.from(digestOf(n), 'hex'), claimed, links],
  );
}

describe('appends linked by the store to the head it knows', () => {
  it("keeps each chained stream's head on its row, and the chain holds whoever linked each append", async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-h1', [credit(1), credit(2)], { expectedVersion: 'no_stream' });
    await store.append('wallet-h1', [credit(3)], { expectedVersion: 2 });
    await store.append('wallet-h1', [credit(4)]);
    const chain = await chainOf('wallet-h1');
    expect(chain.map((l) => l.version)).toEqual([1n, 2n, 3n, 4n]);
    expect(firstBrokenLink(chain)).toBeNull();
    expect(await headOf('wallet-h1')).toEqual({ version: '4', head: chain[3]!.hash });
    // Unchained streams keep no head.
    await store.append('counter-h1', [{ type: 'TestCounted', data: { n: 1 } }]);
    expect(await headOf('counter-h1')).toEqual({ version: '1', head: null });
  });

  it("takes the store's links as sent when the head it claims is the stored one: the chain audit, not the append, checks them", async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-h2', [credit(1)], { expectedVersion: 'no_stream' });
    const head = (await headOf('wallet-h2'))!.head!;
    // A store that hashed wrongly (not ours: ours hashes by linksFrom, as the other tests show).
    const wrong = randomBytes(32);
    const { rows } = await appendClaimed('wallet-h2', '1', 2, '1', Buffer.concat([Buffer.from(head, 'hex'), wrong]));
    expect(rows[0]).toMatchObject({ conflict: false, next_version: '2' });
    expect(rows[0]!.head!.equals(wrong)).toBe(true);
    expect(firstBrokenLink(await chainOf('wallet-h2'))).toMatchObject({
      streamId: 'wallet-h2',
      version: 2n,
      problem: 'hash',
      found: wrong.toString('hex'),
    });
  });

  it('links the events itself when the claimed head is not the stored one: another hash, another version, a stream that exists', async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-h3', [credit(1)], { expectedVersion: 'no_stream' });
    const junk = (prev: string) => Buffer.concat([Buffer.from(prev, 'hex'), randomBytes(32)]);
    // The right version, another previous hash.
    await appendClaimed('wallet-h3', '1', 2, '1', junk(randomBytes(32).toString('hex')));
    // Any version, the claimed version one behind the stream (its head then).
    const atTwo = (await headOf('wallet-h3'))!.head!;
    await store.append('wallet-h3', [credit(3)], { expectedVersion: 2 });
    await appendClaimed('wallet-h3', null, 4, '2', junk(atTwo));
    // A new stream guessed at any version, when it already has events.
    await appendClaimed('wallet-h3', null, 5, '0', junk(GENESIS_HASH));
    // A claim on version 0 whose previous hash is not the genesis hash, on a stream that is new.
    await appendClaimed('wallet-h3b', '0', 1, '0', junk(atTwo));
    for (const stream of ['wallet-h3', 'wallet-h3b']) {
      const chain = await chainOf(stream);
      expect(firstBrokenLink(chain)).toBeNull();
      expect((await headOf(stream))!.head).toBe(chain.at(-1)!.hash);
    }
    expect((await chainOf('wallet-h3')).map((l) => (l.data as { amount: number }).amount)).toEqual([1, 2, 3, 4, 5]);
  });

  it('makes one chain across stores whose heads went stale: another store appended, a caller transaction rolled back', async () => {
    const a = new PostgresEventStore(db.pool);
    const b = new PostgresEventStore(db.pool);
    await a.append('wallet-h4', [credit(1)]); // a knows version 1
    await b.append('wallet-h4', [credit(2)]); // b guessed a new stream: linked by the database
    await a.append('wallet-h4', [credit(3)]); // a's head (version 1) is stale
    const read = await a.readStream('wallet-h4'); // a learns version 3 and its head from the read
    await a.append('wallet-h4', [credit(4)], { expectedVersion: read.version });
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await b.append('wallet-h4', [credit(99)], { expectedVersion: 4, client }); // b remembers a head that never commits
      await client.query('rollback');
    } finally {
      client.release();
    }
    await a.append('wallet-h4', [credit(5)], { expectedVersion: 4 });
    await b.append('wallet-h4', [credit(6)], { expectedVersion: 5 });
    const chain = await chainOf('wallet-h4');
    expect(chain.map((l) => (l.data as { amount: number }).amount)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(firstBrokenLink(chain)).toBeNull();
    expect((await headOf('wallet-h4'))!.head).toBe(chain.at(-1)!.hash);
    // And the rolled-back version 5 linked from its own head, not the one that committed.
    expect(chain[4]!.prevHash).toBe(chain[3]!.hash);
  });

  it("takes each linked append's links in turn from the call's bytes, past appends that conflict, repeat a key or are unchained", async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('wallet-x3', [credit(1)]);
    await store.append('wallet-x4', [credit(2)], { idempotencyKey: 'x4-once' });
    const genesis = Buffer.from(GENESIS_HASH, 'hex');
    // wallet-x5's links are not hashes of anything: taken as sent, they show whose bytes it took.
    const x5 = [randomBytes(32), randomBytes(32)];
    const items = [
      { stream: 'wallet-x1', expected: '0', key: null, amounts: [10, 11], claimed: '0', links: Buffer.concat([genesis, randomBytes(64)]) },
      { stream: 'counter-x2', expected: null, key: null, amounts: [20], claimed: null, links: null },
      { stream: 'wallet-x3', expected: '5', key: null, amounts: [30, 31], claimed: '5', links: randomBytes(96) },
      { stream: 'wallet-x4', expected: null, key: 'x4-once', amounts: [40], claimed: '0', links: randomBytes(64) },
      { stream: 'wallet-x5', expected: null, key: null, amounts: [50, 51], claimed: '0', links: Buffer.concat([genesis, ...x5]) },
    ];
    const chained = items.map((i) => i.stream.startsWith('wallet-'));
    const { rows } = await db.pool.query<{ item: number; conflict: boolean; duplicate: boolean }>(
      `select item, conflict, duplicate from append_batch($1::text[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb,
         $8::jsonb, $9::boolean[], $10::bytea, $11::bigint[], $12::bytea) order by item`,
      [
        items.map((i) => i.stream),
        items.map((i) => i.expected),
        items.map((i) => i.key),
        items.map((i) => i.amounts.length),
        items.flatMap((i) => i.amounts.map(() => (i.stream.startsWith('wallet-') ? 'DiamondsCredited' : 'TestCounted'))),
        items.flatMap((i) => i.amounts.map(() => 1)),
        JSON.stringify(items.flatMap((i) => i.amounts.map((n) => (i.stream.startsWith('wallet-') ? credit(n).data : { n })))),
        JSON.stringify(items.flatMap((i) => i.amounts.map(() => ({})))),
        chained,
        Buffer.concat(items.filter((_, k) => chained[k]).flatMap((i) => i.amounts.map((n) => Buffer.from(digestOf(n), 'hex')))),
        items.map((i) => i.claimed),
        Buffer.concat(items.flatMap((i) => (i.links ? [i.links] : []))),
      ],
    );
    expect(rows.map((r) => [r.conflict, r.duplicate])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect((await chainOf('wallet-x5')).map((l) => l.hash)).toEqual(x5.map((b) => b.toString('hex')));
    expect(firstBrokenLink(await chainOf('wallet-x3'))).toBeNull();
    expect(await chainOf('wallet-x3')).toHaveLength(1);
    expect(await chainOf('wallet-x4')).toHaveLength(1);
  });

  it('refuses links that do not come to a head and 32 bytes per event for each linked append, writing nothing', async () => {
    const short = await appendClaimed('wallet-h5', '0', 1, '0', Buffer.from(GENESIS_HASH, 'hex')).catch((e: Error) => e);
    expect((short as Error).message).toContain('32 link bytes per event');
    const surplus = await appendClaimed('wallet-h5', '0', 1, null, randomBytes(64)).catch((e: Error) => e);
    expect((surplus as Error).message).toContain('32 link bytes per event');
    expect(await headOf('wallet-h5')).toBeUndefined();
    expect(await chainOf('wallet-h5')).toEqual([]);
  });
});
