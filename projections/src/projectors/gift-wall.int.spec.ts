import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { ensureReadModels } from '../read-models.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

describe('gift wall read model', () => {
  it('removes the unread profile_extras table from a database that still has it, and keeps the gift wall', async () => {
    await db.pool.query(`create table if not exists rm.profile_extras (uid text primary key, vip_until timestamptz, frame text)`);
    await db.pool.query(`insert into rm.profile_extras (uid, frame) values ('u1', 'gold')`);
    await ensureReadModels(db.pool);
    const { rows } = await db.pool.query<{ extras: string | null; wall: string | null }>(
      `select to_regclass('rm.profile_extras')::text as extras, to_regclass('rm.gift_wall')::text as wall`,
    );
    expect(rows[0]).toEqual({ extras: null, wall: 'rm.gift_wall' });
  });
});
