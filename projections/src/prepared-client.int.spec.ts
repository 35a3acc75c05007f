import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { MAX_PREPARED_PER_CONNECTION, preparingClient } from './prepared-client.ts';

let db: TestDatabase;
let raw: pg.PoolClient;
let client: pg.PoolClient;
beforeAll(async () => {
  db = await createTestDatabase();
  raw = await db.pool.connect();
  client = preparingClient(raw);
  await raw.query('create table prepared_probe (id int primary key, label text)');
});
afterAll(async () => {
  raw?.release();
  await db?.drop();
});

/** The statements this connection holds prepared, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await raw.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'murmur_p_%'`);
  return rows.map((r) => r.statement);
}

describe('a lane connection prepares the projectors statements once', () => {
  it('prepares a text on its second use and runs it by name after, with the same results', async () => {
    const insert = 'insert into prepared_probe (id, label) values ($1, $2) on conflict (id) do update set label = excluded.label';
    await client.query(insert, [1, 'one']);
    expect(await preparedTexts()).not.toContain(insert);
    await client.query(insert, [2, 'two']);
    expect(await preparedTexts()).toContain(insert);
    await client.query(insert, [1, 'uno']);
    const { rows } = await client.query('select id, label from prepared_probe where id = any($1::int[]) order by id', [[1, 2]]);
    expect(rows).toEqual([
      { id: 1, label: 'uno' },
      { id: 2, label: 'two' },
    ]);
    // Statements without parameters (begin, savepoint, several statements) go as they are.
    await client.query('begin; select 1; commit');
    expect(await preparedTexts()).toHaveLength(1);
  });

  it('keeps at most its limit of statements prepared, running the rest unnamed', async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      const text = `select $1::int + ${i} as n`;
      for (let use = 0; use < 2; use++) expect((await client.query(text, [use])).rows[0].n).toBe(use + i);
    }
    expect((await preparedTexts()).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });

  it('a statement whose result changed shape fails once, then is prepared afresh', async () => {
    const other = await db.pool.connect();
    const fresh = preparingClient(other);
    try {
      const read = 'select * from prepared_probe where id = $1';
      await fresh.query(read, [1]);
      await fresh.query(read, [1]);
      await raw.query('alter table prepared_probe add column note text');
      await expect(fresh.query(read, [1])).rejects.toThrow(/cached plan must not change result type/);
      expect((await fresh.query(read, [1])).rows).toEqual([{ id: 1, label: 'uno', note: null }]);
    } finally {
      other.release();
    }
  });
});
