// Per-client limits on what is scarce: guest accounts and wallet sign-in messages per
// client address, as sign-in codes already were; another address is not held back by the first.
import { identityTexts } from '@murmur/contracts';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';

let stack: IdentityStack;

beforeAll(async () => {
  stack = await startIdentityStack({ GUEST_SIGNUPS_PER_ADDRESS: '3', SIGN_MESSAGES_PER_ADDRESS: '4' });
});
afterAll(async () => {
  await stack?.stop();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const guest = (address: string) =>
  stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } }, headers: from(address) });
const signMessage = (address: string) =>
  stack.api('/wallet/create-sign-message', {
    method: 'POST',
    body: { address: privateKeyToAccount(generatePrivateKey()).address, type: 'login' },
    headers: from(address),
  });

it('lets one address create a few guest accounts in ten minutes, then refuses with the reason, and not another address', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await guest('198.51.100.20')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const refused = await guest('198.51.100.20');
  expect(refused.body.error.message).toBe(identityTexts.tooManyFromAddress);
  expect((await guest('198.51.100.21')).status).toBe(200);
  stack.clock.advance(601);
  expect((await guest('198.51.100.20')).status).toBe(200);
});

it('caps wallet sign-in messages per address', async () => {
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await signMessage('198.51.100.30')).status);
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
  expect((await signMessage('198.51.100.31')).status).toBe(200);
});
