// `projections audit --verify-chain` (docs/decisions/ledger-proof.md): recomputes the hash chain of
// every money stream from the log alone and names each stream's first broken link.
import { isMoneyStream, moneyStreamCategories, streamPrefixes } from '@murmur/contracts';
import { firstBrokenLink, type BrokenLink, type ChainLink } from '@murmur/eventstore';
import type pg from 'pg';

export interface ChainAuditResult {
  ok: boolean;
  streams: number;
  events: number;
  /** The first broken link of each broken stream, in stream order. */
  broken: BrokenLink[];
}

const PAGE = 5_000;

type LinkRow = { stream_id: string; stream_version: string; type: string; data: unknown; prev_hash: string | null; hash: string | null };

/** Every money stream's chain, in one repeatable-read snapshot (the streams' versions and their events agree). */
export async function verifyMoneyChains(pool: pg.Pool): Promise<ChainAuditResult> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const patterns = moneyStreamCategories.map((c) => `${streamPrefixes[c]}%`);
    const { rows: streamRows } = await client.query<{ stream_id: string; version: string }>(
      'select stream_id, version::text from streams where stream_id like any($1::text[])',
      [patterns],
    );
    const versions = new Map(streamRows.filter((s) => isMoneyStream(s.stream_id)).map((s) => [s.stream_id, BigInt(s.version)]));
    const broken: BrokenLink[] = [];
    let events = 0;
    let current = null as { streamId: string; links: ChainLink[] } | null;
    const finish = (stream: { streamId: string; links: ChainLink[] }) => {
      const link = firstBrokenLink(stream.links) ?? tailMissing(stream.streamId, stream.links, versions.get(stream.streamId) ?? 0n);
      if (link) broken.push(link);
      versions.delete(stream.streamId);
    };
    let after: [string, string] = ['', '0'];
    for (;;) {
      const { rows } = await client.query<LinkRow>(
        // Hashes are stored as bytes (migration eventstore-006); the chain is defined over their hex.
        `select stream_id, stream_version::text, type, data, encode(prev_hash, 'hex') as prev_hash, encode(hash, 'hex') as hash from events
          where stream_id like any($1::text[]) and (stream_id, stream_version) > ($2, $3::bigint)
          order by stream_id, events.stream_version limit ${PAGE}`,
        [patterns, after[0], after[1]],
      );
      for (const row of rows) {
        if (!isMoneyStream(row.stream_id)) continue;
        events++;
        if (current?.streamId !== row.stream_id) {
          if (current) finish(current);
          current = { streamId: row.stream_id, links: [] };
        }
        current.links.push({
          streamId: row.stream_id,
          version: BigInt(row.stream_version),
          type: row.type,
          data: row.data,
          prevHash: row.prev_hash,
          hash: row.hash,
        });
      }
      if (rows.length < PAGE) break;
      const last = rows.at(-1)!;
      after = [last.stream_id, last.stream_version];
    }
    if (current) finish(current);
    // A stream whose every event is gone.
    for (const [streamId, version] of versions) {
      if (version > 0n) broken.push({ streamId, version: 1n, problem: 'missing version', expected: 'version 1', found: 'no events' });
    }
    await client.query('commit');
    broken.sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
    return { ok: broken.length === 0, streams: streamRows.length, events, broken };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The stream's row counts more events than the log holds after its last one: its tail was removed. */
function tailMissing(streamId: string, links: ChainLink[], version: bigint): BrokenLink | null {
  const last = links.at(-1)?.version ?? 0n;
  if (version <= last) return null;
  return { streamId, version: last + 1n, problem: 'missing version', expected: `version ${last + 1n}`, found: 'no event' };
}

export const describeBrokenLink = (b: BrokenLink): string =>
  `${b.streamId} version ${b.version}: ${b.problem} (expected ${b.expected}, found ${b.found})`;

export async function verifyChainCommand(pool: pg.Pool, out: (line: string) => void = console.log): Promise<number> {
  const result = await verifyMoneyChains(pool);
  out(`hash chains: ${result.streams} money stream(s), ${result.events} event(s)`);
  for (const b of result.broken) out(`BROKEN LINK: ${describeBrokenLink(b)}`);
  out(result.ok ? 'chains OK' : `${result.broken.length} broken chain(s)`);
  return result.ok ? 0 : 1;
}
