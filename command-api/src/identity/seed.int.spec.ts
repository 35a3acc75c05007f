// The demo seeder signs its people up through the real routes, reading codes from the dev mailbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedIdentity } from '../../../scripts/seed/identity.ts';
import type { SeedContext } from '../../../scripts/seed/context.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { users as usersProjector } from '../../../projections/src/projectors/users.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
  stack.smtp.storeIn(stack.db.pool);
});
afterAll(async () => {
  await stack?.stop();
});

it('creates aria, ben, nova and an admin with their roles, and shares their uids', async () => {
  const ctx: SeedContext = {
    commandUrl: stack.commandUrl,
    queryUrl: stack.queryUrl,
    pool: stack.db.pool,
    store: stack.command.deps.store,
    shared: {},
    tokenFor: (uid, roles) => stack.tokenFor(uid, roles),
    async post(path, token, body, method = 'POST') {
      const res = await stack.api(path, { method, token, body, headers: { 'idempotency-key': randomUUID() } });
      if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
  await seedIdentity(ctx);
  const users = ctx.shared.users as Record<string, string>;
  expect(Object.keys(users).sort()).toEqual(['admin', 'aria', 'audrey', 'ben', 'nova']);
  const head = (await stack.db.pool.query<{ p: string }>('select max(global_position)::text as p from events')).rows[0]!.p;
  const token = await stack.tokenFor(users.aria!);
  const aria = await stack.readAfter('/user/me', token, head);
  expect(aria.body).toMatchObject({ username: 'aria', roles: ['co', 'h', 'cr'], hasFinishedOnboarding: true });
  const { rows } = await stack.db.pool.query<{ uid: string; roles: string[] }>('select uid, roles from rm.users');
  const rolesOf = Object.fromEntries(rows.map((r) => [r.uid, r.roles]));
  expect(rolesOf[users.nova!]).toEqual(['co', 'ag']);
  expect(rolesOf[users.admin!]).toEqual(['co', 'ad', 'dev']);
  expect(rolesOf[users.ben!]).toEqual(['co']);
  expect(rolesOf[users.audrey!]).toEqual(['co', 'au']);

  // The read model rebuilt from position 0 equals the live one.
  const snapshot = async () => (await stack.db.pool.query('select * from rm.users order by uid')).rows;
  const live = await snapshot();
  await rebuildProjection(stack.db.pool, usersProjector);
  expect(await snapshot()).toEqual(live);
});
