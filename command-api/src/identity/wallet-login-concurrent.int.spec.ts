// Many wallet users signing in again at the same moment, more than the pool has connections (the
// soak run's refresh every 10 minutes hung and answered a 500): each gets a session into its own
// account. Sign-in decides in a transaction; reading the stream on a second connection starved the pool.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack({ SIGN_MESSAGES_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await stack?.stop();
});

it('signs 40 wallet users in again at once, each into its own account', async () => {
  const users = [];
  for (let i = 0; i < 40; i += 8) users.push(...(await Promise.all(Array.from({ length: 8 }, () => signUpWithWallet(stack.commandUrl)))));
  for (let round = 0; round < 3; round++) {
    const again = await Promise.allSettled(users.map((u) => signUpWithWallet(stack.commandUrl, { privateKey: u.privateKey })));
    const failed = again.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(failed).toEqual([]);
    expect(again.map((r) => (r.status === 'fulfilled' ? r.value.uid : null))).toEqual(users.map((u) => u.uid));
  }
}, 120_000);
