// For a test that once hung where no error says why: after `afterMs` still waiting, it prints what
// every session of the test's database is doing and waiting on, and the pool's counts, once, and
// goes on waiting. What the report shows is read with docs/decisions/testing.md ("A hang reports
// itself").
import type pg from 'pg';

export async function reportIfSlow<T>(pool: pg.Pool, label: string, work: Promise<T>, afterMs = 40_000): Promise<T> {
  const timer = setTimeout(() => void report(pool, label, afterMs), afterMs);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

async function report(pool: pg.Pool, label: string, afterMs: number): Promise<void> {
  const counts = `pool: ${pool.totalCount} clients, ${pool.idleCount} idle, ${pool.waitingCount} waiting`;
  try {
    const sessions = await pool.query(
      `select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blockers, backend_xid::text as xid,
              extract(epoch from now() - xact_start)::int as xact_seconds, left(query, 160) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() order by pid`,
    );
    const locks = await pool.query(
      `select pid, locktype, relation::regclass::text as relation, mode, objid::text, transactionid::text
         from pg_locks where not granted`,
    );
    console.error(
      `${label} still waiting after ${afterMs} ms; ${counts}\nsessions: ${JSON.stringify(sessions.rows, null, 1)}\nwaiting locks: ${JSON.stringify(locks.rows)}`,
    );
  } catch (error) {
    console.error(`${label} still waiting after ${afterMs} ms; ${counts}; the report's own query failed: ${String(error)}`);
  }
}
