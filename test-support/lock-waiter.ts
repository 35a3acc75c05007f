// For a test that stages a deadlock: the moment an append under test is blocked on a row or key lock,
// and which side PostgreSQL picks as the victim.
import pg from 'pg';

/** Resolves once some backend of the pool's database waits on a lock. */
export async function someoneWaitsOnALock(pool: pg.Pool): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { rowCount } = await pool.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rowCount) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no backend came to wait on a lock within 3 s');
}

/**
 * A pool whose backends look for a deadlock 4 s into a wait. A backend checks once, when its timeout
 * passes: with the default 1 s, a loaded machine can close the cycle after the first waiter's check, and
 * the second waiter, the test's own side, becomes the victim. 4 s leaves the cycle time to close.
 */
export function deadlockVictimPool(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, max: 4, options: '-c deadlock_timeout=4s' });
}

/** The test's side of a staged deadlock waits 60 s before looking, so the victim pool's backend goes first. */
export async function neverTheDeadlockVictim(client: pg.ClientBase): Promise<void> {
  await client.query("set deadlock_timeout = '60s'");
}
