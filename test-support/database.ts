// Gives a test file a database of its own, copied from the migrated template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool } from '@murmur/eventstore';
import { databaseUrl } from '../scripts/postgres-server.ts';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** `empty`: a database with no schema at all (PostgreSQL's template0), for a test that migrates it
 * itself, e.g. up to an earlier schema first. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = options.empty ? 'template0' : inject('pgTemplate');
  const name = `murmur_t_${process.ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Copying a template fails while anyone else is connected to it; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      if (attempt > 50 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const pool = createPool(url, { max: 20 });
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await a.end();
    },
  };
}
