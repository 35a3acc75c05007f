// Named reads of the auditor's view (docs/decisions/ledger-proof.md, "The auditor's view"): the
// ledger audit's runs (rm.ledger_audits, money-operations projector), and the money log itself
// (events with their chain hashes): digests, an account's movements and the exports, page by page.
import { isMoneyStream, moneyStreamCategories, streamIds, streamPrefixes, type LedgerExportLine } from '@murmur/contracts';
import type pg from 'pg';
import type { Runner } from './runner.ts';

export interface LedgerAuditRow {
  audit_id: string;
  status: 'requested' | 'done';
  requested_by: string | null;
  ok: boolean | null;
  events: string | null;
  last_position: string | null;
  totals: unknown;
  difference_count: number | null;
  differences: string[] | null;
  requested_at: Date;
  audited_at: Date | null;
}

/** A page of the ledger audit's runs and open requests, newest first, with how many there are. */
export async function ledgerAuditRuns(runner: Runner, offset: number, limit: number): Promise<{ rows: LedgerAuditRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    runner.query<LedgerAuditRow>('select * from rm.ledger_audits order by requested_at desc, audit_id limit $1 offset $2', [limit, offset]),
    runner.query<{ n: number }>('select count(*)::int as n from rm.ledger_audits'),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

interface EventRow {
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  prev_hash: string | null;
  hash: string | null;
  position: string;
  created_at: Date;
}

// Hashes are stored as bytes (migration eventstore-006) and read as the hex the proof is defined in.
const eventColumns = `stream_id, stream_version::text, type, data, encode(prev_hash, 'hex') as prev_hash, encode(hash, 'hex') as hash,
  transaction_id::text || ':' || global_position::text as position, created_at`;

const exportLine = (r: EventRow): LedgerExportLine => ({
  streamId: r.stream_id,
  version: Number(r.stream_version),
  type: r.type,
  data: r.data,
  prevHash: r.prev_hash,
  hash: r.hash,
  position: r.position,
  recordedAt: r.created_at.toISOString(),
});

/** A page of the recorded digests (LedgerDigestRecorded on `ledger-digest`), newest first. */
export async function ledgerDigests(runner: Runner, offset: number, limit: number): Promise<{ lines: LedgerExportLine[]; total: number }> {
  const stream = streamIds.ledgerDigest();
  const [{ rows }, count] = await Promise.all([
    runner.query<EventRow>(
      `select ${eventColumns} from events where stream_id = $1 and type = 'LedgerDigestRecorded' order by events.stream_version desc limit $2 offset $3`,
      [stream, limit, offset],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from events where stream_id = $1 and type = 'LedgerDigestRecorded'`, [stream]),
  ]);
  return { lines: rows.map(exportLine), total: count.rows[0]?.n ?? 0 };
}

/** One recorded digest by its id, or null. */
export async function ledgerDigest(runner: Runner, digestId: string): Promise<LedgerExportLine | null> {
  const { rows } = await runner.query<EventRow>(
    `select ${eventColumns} from events where stream_id = $1 and type = 'LedgerDigestRecorded' and data->>'digestId' = $2 limit 1`,
    [streamIds.ledgerDigest(), digestId],
  );
  return rows[0] ? exportLine(rows[0]) : null;
}

/** The money streams that are an account's own balances: its diamonds and its charm. */
export const accountLedgerStreams = (uid: string): string[] => [streamIds.wallet(uid), streamIds.earnings(uid)];

export interface AccountMovement extends LedgerExportLine {
  previous: { version: number; hash: string | null } | null;
  next: { version: number; prevHash: string | null } | null;
}

/** A page of an account's movements in stream and version order, each with its neighbours on its stream
 * (found over the whole stream, so the first and last of a page have theirs too), and the streams' heads. */
export async function accountMovements(
  runner: Runner,
  uid: string,
  offset: number,
  limit: number,
): Promise<{ movements: AccountMovement[]; total: number; heads: Array<{ streamId: string; version: number; hash: string | null }> }> {
  const streams = accountLedgerStreams(uid);
  const [{ rows }, heads] = await Promise.all([
    runner.query<
      EventRow & { prev_version: string | null; prev_event_hash: string | null; next_version: string | null; next_prev_hash: string | null }
    >(
      `select ${eventColumns},
              lag(stream_version::text) over w as prev_version, encode(lag(hash) over w, 'hex') as prev_event_hash,
              lead(stream_version::text) over w as next_version, encode(lead(prev_hash) over w, 'hex') as next_prev_hash
         from events where stream_id = any($1::text[])
       window w as (partition by stream_id order by stream_version)
       order by stream_id desc, events.stream_version limit $2 offset $3`,
      [streams, limit, offset],
    ),
    runner.query<{ stream_id: string; version: string; hash: string | null }>(
      `select s.stream_id, s.version::text, (select encode(e.hash, 'hex') from events e where e.stream_id = s.stream_id order by e.stream_version desc limit 1) as hash
         from streams s where s.stream_id = any($1::text[]) order by s.stream_id desc`,
      [streams],
    ),
  ]);
  const movements = rows.map((r): AccountMovement => ({
    ...exportLine(r),
    previous: r.prev_version === null ? null : { version: Number(r.prev_version), hash: r.prev_event_hash },
    next: r.next_version === null ? null : { version: Number(r.next_version), prevHash: r.next_prev_hash },
  }));
  return {
    movements,
    total: heads.rows.reduce((n, h) => n + Number(h.version), 0),
    heads: heads.rows.map((h) => ({ streamId: h.stream_id, version: Number(h.version), hash: h.hash })),
  };
}

export type LedgerExportFilter = { kind: 'account'; uid: string } | { kind: 'period'; from: Date; until: Date };

const PAGE = 1_000;

/** Every event of an export, a page at a time, all pages from one read-only repeatable-read snapshot: an
 * account's streams in stream and version order, or the money events recorded in a period in log order. */
export async function* ledgerExportPages(pool: pg.Pool, filter: LedgerExportFilter, pageSize = PAGE): AsyncGenerator<LedgerExportLine[]> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    let after: [string, string] = filter.kind === 'account' ? ['~', '0'] : ['0', '0'];
    for (;;) {
      const { rows } =
        filter.kind === 'account'
          ? await client.query<EventRow>(
              `select ${eventColumns} from events where stream_id = any($1::text[]) and (stream_id < $2 or (stream_id = $2 and stream_version > $3::bigint))
                order by stream_id desc, events.stream_version limit ${pageSize}`,
              [accountLedgerStreams(filter.uid), after[0], after[1]],
            )
          : await client.query<EventRow>(
              `select ${eventColumns} from events
                where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                  and stream_id like any($3::text[]) and created_at >= $4 and created_at < $5
                order by transaction_id, global_position limit ${pageSize}`,
              [after[0], after[1], moneyStreamCategories.map((c) => `${streamPrefixes[c]}%`), filter.from, filter.until],
            );
      const lines = rows.filter((r) => isMoneyStream(r.stream_id)).map(exportLine);
      if (lines.length > 0) yield lines;
      if (rows.length < pageSize) break;
      const last = rows.at(-1)!;
      after = filter.kind === 'account' ? [last.stream_id, last.stream_version] : (last.position.split(':') as [string, string]);
    }
  } finally {
    // Also when the reader stops early (a download cancelled): the snapshot never outlives the export.
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
