// The demo money seeder runs through the real commands and leaves a ledger that audits clean.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import type { SeedContext } from '../../../scripts/seed/context.ts';
import { seedMoney } from '../../../scripts/seed/money.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { loadWallet } from './ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('seedMoney', () => {
  it('funds the demo users, sends gifts and buys items', async () => {
    const [aria, ben, nova, admin] = await Promise.all([0, 1, 2, 3].map(() => signUpWithWallet(stack.commandUrl)));
    const ctx: SeedContext = {
      commandUrl: stack.commandUrl,
      queryUrl: stack.queryUrl,
      pool: stack.db.pool,
      store: stack.command.deps.store,
      tokenFor: (uid, roles) => stack.tokenFor(uid, roles),
      async post(path, token, body, method = 'POST') {
        const res = await stack.api(path, { method, token, body, headers: { 'idempotency-key': randomUUID() } });
        if (res.status >= 300) throw new Error(`${path} -> ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      shared: { users: { aria: aria!.uid, ben: ben!.uid, nova: nova!.uid, admin: admin!.uid } },
    };
    await seedMoney(ctx);
    // ben: 5000 granted + 10,000 topped up - 100 (roses) - 1000 (crown) - 2000 (rocket) - 500 (frame)
    expect((await loadWallet(stack.command.deps, ben!.uid)).balance).toBe(11_400);
    expect((await loadWallet(stack.command.deps, aria!.uid)).vipUntil).not.toBeNull();
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });
});
