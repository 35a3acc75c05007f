// The ledger proof's options of `projections audit` (docs/operations.md, "The ledger audit").
import type pg from 'pg';
import { verifyChainCommand } from './ledger-chain-audit.ts';

const USAGE = 'Usage: audit [--verify-chain]';

export async function ledgerProofCommand(pool: pg.Pool, args: string[], out: (line: string) => void = console.log): Promise<number> {
  switch (args[0]) {
    case '--verify-chain':
      return verifyChainCommand(pool, out);
    default:
      console.error(USAGE);
      return 2;
  }
}
