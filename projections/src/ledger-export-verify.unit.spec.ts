// The offline export check of `audit --verify-export`: a whole export holds; a changed, removed,
// reordered or unchained line is named by its line number; a CSV is read like JSON lines.
import { canonicalJson, GENESIS_HASH, ledgerExportColumns, type LedgerExportLine } from '@murmur/contracts';
import { chainHash } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { parseCsvRecord, verifyExportLines } from './ledger-export-verify.ts';

/** A stream's chained events, as the export writes them. */
function chain(streamId: string, amounts: number[], from = { version: 1, prevHash: GENESIS_HASH }): LedgerExportLine[] {
  let prevHash = from.prevHash;
  return amounts.map((amount, i) => {
    const version = from.version + i;
    const data = { uid: streamId.slice(7), amount, note: 'a "quoted", comma' };
    const hash = chainHash({ streamId, version: BigInt(version), type: 'DiamondsCredited', data, prevHash });
    const line = {
      streamId,
      version,
      type: 'DiamondsCredited',
      data,
      prevHash,
      hash,
      position: `9:${version}`,
      recordedAt: '2026-11-27T10:00:00.000Z',
    };
    prevHash = hash;
    return line;
  });
}
const jsonl = (lines: LedgerExportLine[]) => lines.map((l) => JSON.stringify(l));
const csvField = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (lines: LedgerExportLine[]) => [
  ledgerExportColumns.join(','),
  ...lines.map((l) =>
    [l.streamId, String(l.version), l.type, l.position, l.recordedAt, l.prevHash ?? '', l.hash ?? '', canonicalJson(l.data)]
      .map(csvField)
      .join(','),
  ),
];

const alice = chain('wallet-alice', [500, 20, 7]);
const bob = chain('wallet-bob', [300, 40]);
const interleaved = [alice[0]!, bob[0]!, alice[1]!, bob[1]!, alice[2]!];

describe('verifyExportLines', () => {
  it('accepts a whole export of two streams, interleaved in log order', async () => {
    const check = await verifyExportLines(jsonl(interleaved), 'jsonl');
    expect(check).toEqual({ ok: true, lines: 5, streams: 2, firstBad: null, badLines: 0, anchored: [] });
  });

  it('names a line whose data was changed', async () => {
    const lines = jsonl(interleaved);
    lines[2] = lines[2]!.replace('"amount":20', '"amount":2000');
    const check = await verifyExportLines(lines, 'jsonl');
    expect(check.firstBad).toEqual({
      line: 3,
      streamId: 'wallet-alice',
      version: 2,
      problem: expect.stringMatching(/^hash does not match its content \(expected [0-9a-f]{64}, found [0-9a-f]{64}\)$/),
    });
    expect(check.badLines).toBe(1);
  });

  it('names the line after a removed one, and a line whose hashes were recomputed after a change', async () => {
    const removed = await verifyExportLines(jsonl([alice[0]!, alice[2]!]), 'jsonl');
    expect(removed.firstBad).toMatchObject({ line: 2, version: 3, problem: 'version 3 follows version 1 of its stream' });

    // A forger recomputes the changed line's own hash: the next line's previous hash no longer links.
    const forged = { ...alice[1]!, data: { ...(alice[1]!.data as object), amount: 2000 } };
    forged.hash = chainHash({ streamId: forged.streamId, version: 2n, type: forged.type, data: forged.data, prevHash: forged.prevHash! });
    const relinked = await verifyExportLines(jsonl([alice[0]!, forged, alice[2]!]), 'jsonl');
    expect(relinked.firstBad).toMatchObject({
      line: 3,
      version: 3,
      problem: expect.stringMatching(/^previous hash is not the hash of version 2/),
    });
  });

  it('names swapped lines, an unchained one, a first event off the genesis hash and an unreadable line', async () => {
    expect((await verifyExportLines(jsonl([alice[1]!, alice[0]!]), 'jsonl')).firstBad).toMatchObject({
      line: 2,
      problem: 'version 1 follows version 2 of its stream',
    });
    const unchained = { ...alice[0]!, hash: null, prevHash: null };
    expect((await verifyExportLines(jsonl([unchained]), 'jsonl')).firstBad).toMatchObject({
      line: 1,
      problem: 'no hash: the event is not chained',
    });
    const offGenesis = chain('wallet-carol', [1], { version: 1, prevHash: 'a'.repeat(64) });
    expect((await verifyExportLines(jsonl(offGenesis), 'jsonl')).firstBad?.problem).toMatch(/genesis/);
    expect((await verifyExportLines(['{not json'], 'jsonl')).firstBad).toMatchObject({
      line: 1,
      problem: expect.stringMatching(/^unreadable/),
    });
  });

  it("takes a stream's first line after version 1 as anchored by its previous hash", async () => {
    const check = await verifyExportLines(jsonl(alice.slice(1)), 'jsonl');
    expect(check.ok).toBe(true);
    expect(check.anchored).toEqual([{ streamId: 'wallet-alice', version: 2, prevHash: alice[0]!.hash }]);
  });

  it('reads the CSV export the same way, the header being line 1', async () => {
    expect((await verifyExportLines(csv(interleaved), 'csv')).ok).toBe(true);
    const rows = csv(interleaved);
    rows[3] = rows[3]!.replace('""amount"":20', '""amount"":21');
    expect((await verifyExportLines(rows, 'csv')).firstBad).toMatchObject({ line: 4, streamId: 'wallet-alice', version: 2 });
    expect((await verifyExportLines(['stream,other'], 'csv')).firstBad).toMatchObject({ line: 1, problem: 'not the export header' });
  });
});

describe('parseCsvRecord', () => {
  it('splits quoted fields with commas and doubled quotes', () => {
    expect(parseCsvRecord('a,"b,c","d ""e""",')).toEqual(['a', 'b,c', 'd "e"', '']);
  });
});
