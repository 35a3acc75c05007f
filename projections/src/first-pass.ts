// A projector's first pass: it started from nothing and has not yet reached the log's head of that
// moment, so its read model is partial (the projections process is not ready while it holds one:
// docs/decisions/operations.md, "Projections in several processes"). Where a first pass ends is kept
// beside the checkpoints, so a process taking over a first pass half done still knows it.
import { headPosition } from '@murmur/eventstore';
import type pg from 'pg';

export async function ensureFirstPassTable(client: pg.PoolClient | pg.Pool): Promise<void> {
  await client.query(`create table if not exists projection_first_passes (
    name text primary key, until_position bigint not null, started_at timestamptz not null default now())`);
}

/** Called on taking projectors over: those that never applied anything start their first pass, up to the head now. */
export async function startFirstPasses(pool: pg.Pool, names: string[]): Promise<void> {
  const head = await headPosition(pool);
  if (head === 0n) return;
  await pool.query(
    `insert into projection_first_passes (name, until_position)
     select n, $2 from unnest($1::text[]) n
      where not exists (select 1 from subscription_checkpoints c where c.name = n and c.global_position > 0)
     on conflict (name) do nothing`,
    [names, head.toString()],
  );
}

/** Of these projectors, the ones on their first pass. */
export async function projectorsInFirstPass(pool: pg.Pool, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await pool.query<{ name: string }>(
    `select f.name from projection_first_passes f left join subscription_checkpoints c on c.name = f.name
      where f.name = any($1) and coalesce(c.global_position, 0) < f.until_position order by f.name`,
    [names],
  );
  return rows.map((r) => r.name);
}
