// What the auditor's view reads (docs/decisions/ledger-proof.md, "The auditor's view"): the ledger
// audit's runs, the signed digests, an account's movements with their chain proof, and the export
// line the CLI verifies offline (`audit --verify-export`).
import { z } from 'zod';
import { PageQuery, paged } from './paging.ts';
import { LedgerAuditedData, LedgerDigestRecordedData } from './money-operations.ts';

/** The roles that read the auditor's view: auditors, and admins (who also run the console's audit). */
export const auditorRoles = ['au', 'ad'] as const;

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** One event of a money stream as an export line carries it (JSON lines; the CSV has the same columns). */
export const LedgerExportLine = z.object({
  streamId: z.string(),
  version: z.number().int().positive(),
  type: z.string(),
  data: z.unknown(),
  /** Null only on an event the chain does not cover (it would fail `--verify-export`). */
  prevHash: hash.nullable(),
  hash: hash.nullable(),
  /** The event's place in the log, `{transactionId}:{globalPosition}`. */
  position: z.string(),
  recordedAt: z.string(),
});
export type LedgerExportLine = z.infer<typeof LedgerExportLine>;

/** The CSV export's columns, in order; `data` is the event's data as canonical JSON. */
export const ledgerExportColumns = ['streamId', 'version', 'type', 'position', 'recordedAt', 'prevHash', 'hash', 'data'] as const;

/** An account's movement with its chain neighbours: the event before it on its stream (whose hash
 * its prevHash must be) and the one after it (whose prevHash must be its hash). */
export const LedgerMovement = LedgerExportLine.extend({
  previous: z.object({ version: z.number().int(), hash: hash.nullable() }).nullable(),
  next: z.object({ version: z.number().int(), prevHash: hash.nullable() }).nullable(),
});
export type LedgerMovement = z.infer<typeof LedgerMovement>;

export const AccountLedgerQuery = PageQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const AccountLedger = paged(LedgerMovement).extend({
  uid: z.string(),
  /** The account's money streams (wallet, earnings) with their heads. */
  streams: z.array(z.object({ streamId: z.string(), version: z.number().int(), hash: hash.nullable() })),
});
export type AccountLedger = z.infer<typeof AccountLedger>;

export const LedgerExportFormat = z.enum(['jsonl', 'csv']);
export const AccountExportQuery = z.object({ format: LedgerExportFormat.default('jsonl') });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are like 2026-01-31.');
/** A period of the log by the events' recorded time: from the start of `from` to the end of `to` (UTC days);
 * `to` defaults to today and `from` to `to`, so the bare route exports today's money events. */
export const PeriodExportQuery = z.object({ from: day.optional(), to: day.optional(), format: LedgerExportFormat.default('jsonl') });

export const AuditRunItem = z.object({
  auditId: z.string(),
  /** 'requested' from the console and not answered yet by the projections worker. */
  status: z.enum(['requested', 'done']),
  ok: z.boolean().nullable(),
  events: z.number().int().nullable(),
  lastPosition: z.string().nullable(),
  totals: LedgerAuditedData.shape.totals.nullable(),
  differenceCount: z.number().int().nullable(),
  differences: z.array(z.string()),
  /** The admin who asked from the console; null for the CLI. */
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  auditedAt: z.string().nullable(),
});
export const AuditRunPage = paged(AuditRunItem);

export const DigestItem = LedgerDigestRecordedData.extend({ version: z.number().int(), hash: hash.nullable() });
export type DigestItem = z.infer<typeof DigestItem>;
export const DigestPage = paged(DigestItem);

/** A recorded digest checked on the server: its Ed25519 signature, and its root against the log's heads at its point today. */
export const DigestCheck = z.object({
  digestId: z.string(),
  signatureOk: z.boolean(),
  rootOk: z.boolean(),
  logRoot: hash,
  problems: z.array(z.string()),
});

export const auditorTexts = {
  digestNotFound: 'No digest with this id.',
  dateInvalid: 'Dates are like 2026-01-31.',
  periodBackwards: 'The period must end on or after the day it starts.',
} as const;
