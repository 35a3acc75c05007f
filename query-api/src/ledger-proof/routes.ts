// The auditor's view (roles `au` and `ad`, docs/decisions/ledger-proof.md "The auditor's view"): the
// ledger audit's runs, the signed digests and their check, an account's movements with their chain
// proof, and the exports that `projections audit --verify-export` checks offline.
import {
  AccountExportQuery,
  auditorTexts,
  canonicalJson,
  ledgerExportColumns,
  pageMeta,
  PeriodExportQuery,
  type DigestItem,
  type LedgerDigestRecordedData,
  type LedgerExportLine,
} from '@murmur/contracts';
import { ApiError, defineRoute, parse } from '@murmur/platform';
import { merkleRoot, moneyStreamHeads, signedText } from '@murmur/projections/ledger-digest';
import {
  accountMovements,
  ledgerAuditRuns,
  ledgerDigest,
  ledgerDigests,
  ledgerExportPages,
  type LedgerExportFilter,
} from '@murmur/projections/queries/ledger-proof';
import type express from 'express';
import { createPublicKey, verify } from 'node:crypto';
import { once } from 'node:events';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';

export function ledgerProofRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;

  defineRoute(
    router,
    'GET /console/ledger-proof/audits',
    async ({ query }) => {
      const { rows, total } = await ledgerAuditRuns(pool, (query.page - 1) * query.limit, query.limit);
      const items = rows.map((r) => ({
        auditId: r.audit_id,
        status: r.status,
        ok: r.ok,
        events: r.events === null ? null : Number(r.events),
        lastPosition: r.last_position,
        totals: (r.totals ?? null) as never,
        differenceCount: r.difference_count,
        differences: r.differences ?? [],
        requestedBy: r.requested_by,
        requestedAt: r.requested_at.toISOString(),
        auditedAt: r.audited_at?.toISOString() ?? null,
      }));
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(pool, ['money-operations'])] },
  );

  defineRoute(router, 'GET /console/ledger-proof/digests', async ({ query }) => {
    const { lines, total } = await ledgerDigests(pool, (query.page - 1) * query.limit, query.limit);
    const items = lines.map((l): DigestItem => ({ ...(l.data as LedgerDigestRecordedData), version: l.version, hash: l.hash }));
    return { items, meta: pageMeta(query, total, items.length) };
  });

  // The same checks as `audit --verify-digest`, on the recorded event: the signature, and the root
  // recomputed from today's log at the digest's point (a rewrite before it changes a head).
  defineRoute(router, 'GET /console/ledger-proof/digests/{digestId}/check', async ({ params }) => {
    const line = await ledgerDigest(pool, params.digestId);
    if (!line) throw new ApiError('NOT_FOUND', auditorTexts.digestNotFound);
    const digest = line.data as LedgerDigestRecordedData;
    const problems: string[] = [];
    let signatureOk = false;
    try {
      const key = createPublicKey({ key: Buffer.from(digest.publicKey, 'base64'), format: 'der', type: 'spki' });
      signatureOk = verify(null, Buffer.from(signedText(digest)), key, Buffer.from(digest.signature, 'base64'));
    } catch {
      signatureOk = false;
    }
    if (!signatureOk) problems.push('The signature does not match the digest.');
    const logRoot = merkleRoot((await moneyStreamHeads(pool, digest.upTo)).heads);
    const rootOk = logRoot === digest.root;
    if (!rootOk) problems.push(`The log's root at ${digest.upTo} is ${logRoot}, the digest's is ${digest.root}.`);
    return { digestId: digest.digestId, signatureOk, rootOk, logRoot, problems };
  });

  defineRoute(router, 'GET /console/ledger-proof/accounts/{uid}', async ({ params, query }) => {
    const { movements, total, heads } = await accountMovements(pool, params.uid, (query.page - 1) * query.limit, query.limit);
    return { uid: params.uid, streams: heads, items: movements, meta: pageMeta(query, total, movements.length) };
  });

  defineRoute(router, 'GET /console/ledger-proof/accounts/{uid}/export', async (req, res) => {
    const q = parse(AccountExportQuery, req.query);
    const uid = String(req.params.uid);
    await streamExport(res, pool, { kind: 'account', uid }, q.format, `ledger-${uid}`);
  });

  defineRoute(router, 'GET /console/ledger-proof/export', async (req, res) => {
    const q = parse(PeriodExportQuery, req.query);
    const to = q.to ?? new Date().toISOString().slice(0, 10);
    const fromDay = q.from ?? to;
    const from = new Date(`${fromDay}T00:00:00Z`);
    const until = new Date(`${to}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 1);
    if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime()))
      throw new ApiError('VALIDATION_FAILED', auditorTexts.dateInvalid, { issues: [{ path: 'from', message: auditorTexts.dateInvalid }] });
    if (until <= from)
      throw new ApiError('VALIDATION_FAILED', auditorTexts.periodBackwards, {
        issues: [{ path: 'to', message: auditorTexts.periodBackwards }],
      });
    await streamExport(res, pool, { kind: 'period', from, until }, q.format, `ledger-${fromDay}-${to}`);
  });
}

const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function csvRow(line: LedgerExportLine): string {
  const cells: Record<(typeof ledgerExportColumns)[number], string> = {
    streamId: line.streamId,
    version: String(line.version),
    type: line.type,
    position: line.position,
    recordedAt: line.recordedAt,
    prevHash: line.prevHash ?? '',
    hash: line.hash ?? '',
    data: canonicalJson(line.data),
  };
  return ledgerExportColumns.map((c) => csvField(cells[c])).join(',');
}

/** Writes the export a page at a time, waiting for the socket to drain: a long period never sits in memory whole. */
async function streamExport(
  res: express.Response,
  pool: QueryDeps['pool'],
  filter: LedgerExportFilter,
  format: 'jsonl' | 'csv',
  name: string,
): Promise<void> {
  res.status(200);
  res.setHeader('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.${format}"`);
  res.setHeader('cache-control', 'no-store');
  if (format === 'csv') res.write(`${ledgerExportColumns.join(',')}\n`);
  for await (const page of ledgerExportPages(pool, filter)) {
    if (res.destroyed) break;
    const text = page.map((l) => (format === 'csv' ? csvRow(l) : JSON.stringify(l))).join('\n') + '\n';
    if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
  res.end();
}
