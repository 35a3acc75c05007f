// The projections processes of one database count each other as members, and only each other:
// a process of another database on the same server (another deployment, another test file) is not
// a member, or each would take only a share of its lanes and leave the rest to nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { LaneLeases } from './lane-leases.ts';

let one: TestDatabase;
let other: TestDatabase;
const joined: LaneLeases[] = [];

async function member(db: TestDatabase): Promise<LaneLeases> {
  const leases = new LaneLeases(db.pool, 8, { refreshMs: 50 });
  joined.push(leases);
  await leases.join();
  return leases;
}

beforeAll(async () => {
  [one, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all(joined.map((l) => l.stop()));
  await Promise.all([one?.drop(), other?.drop()]);
});

describe('lane leases', () => {
  it('counts the processes of its own database only, so each database has all its lanes held', async () => {
    const a = await member(one);
    const b = await member(other);
    expect([a.members, a.share, b.members, b.share]).toEqual([1, 8, 1, 8]);

    const a2 = await member(one);
    await expect.poll(() => [a.members, a2.members, a.share, b.members, b.share], { timeout: 5_000 }).toEqual([2, 2, 4, 1, 8]);
  });
});
