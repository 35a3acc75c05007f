// Further CLI commands registered by domain modules (the ledger `audit` lives with the money read models).
import type pg from 'pg';
import { auditCommand } from './ledger-audit.ts';

export const cliCommands: Record<string, (pool: pg.Pool, args: string[]) => Promise<number>> = {
  audit: auditCommand,
};
