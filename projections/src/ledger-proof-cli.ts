// The ledger proof's options of `projections audit` (docs/operations.md, "Ledger proof"), a period's ledger among them.
import { PostgresEventStore } from '@murmur/eventstore';
import { DEMO_LEDGER_DIGEST_KEY, demoRefusals } from '@murmur/platform';
import { readFile, writeFile } from 'node:fs/promises';
import type pg from 'pg';
import { verifyChainCommand } from './ledger-chain-audit.ts';
import { periodAuditCommand } from './ledger-period-audit.ts';
import { recordLedgerDigest, verifyDigestFile, type DigestFile } from './ledger-digest.ts';
import { verifyExportCommand } from './ledger-export-verify.ts';

const USAGE =
  'Usage: audit [--verify-chain | --record-digest [--out FILE] | --verify-digest FILE [--public-key BASE64] | --from YYYY-MM-DD --to YYYY-MM-DD [--json] | --verify-export FILE]';

const option = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

export async function ledgerProofCommand(
  pool: pg.Pool,
  args: string[],
  out: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (args.includes('--from') || args.includes('--to')) return periodAuditCommand(pool, args, out);
  switch (args[0]) {
    case '--verify-chain':
      return verifyChainCommand(pool, out);
    case '--record-digest': {
      // The demo's signing key signs nothing outside the demo (platform/src/demo-mode.ts).
      const refusals = demoRefusals('projections', env);
      if (refusals.length > 0) {
        for (const r of refusals) out(`REFUSED: ${r}`);
        return 2;
      }
      const digest = await recordLedgerDigest(pool, new PostgresEventStore(pool), env.LEDGER_DIGEST_SIGNING_KEY ?? DEMO_LEDGER_DIGEST_KEY, {
        by: 'cli',
      });
      const file = option(args, '--out');
      if (file) await writeFile(file, `${JSON.stringify(digest, null, 2)}\n`);
      out(`digest ${digest.digestId} up to ${digest.upTo}: ${digest.streams} money stream(s), root ${digest.root}`);
      out(`signed by ${digest.publicKey}${file ? `; kept in ${file}` : ''}`);
      return 0;
    }
    case '--verify-export':
      if (!args[1]) break;
      return verifyExportCommand(args[1], out);
    case '--verify-digest': {
      const file = args[1];
      if (!file) break;
      const digest = JSON.parse(await readFile(file, 'utf8')) as DigestFile;
      const check = await verifyDigestFile(pool, digest, option(args, '--public-key'));
      out(`digest ${digest.digestId} up to ${digest.upTo}, root ${digest.root}, signed by ${digest.publicKey}`);
      for (const p of check.problems) out(`DIFFERENCE: ${p}`);
      out(check.ok ? 'digest OK: the log up to it is unchanged' : `digest FAILED: ${check.problems.length} difference(s)`);
      return check.ok ? 0 : 1;
    }
  }
  console.error(USAGE);
  return 2;
}
