// The auditor's view over HTTP: an auditor (role au) reads the audit runs, the signed digests and
// their check, two accounts' ledgers each complete with their chain proof, and exports that
// `audit --verify-export` accepts and whose tampered line it names; a creator and a guest are refused.
import { GENESIS_HASH, streamIds } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { DEMO_LEDGER_DIGEST_KEY } from '@murmur/platform';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../../command-api/src/wallet/ledger.ts';
import { recordLedgerDigest } from '../../../projections/src/ledger-digest.ts';
import { ledgerProofCommand } from '../../../projections/src/ledger-proof-cli.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let auditor: string;
let dir: string;
const ALICE = 'lp-alice';
const BOB = 'lp-bob';
/** An account whose wallet stream passes version 9 (outside the period export's `wallet-lp-` streams). */
const CARL = 'long-carl';
const carlAmounts = Array.from({ length: 12 }, (_, i) => i + 1);

beforeAll(async () => {
  stack = await startTestStack();
  auditor = await stack.tokenFor('lp-auditor', ['co', 'au']);
  dir = await mkdtemp(path.join(tmpdir(), 'ledger-proof-'));
  for (const [uid, amounts] of [
    [ALICE, [500, 20, 7]],
    [BOB, [300, 40]],
    [CARL, carlAmounts],
  ] as const) {
    for (const [i, amount] of amounts.entries())
      await creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `lp-${uid}-${i}` });
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const read = (p: string, token = auditor, headers: Record<string, string> = {}) => stack.api(p, { token, headers });
/** The export's text as the browser gets it (the JSON helper of the stack would parse a one-line export). */
async function download(p: string, token = auditor): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${stack.queryUrl}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
/** Runs the CLI's `audit --verify-export FILE` on `text`, answering its exit code and output. */
async function verifyExport(name: string, text: string): Promise<{ code: number; out: string[] }> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const out: string[] = [];
  const code = await ledgerProofCommand(stack.db.pool, ['--verify-export', file], (l) => out.push(l));
  return { code, out };
}
const today = () => new Date().toISOString().slice(0, 10);

const routes = [
  '/console/ledger-proof/audits',
  '/console/ledger-proof/digests',
  '/console/ledger-proof/digests/digest-x/check',
  `/console/ledger-proof/accounts/${ALICE}`,
  `/console/ledger-proof/accounts/${ALICE}/export`,
  `/console/ledger-proof/export?from=2026-01-01&to=2026-12-31`,
];

describe('who may read it', () => {
  it('refuses a creator and a guest with the forbidden error, and a visitor with 401', async () => {
    const creator = await stack.tokenFor('lp-creator', ['co', 'cr']);
    const guest = await stack.tokenFor('lp-guest', ['co'], { anonymous: true });
    for (const route of routes) {
      for (const token of [creator, guest]) {
        const res = await read(route, token);
        expect(res.status, route).toBe(403);
        expect(res.body.error.code, route).toBe('FORBIDDEN');
      }
      expect((await stack.api(route)).status, route).toBe(401);
    }
  });

  it('lets an admin read it too', async () => {
    const admin = await stack.tokenFor('lp-admin', ['co', 'ad']);
    expect((await read(`/console/ledger-proof/accounts/${ALICE}`, admin)).status).toBe(200);
  });
});

describe("an account's ledger", () => {
  it("shows each account's every movement with its hashes and neighbours, and nobody else's", async () => {
    const store = new PostgresEventStore(stack.db.pool);
    for (const uid of [ALICE, BOB, CARL]) {
      const res = await read(`/console/ledger-proof/accounts/${uid}?limit=200`);
      expect(res.status).toBe(200);
      const { events } = await store.readStream(streamIds.wallet(uid));
      expect(res.body.streams).toEqual([
        { streamId: streamIds.wallet(uid), version: events.length, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
      expect(res.body.meta.totalItems).toBe(events.length);
      expect(res.body.items.map((m: any) => [m.streamId, m.version, m.type, m.data])).toEqual(
        events.map((e) => [streamIds.wallet(uid), Number(e.streamVersion), e.type, e.data]),
      );
      const items = res.body.items as any[];
      expect(items[0].prevHash).toBe(GENESIS_HASH);
      expect(items[0].previous).toBeNull();
      expect(items.at(-1).next).toBeNull();
      for (let i = 1; i < items.length; i++) {
        expect(items[i].prevHash).toBe(items[i - 1].hash);
        expect(items[i].previous).toEqual({ version: items[i - 1].version, hash: items[i - 1].hash });
        expect(items[i - 1].next).toEqual({ version: items[i].version, prevHash: items[i].prevHash });
      }
    }
    const alice = await read(`/console/ledger-proof/accounts/${ALICE}`);
    expect(alice.body.items.map((m: any) => m.data.amount)).toEqual([500, 20, 7]);
    const bob = await read(`/console/ledger-proof/accounts/${BOB}`);
    expect(bob.body.items.map((m: any) => m.data.amount)).toEqual([300, 40]);
  });

  it('pages keep the neighbours of the first and last movement of a page', async () => {
    const page2 = await read(`/console/ledger-proof/accounts/${ALICE}?limit=1&page=2`);
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.items[0].version).toBe(2);
    expect(page2.body.items[0].previous.version).toBe(1);
    expect(page2.body.items[0].next.version).toBe(3);
    expect(page2.body.meta).toEqual({ currentPage: 2, totalPages: 3, totalItems: 3, itemCount: 1 });
  });
});

describe('exports', () => {
  it("an account's JSON lines verify with --verify-export, and a tampered line is named", async () => {
    const res = await download(`/console/ledger-proof/accounts/${ALICE}/export?format=jsonl`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/x-ndjson');
    const lines = res.text.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).data.amount)).toEqual([500, 20, 7]);
    const ok = await verifyExport('alice.jsonl', res.text);
    expect(ok.out.at(-1)).toBe('export OK: every hash and link holds');
    expect(ok.code).toBe(0);

    const tampered = lines.map((l, i) => (i === 1 ? l.replace('"amount":20', '"amount":2000') : l));
    expect(tampered[1]).not.toBe(lines[1]);
    const bad = await verifyExport('alice-tampered.jsonl', tampered.join('\n') + '\n');
    expect(bad.code).toBe(1);
    expect(bad.out.find((l) => l.startsWith('BAD LINE'))).toMatch(
      /^BAD LINE 2 \(wallet-lp-alice version 2\): hash does not match its content/,
    );
    expect(bad.out.at(-1)).toBe('export FAILED: 1 bad line(s), the first is line 2');

    const removed = await verifyExport('alice-removed.jsonl', [lines[0], lines[2]].join('\n') + '\n');
    expect(removed.out.find((l) => l.startsWith('BAD LINE'))).toMatch(
      /^BAD LINE 2 \(wallet-lp-alice version 3\): version 3 follows version 1/,
    );
  });

  it('an account past version 9 exports in version order and verifies', async () => {
    const res = await download(`/console/ledger-proof/accounts/${CARL}/export?format=jsonl`);
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.version)).toEqual(carlAmounts);
    expect((await verifyExport('carl.jsonl', res.text)).code).toBe(0);
  });

  it("an account's CSV verifies too", async () => {
    const res = await download(`/console/ledger-proof/accounts/${BOB}/export?format=csv`);
    expect(res.type).toContain('text/csv');
    const rows = res.text.trimEnd().split('\n');
    expect(rows[0]).toBe('streamId,version,type,position,recordedAt,prevHash,hash,data');
    expect(rows).toHaveLength(3);
    const ok = await verifyExport('bob.csv', res.text);
    expect(ok.code).toBe(0);
    const bad = await verifyExport('bob-tampered.csv', res.text.replace('""amount"":40', '""amount"":41'));
    expect(bad.out.find((l) => l.startsWith('BAD LINE'))).toMatch(/^BAD LINE 3 \(wallet-lp-bob version 2\): hash does not match/);
  });

  it("a period's export holds both accounts' events in log order and verifies", async () => {
    const res = await download(`/console/ledger-proof/export?from=${today()}&to=${today()}`);
    expect(res.status).toBe(200);
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const wallets = lines.filter((l) => l.streamId.startsWith('wallet-lp-'));
    expect(wallets.map((l) => `${l.streamId}@${l.version}`)).toEqual([
      'wallet-lp-alice@1',
      'wallet-lp-alice@2',
      'wallet-lp-alice@3',
      'wallet-lp-bob@1',
      'wallet-lp-bob@2',
    ]);
    expect((await verifyExport('period.jsonl', res.text)).code).toBe(0);
    const earlier = await download('/console/ledger-proof/export?from=2020-01-01&to=2020-01-02');
    expect(earlier.text).toBe('');
    const backwards = await read(`/console/ledger-proof/export?from=${today()}&to=2020-01-01`);
    expect(backwards.status).toBe(400);
  });
});

describe('audit runs and digests', () => {
  it('lists a requested audit run', async () => {
    const admin = await stack.tokenFor('lp-admin-2', ['co', 'ad']);
    const asked = await stack.api('/console/ledger/audit', { method: 'POST', token: admin, body: {} });
    expect(asked.status).toBe(201);
    const res = await read('/console/ledger-proof/audits', auditor, { 'x-min-position': asked.body.position });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ auditId: asked.body.auditId, status: 'requested', ok: null, requestedBy: 'lp-admin-2' }),
    ]);
  });

  it('lists a signed digest whose signature and root check out', async () => {
    const digest = await recordLedgerDigest(stack.db.pool, new PostgresEventStore(stack.db.pool), DEMO_LEDGER_DIGEST_KEY, { by: 'cli' });
    const list = await read('/console/ledger-proof/digests');
    expect(list.body.items).toEqual([
      expect.objectContaining({
        digestId: digest.digestId,
        root: digest.root,
        signature: digest.signature,
        publicKey: digest.publicKey,
        version: 1,
      }),
    ]);
    const check = await read(`/console/ledger-proof/digests/${digest.digestId}/check`);
    expect(check.body).toEqual({ digestId: digest.digestId, signatureOk: true, rootOk: true, logRoot: digest.root, problems: [] });
    expect((await read('/console/ledger-proof/digests/digest-unknown/check')).status).toBe(404);
  });
});
