// A projector's first pass, which keeps the projections process unready: begun when a process takes
// over a projector that never applied anything, over once its checkpoint reaches the head of that
// moment; a projector that had applied something before starts none.
import { PostgresEventStore, saveCheckpoint } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { ensureFirstPassTable, projectorsInFirstPass, startFirstPasses } from './first-pass.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await ensureFirstPassTable(db.pool);
});
afterAll(async () => db?.drop());

async function checkpointAt(name: string, position: bigint): Promise<void> {
  const client = await db.pool.connect();
  try {
    const { rows } = await client.query<{ tx: string }>('select transaction_id::text as tx from events where global_position = $1', [
      position.toString(),
    ]);
    await saveCheckpoint(client, name, { transactionId: BigInt(rows[0]!.tx), globalPosition: position });
  } finally {
    client.release();
  }
}

describe('first passes', () => {
  it('last from taking over a projector that applied nothing until its checkpoint reaches the head of then', async () => {
    // Nothing in the log: nothing to pass over.
    await startFirstPasses(db.pool, ['fp-empty']);
    expect(await projectorsInFirstPass(db.pool, ['fp-empty'])).toEqual([]);

    const store = new PostgresEventStore(db.pool);
    const first = await store.append('fp-a', [{ type: 'TestCounted', data: { i: 1 } }]);
    await checkpointAt('fp-old', first.lastPosition);
    const head = (await store.append('fp-b', [{ type: 'TestCounted', data: { i: 2 } }])).lastPosition;

    await startFirstPasses(db.pool, ['fp-new', 'fp-old']);
    // Only the one that never applied anything; and only among those asked about.
    expect(await projectorsInFirstPass(db.pool, ['fp-new', 'fp-old'])).toEqual(['fp-new']);
    expect(await projectorsInFirstPass(db.pool, ['fp-old'])).toEqual([]);

    // Another process taking it over half way: still the same first pass, to the same head.
    await checkpointAt('fp-new', first.lastPosition);
    await store.append('fp-c', [{ type: 'TestCounted', data: { i: 3 } }]);
    await startFirstPasses(db.pool, ['fp-new']);
    expect(await projectorsInFirstPass(db.pool, ['fp-new'])).toEqual(['fp-new']);

    await checkpointAt('fp-new', head);
    expect(await projectorsInFirstPass(db.pool, ['fp-new'])).toEqual([]);
  });
});
