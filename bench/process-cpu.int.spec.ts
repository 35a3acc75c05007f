import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { PostgresCpu, SERVER_PROCESSES } from './process-cpu.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** About a few hundred ms of one backend's CPU. */
const burn = (client: pg.Client) => client.query('select count(*) from generate_series(1, 3000000)');

it("splits PostgreSQL's CPU by the application that asked, and counts backends that came and went in the total", async () => {
  const sampler = await PostgresCpu.of(db.pool, (applicationName) => applicationName);
  expect(sampler, 'the tests run a PostgreSQL on this machine').toBeDefined();
  const steady = new pg.Client({ connectionString: db.url, application_name: 'cpu-steady' });
  await steady.connect();
  try {
    const before = await sampler!.sample();
    await burn(steady);
    // Opens, burns and ends within the window: in no group, but in the total through the
    // postmaster's reaped children.
    const passing = new pg.Client({ connectionString: db.url, application_name: 'cpu-passing' });
    await passing.connect();
    await burn(passing);
    await passing.end();
    await new Promise((r) => setTimeout(r, 300));
    const after = await sampler!.sample();
    const { groups, all } = PostgresCpu.between(before, after);
    const steadyMs = groups.get('cpu-steady') ?? 0;
    expect(steadyMs).toBeGreaterThan(50);
    expect(groups.has('cpu-passing')).toBe(false);
    expect(groups.has(SERVER_PROCESSES)).toBe(true);
    const grouped = [...groups.values()].reduce((a, b) => a + b, 0);
    expect(all - grouped).toBeGreaterThan(steadyMs / 2);
  } finally {
    await steady.end();
  }
});
