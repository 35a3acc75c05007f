// A lone one-event append without an idempotency key, the commonest append, in one SQL statement:
// the version bump and the insert as a data-modifying CTE, with no plpgsql call (about a third less
// of PostgreSQL's CPU per append; docs/decisions/foundation.md, "A lone event in one statement").
// The statement writes only when the append goes through exactly as append_batch would make it; when
// it writes nothing (a wrong expected version, a chained stream's head moved since the store saw it,
// a chained flag that does not match) the caller makes the append through append_batch, which
// decides it and gives the answer or the error.
import type pg from 'pg';
import type { AppendItem, AppendRow } from './append-batcher.ts';

const GENESIS = `'\\x${'00'.repeat(32)}'::bytea`;

// The bump of the stream's row, by the append's kind, returning the new version; and the event's
// links. A money stream is bumped only from the head the store linked the event to (the version and
// hash on the row the bump locks), so no two appends link to one head, and the event takes the store's
// links. Parameters: $1-$5 the stream and the event, then each kind's own.
const kinds = {
  // Unchained, expected version any / no stream / n ($6).
  any: {
    bump: `insert into streams as s (stream_id, version, chained) values ($1, 1, false)
             on conflict (stream_id) do update set version = s.version + 1, updated_at = now() where not s.chained
             returning s.version`,
    links: 'null::bytea, null::bytea',
  },
  none: {
    bump: `insert into streams (stream_id, version, chained) values ($1, 1, false)
             on conflict (stream_id) do nothing returning version`,
    links: 'null::bytea, null::bytea',
  },
  at: {
    bump: `update streams set version = $6::bigint + 1, updated_at = now()
             where stream_id = $1 and version = $6::bigint and not chained returning version`,
    links: 'null::bytea, null::bytea',
  },
  // Chained: a new stream, linked to the genesis hash ($6 previous hash, $7 the event's hash)...
  chainedNew: {
    bump: `insert into streams (stream_id, version, chained, head_hash)
             select $1, 1, true, $7::bytea where $6::bytea = ${GENESIS}
             on conflict (stream_id) do nothing returning version`,
    links: '$6::bytea, $7::bytea',
  },
  // ...or the head at version $6 with hash $7 ($8 the event's hash).
  chainedAt: {
    bump: `update streams set version = $6::bigint + 1, updated_at = now(), head_hash = $8::bytea
             where stream_id = $1 and version = $6::bigint and chained and head_hash = $7::bytea returning version`,
    links: '$7::bytea, $8::bytea',
  },
} as const;

type Kind = keyof typeof kinds;

const statements = new Map<Kind, string>(
  (Object.keys(kinds) as Kind[]).map((kind) => [
    kind,
    `with s as (${kinds[kind].bump})
     insert into events (stream_id, stream_version, type, schema_version, data, metadata, prev_hash, hash)
     select $1, s.version, $2, $3, $4::jsonb, $5::jsonb, ${kinds[kind].links} from s
     returning global_position::text as first_position, global_position::text as last_position,
               stream_version::text as next_version, false as duplicate, hash as head`,
  ]),
);

/** This append's kind and that kind's own parameters; null when the append is not one this statement
 * makes (several events, an idempotency key, a money append whose head the store does not know). */
function planOf(item: AppendItem): { kind: Kind; values: unknown[] } | null {
  if (item.types.length !== 1 || item.key !== null) return null;
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

/** Makes the append in one statement when it is a lone one-event append without a key: its row, or
 * null when it wrote nothing or is not such an append (append_batch then decides it). */
export async function appendSingle(runner: pg.Pool | pg.PoolClient, item: AppendItem): Promise<AppendRow | null> {
  const plan = planOf(item);
  if (!plan) return null;
  const { rows } = await runner.query<AppendRow>({
    name: `murmur_append_single_${plan.kind}_v1`,
    text: statements.get(plan.kind)!,
    values: [item.streamId, item.types[0], item.versions[0], item.data[0], item.metadata[0], ...plan.values],
  });
  return rows[0] ?? null;
}
