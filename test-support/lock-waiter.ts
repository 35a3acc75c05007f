// For a test that stages a deadlock: the moment an append under test is blocked on a row or key lock.
import type pg from 'pg';

/** Resolves once some backend of the pool's database waits on a lock. */
export async function someoneWaitsOnALock(pool: pg.Pool): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { rowCount } = await pool.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rowCount) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no backend came to wait on a lock within 3 s');
}
