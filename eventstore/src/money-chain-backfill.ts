// The one-off chaining of money streams written before the chain existed (migration 004, and any kind made a money stream later,
// docs/decisions/ledger-proof.md): each such stream is chained from its first event, and where its
// backfilled part ends is recorded in money_chain_backfills.
import { GENESIS_HASH, isMoneyStream } from '@murmur/contracts';
import type pg from 'pg';
import { chainHash } from './money-chain.ts';

const PAGE = 5_000;

export async function backfillMoneyChains(client: pg.PoolClient): Promise<void> {
  const { rows: streams } = await client.query<{ stream_id: string; version: string }>('select stream_id, version::text from streams');
  const money = streams.filter((s) => isMoneyStream(s.stream_id));
  if (money.length === 0) return;
  // Migration 004 runs this on hex text columns; from migration 006 on they hold the hash's 32 bytes.
  const { rows: columns } = await client.query<{ udt_name: string }>(
    `select udt_name from information_schema.columns where table_schema = current_schema() and table_name = 'events' and column_name = 'hash'`,
  );
  const stored = (column: string) => (columns[0]?.udt_name === 'bytea' ? `decode(${column}, 'hex')` : column);
  // From migration 007 on, a stream's row says whether it is chained, and appends go by that.
  const streamColumns = new Set(
    (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'streams'`,
      )
    ).rows.map((r) => r.column_name),
  );
  // From migration 008 on, it also keeps the stream's head hash, which appends link to.
  const flags = streamColumns.has('head_hash') ? "chained = true, head_hash = decode($2, 'hex')" : 'chained = true';
  // The log is append-only; this migration's transaction is the one writer allowed to add the hashes.
  await client.query('alter table events disable trigger events_no_update');
  for (const stream of money) {
    let prev = GENESIS_HASH;
    let after = 0n;
    for (;;) {
      const { rows } = await client.query<{ global_position: string; stream_version: string; type: string; data: unknown }>(
        `select global_position, stream_version, type, data from events
          where stream_id = $1 and stream_version > $2 order by stream_version limit ${PAGE}`,
        [stream.stream_id, after.toString()],
      );
      if (rows.length === 0) break;
      const positions: string[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        const hash = chainHash({
          streamId: stream.stream_id,
          version: BigInt(row.stream_version),
          type: row.type,
          data: row.data,
          prevHash: prev,
        });
        positions.push(row.global_position);
        prevs.push(prev);
        hashes.push(hash);
        prev = hash;
      }
      await client.query(
        `update events e set prev_hash = ${stored('x.prev_hash')}, hash = ${stored('x.hash')}
           from unnest($1::bigint[], $2::text[], $3::text[]) as x(global_position, prev_hash, hash)
          where e.global_position = x.global_position`,
        [positions, prevs, hashes],
      );
      after = BigInt(rows.at(-1)!.stream_version);
    }
    if (streamColumns.has('chained')) {
      await client.query(
        `update streams set ${flags} where stream_id = $1`,
        streamColumns.has('head_hash') ? [stream.stream_id, prev] : [stream.stream_id],
      );
    }
    await client.query('insert into money_chain_backfills (stream_id, chained_through_version) values ($1, $2)', [
      stream.stream_id,
      stream.version,
    ]);
  }
  await client.query('alter table events enable trigger events_no_update');
}
