// A lone one-event append, the commonest append, in one SQL statement: the version bump and the
// insert (and the idempotency key's record) as data-modifying CTEs, with no plpgsql call (about a
// third less of PostgreSQL's CPU per append; docs/decisions/foundation.md, "A lone event in one
// statement"). The statement writes only when the append goes through exactly as append_batch would
// make it; when it writes nothing (a wrong expected version, a chained stream's head moved since the
// store saw it, a chained flag that does not match, a key used before) the caller makes the append
// through append_batch, which decides it and gives the answer or the error.
import pg from 'pg';
import type { AppendItem, AppendRow } from './append-batcher.ts';

const GENESIS = `'\\x${'00'.repeat(32)}'::bytea`;

/** Parameters: $1-$5 the stream and the event, $6 the key when keyed, then the kind's own (`p(1)`...). */
type Sql = (p: (n: number) => string, fresh: string) => string;

// The bump of the stream's row, by the append's kind, returning the new version, and a money event's
// links. `fresh` is true, or for a keyed append that no append has used its key yet. A money stream is
// bumped only from the head the store linked the event to (the version and hash on the row the bump
// locks), so no two appends link to one head, and the event takes the store's links.
type Kind = 'any' | 'none' | 'at' | 'chainedNew' | 'chainedAt';

const kinds: Record<Kind, { bump: Sql; links?: (p: (n: number) => string) => string }> = {
  // Unchained, expected version any / no stream / n (p1).
  any: {
    bump: (_p, fresh) => `insert into streams as s (stream_id, version, chained) select $1, 1, false where ${fresh}
             on conflict (stream_id) do update set version = s.version + 1, updated_at = now() where not s.chained
             returning s.version`,
  },
  none: {
    bump: (_p, fresh) => `insert into streams (stream_id, version, chained) select $1, 1, false where ${fresh}
             on conflict (stream_id) do nothing returning version`,
  },
  at: {
    bump: (p, fresh) => `update streams set version = ${p(1)}::bigint + 1, updated_at = now()
             where stream_id = $1 and version = ${p(1)}::bigint and not chained and ${fresh} returning version`,
  },
  // Chained: a new stream, linked to the genesis hash (p1 previous hash, p2 the event's hash)...
  chainedNew: {
    bump: (p, fresh) => `insert into streams (stream_id, version, chained, head_hash)
             select $1, 1, true, ${p(2)}::bytea where ${p(1)}::bytea = ${GENESIS} and ${fresh}
             on conflict (stream_id) do nothing returning version`,
    links: (p) => `${p(1)}::bytea, ${p(2)}::bytea`,
  },
  // ...or the head at version p1 with hash p2 (p3 the event's hash).
  chainedAt: {
    bump: (p, fresh) => `update streams set version = ${p(1)}::bigint + 1, updated_at = now(), head_hash = ${p(3)}::bytea
             where stream_id = $1 and version = ${p(1)}::bigint and chained and head_hash = ${p(2)}::bytea and ${fresh}
             returning version`,
    links: (p) => `${p(2)}::bytea, ${p(3)}::bytea`,
  },
};

function statement(kind: Kind, keyed: boolean): string {
  const p = (n: number) => `$${(keyed ? 6 : 5) + n}`;
  // An unchained stream's events carry no hashes.
  const links = kinds[kind].links?.(p) ?? 'null::bytea, null::bytea';
  const fresh = keyed ? 'not exists (select from idempotency_keys where key = $6)' : 'true';
  // A keyed append records its key with its positions, after the insert: a key that another append
  // recorded meanwhile (the check above saw it absent) fails the statement on the key's primary key,
  // and the whole statement rolls back.
  return `with s as (${kinds[kind].bump(p, fresh)}),
     e as (insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
           select $1, s.version, $2, $3, $4::jsonb, $5::jsonb, ${links} from s
           returning global_position, stream_version, hash)${
             keyed
               ? `,
     k as (insert into idempotency_keys (key, stream_id, first_position, last_position, next_version)
           select $6, $1, global_position, global_position, stream_version from e)`
               : ''
           }
     select global_position::text as first_position, global_position::text as last_position,
            stream_version::text as next_version, false as duplicate, hash as head from e`;
}

const statements = new Map<string, string>(
  (Object.keys(kinds) as Kind[]).flatMap((kind) => [
    [kind, statement(kind, false)],
    [`${kind}Keyed`, statement(kind, true)],
  ]),
);

/** This append's kind and that kind's own parameters; null when the append is not one this statement
 * makes (several events, a guard, a money append whose head the store does not know). */
function planOf(item: AppendItem): { kind: Kind; values: unknown[] } | null {
  // A guarded append has its own statement, which share-locks the guard's row first (append-batcher.ts).
  if (item.types.length !== 1 || item.guard) return null;
  if (item.digests === null) {
    if (item.expected === null) return { kind: 'any', values: [] };
    if (item.expected === '0') return { kind: 'none', values: [] };
    return { kind: 'at', values: [item.expected] };
  }
  if (!item.claim || item.claim.links.length !== 64) return null;
  // The claim was made for this expected version (StreamHeads.claimFor): any, or the same version.
  if (item.expected !== null && item.expected !== item.claim.version) return null;
  const prev = item.claim.links.subarray(0, 32);
  const hash = item.claim.links.subarray(32, 64);
  return item.claim.version === '0'
    ? { kind: 'chainedNew', values: [prev, hash] }
    : { kind: 'chainedAt', values: [item.claim.version, prev, hash] };
}

/** Makes the append in one statement when it is a lone one-event append: its row, or null when it
 * wrote nothing or is not such an append (append_batch then decides it). A keyed append is made so
 * only `alone` (from the pool): a key recorded meanwhile by another append fails the statement, which
 * would end a caller's transaction. */
export async function appendSingle(runner: pg.Pool | pg.PoolClient, item: AppendItem, alone: boolean): Promise<AppendRow | null> {
  const plan = planOf(item);
  if (!plan || (item.key !== null && !alone)) return null;
  const name = item.key === null ? plan.kind : `${plan.kind}Keyed`;
  try {
    const { rows } = await runner.query<AppendRow>({
      name: `murmur_append_single_${name}_v1`,
      text: statements.get(name)!,
      values: [
        item.streamId,
        item.types[0],
        item.versions[0],
        item.data[0],
        item.metadata[0],
        ...(item.key === null ? [] : [item.key]),
        ...plan.values,
      ],
    });
    return rows[0] ?? null;
  } catch (error) {
    // The key was recorded by another append after this one looked: append_batch answers with that
    // append's result.
    if (error instanceof pg.DatabaseError && error.code === '23505' && error.constraint === 'idempotency_keys_pkey') return null;
    throw error;
  }
}
