// `projections audit --verify-export FILE` (docs/decisions/ledger-proof.md, "The auditor's view"):
// checks an export of the auditor's view offline, from the file alone: every line's hash recomputed,
// and each stream's lines linked (consecutive versions, each previous hash the hash of the line before).
import { GENESIS_HASH, LedgerExportLine, ledgerExportColumns } from '@murmur/contracts';
import { chainHash } from '@murmur/eventstore';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface BadLine {
  /** 1-based, as an editor shows it (a CSV's header is line 1). */
  line: number;
  streamId: string | null;
  version: number | null;
  problem: string;
}

export interface ExportCheck {
  ok: boolean;
  lines: number;
  streams: number;
  /** The first line that fails, and how many fail. */
  firstBad: BadLine | null;
  badLines: number;
  /** Streams whose first line in the file is not their first event: their previous hash is taken as given. */
  anchored: Array<{ streamId: string; version: number; prevHash: string }>;
}

/** One CSV record of the export (no field holds a line break: `data` is canonical JSON). */
export function parseCsvRecord(text: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('a quoted field is not closed');
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    } else {
      const comma = text.indexOf(',', i);
      field = text.slice(i, comma < 0 ? text.length : comma);
      i = comma < 0 ? text.length : comma;
    }
    fields.push(field);
    if (i >= text.length) return fields;
    if (text[i] !== ',') throw new Error(`a quoted field is followed by ${JSON.stringify(text[i])}`);
    i++;
  }
}

function parseLine(text: string, format: 'jsonl' | 'csv'): LedgerExportLine {
  let value: unknown;
  if (format === 'jsonl') value = JSON.parse(text);
  else {
    const cells = parseCsvRecord(text);
    if (cells.length !== ledgerExportColumns.length) throw new Error(`${cells.length} columns, expected ${ledgerExportColumns.length}`);
    const row = Object.fromEntries(ledgerExportColumns.map((c, i) => [c, cells[i]!]));
    value = { ...row, version: Number(row.version), prevHash: row.prevHash || null, hash: row.hash || null, data: JSON.parse(row.data!) };
  }
  const parsed = LedgerExportLine.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; '));
  return parsed.data;
}

/** Checks an export's lines in file order. */
export async function verifyExportLines(lines: AsyncIterable<string> | Iterable<string>, format: 'jsonl' | 'csv'): Promise<ExportCheck> {
  const heads = new Map<string, { version: number; hash: string }>();
  const anchored: ExportCheck['anchored'] = [];
  let lineNo = 0;
  let count = 0;
  let firstBad: BadLine | null = null;
  let badLines = 0;
  const bad = (b: BadLine) => {
    badLines++;
    firstBad ??= b;
  };
  for await (const text of lines) {
    lineNo++;
    if (format === 'csv' && lineNo === 1) {
      if (text.trim() !== ledgerExportColumns.join(',')) bad({ line: 1, streamId: null, version: null, problem: 'not the export header' });
      continue;
    }
    if (text.trim() === '') continue;
    count++;
    let line: LedgerExportLine;
    try {
      line = parseLine(text, format);
    } catch (error) {
      bad({ line: lineNo, streamId: null, version: null, problem: `unreadable: ${(error as Error).message}` });
      continue;
    }
    const at = { line: lineNo, streamId: line.streamId, version: line.version };
    if (line.hash === null || line.prevHash === null) {
      bad({ ...at, problem: 'no hash: the event is not chained' });
      continue;
    }
    const head = heads.get(line.streamId);
    // The chain goes on from here, so one bad line is named once and not again on the line after it.
    heads.set(line.streamId, { version: line.version, hash: line.hash });
    const expected = chainHash({
      streamId: line.streamId,
      version: BigInt(line.version),
      type: line.type,
      data: line.data,
      prevHash: line.prevHash,
    });
    if (expected !== line.hash) {
      bad({ ...at, problem: `hash does not match its content (expected ${expected}, found ${line.hash})` });
      continue;
    }
    if (!head) {
      if (line.version === 1 && line.prevHash !== GENESIS_HASH)
        bad({ ...at, problem: `first event's previous hash is not the genesis hash (found ${line.prevHash})` });
      else if (line.version > 1) anchored.push({ streamId: line.streamId, version: line.version, prevHash: line.prevHash });
      continue;
    }
    if (line.version !== head.version + 1) bad({ ...at, problem: `version ${line.version} follows version ${head.version} of its stream` });
    else if (line.prevHash !== head.hash)
      bad({ ...at, problem: `previous hash is not the hash of version ${head.version} (expected ${head.hash}, found ${line.prevHash})` });
  }
  if (format === 'csv' && lineNo === 0) bad({ line: 1, streamId: null, version: null, problem: 'empty file: no export header' });
  return { ok: badLines === 0, lines: count, streams: heads.size, firstBad, badLines, anchored };
}

/** The export's format: CSV by its extension or its header, else JSON lines. */
export const exportFormatOf = (file: string, firstLine: string): 'jsonl' | 'csv' =>
  file.toLowerCase().endsWith('.csv') || firstLine.startsWith(`${ledgerExportColumns[0]},`) ? 'csv' : 'jsonl';

export async function verifyExportCommand(file: string, out: (line: string) => void = console.log): Promise<number> {
  const first = await firstLineOf(file);
  const format = exportFormatOf(file, first);
  const check = await verifyExportLines(createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity }), format);
  out(`export ${file} (${format}): ${check.lines} event(s) on ${check.streams} stream(s)`);
  for (const a of check.anchored)
    out(
      `${a.streamId} starts at version ${a.version}: its previous hash ${a.prevHash} is taken as given (check it against an earlier export or a digest)`,
    );
  const b = check.firstBad;
  if (b) out(`BAD LINE ${b.line}${b.streamId ? ` (${b.streamId} version ${b.version})` : ''}: ${b.problem}`);
  out(check.ok ? 'export OK: every hash and link holds' : `export FAILED: ${check.badLines} bad line(s), the first is line ${b!.line}`);
  return check.ok ? 0 : 1;
}

async function firstLineOf(file: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}
