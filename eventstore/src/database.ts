// Pools with the settings every service needs; long idle transactions would hold every log
// reader back (docs/decisions/foundation.md), so they are cut off. Every commit is synchronous whatever the
// server's default: an append answered to a client must survive a PostgreSQL crash. A server set to
// `synchronous_commit = off` (a tuning for speed; our throw-away test servers run so) acknowledges a
// commit before its WAL is written, and an immediate shutdown then loses the last ~200 ms of
// acknowledged gifts (crash scenario (d); scripts/crash/acknowledged-appends.int.spec.ts).
import pg from 'pg';

// Bigint columns come back as strings; counts and sums are converted where read.
export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string; connectTimeoutMs?: number } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    application_name: options.applicationName ?? 'murmur',
    options: '-c idle_in_transaction_session_timeout=30000 -c synchronous_commit=on',
  });
  pool.on('error', () => undefined); // an idle client's error is surfaced by the next query
  // A checked-out client (a subscription's lock connection, a transaction between statements) is
  // out of the pool's care: without a listener, the server going away (a restart, a failover,
  // an admin's terminate) would crash the whole process with an unhandled 'error'. Its next query
  // fails instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (process.env.MURMUR_COUNT_QUERIES === '1') countStatements(pool);
  return pool;
}

/** A pool that reads from a streaming replica, carrying the primary it follows: writes, the log's
 * head and checks that must see the newest commit go to the primary (docs/decisions/foundation.md). */
export type ReplicaPool = pg.Pool & { readonly primary: pg.Pool };

/** The pool for reads: on `readUrl` (a replica) when given, carrying `primary`; else `primary` itself. */
export function createReadPool(
  primary: pg.Pool,
  readUrl: string | undefined,
  options: { max?: number; applicationName?: string } = {},
): pg.Pool {
  if (!readUrl) return primary;
  return Object.assign(createPool(readUrl, options), { primary });
}

/** Where writes and must-be-newest reads go: the replica's primary, or the pool itself. */
export function primaryOf(pool: pg.Pool): pg.Pool {
  return (pool as Partial<ReplicaPool>).primary ?? pool;
}

let statements = 0;

/** Statements sent to the database by pools made with MURMUR_COUNT_QUERIES=1 in this process (one
 * round trip each): the command-path benchmark divides it by the commands it ran. */
export function statementsSent(): number {
  return statements;
}

// Every pool query and every checked-out client's query goes through a client's `query`.
function countStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
}

/** The age in seconds of the oldest transaction open in this database (0 if none). */
export async function oldestOpenTransactionSeconds(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ age: number | null }>(
    `select extract(epoch from max(now() - xact_start))::float8 as age from pg_stat_activity
      where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
  );
  return rows[0]?.age ?? 0;
}
