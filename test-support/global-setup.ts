// Once per test run: find or start PostgreSQL, build a template database with every migration,
// and hand both to the test files, which each copy the template into a database of their own.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateAll } from '../scripts/migrations.ts';
import { databaseUrl, findPostgresServer, type PostgresServer } from '../scripts/postgres-server.ts';
import { createPool } from '@murmur/eventstore';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let server: PostgresServer | undefined;

export default async function setup(project: TestProject) {
  server = await findPostgresServer({ dataDir: `.data/test-pg-${process.pid}`, port: 54329, forTests: true });
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `murmur_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = createPool(databaseUrl(server.adminUrl, template), { max: 2 });
  try {
    await migrateAll(pool);
  } finally {
    await pool.end();
  }
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1 or datname = $2`, [
      `murmur_t_${process.pid}_%`,
      template,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    await admin.end();
    await server?.stop();
  };
}
