// Unique usernames across users' streams, decided on the name's own claim stream: ten users taking
// one name at once get it exactly once, and a name given at registration is claimed with the
// account, so nobody can take it before the read models have seen the registration (the
// projections do not run here, so no read model can stand in for the claim).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialTexts, streamIds } from '@murmur/contracts';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projections: false });
});
afterAll(async () => stack?.stop());

const rename = async (token: string, username: string) => stack.api('/user/profile/details', { method: 'PUT', token, body: { username } });

async function holderOf(username: string): Promise<string | null> {
  const { events } = await stack.command.deps.store.readStream(streamIds.username(username));
  let uid: string | null = null;
  for (const e of events) uid = e.type === 'UsernameClaimed' ? (e.data.uid as string) : null;
  return uid;
}

async function usernameOf(uid: string): Promise<string | null> {
  const { events } = await stack.command.deps.store.readStream(`user-${uid}`);
  let name: string | null = null;
  for (const e of events) if (typeof e.data.username === 'string') name = e.data.username;
  return name;
}

describe('unique usernames under concurrency', () => {
  it('ten users renaming to one name at once: exactly one gets it', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => signUpWithWallet(stack.commandUrl)));
    const answers = await Promise.all(users.map((u, i) => rename(u.token, i % 2 === 0 ? 'Racer_Name' : 'racer_name')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.message).toBe(socialTexts.usernameTaken);
    const winner = users[answers.findIndex((a) => a.status === 200)]!;
    expect(await holderOf('racer_name')).toBe(winner.uid);
    const names = await Promise.all(users.map((u) => usernameOf(u.uid)));
    expect(names.filter((n) => n?.toLowerCase() === 'racer_name')).toHaveLength(1);
    expect((await auditLedger(stack.db.pool)).differences).toEqual([]);
  });

  it('a name given at registration is claimed with the account', async () => {
    const registered = await signUpWithWallet(stack.commandUrl);
    const given = (await usernameOf(registered.uid))!;
    const other = await signUpWithWallet(stack.commandUrl);
    const taken = await rename(other.token, given.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(socialTexts.usernameTaken);
    expect(await holderOf(given)).toBe(registered.uid);
  });

  it('takes names in any script', async () => {
    const [a, b] = await Promise.all([signUpWithWallet(stack.commandUrl), signUpWithWallet(stack.commandUrl)]);
    expect((await rename(a.token, 'Дима_7')).status).toBe(200);
    expect((await rename(b.token, 'дима_7')).status).toBe(409);
  });

  it('parallel registrations each hold the claim on their own generated name', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => signUpWithWallet(stack.commandUrl)));
    const names = await Promise.all(users.map((u) => usernameOf(u.uid)));
    for (const [i, u] of users.entries()) {
      expect(names[i]).toMatch(/^user\d{4,8}$/);
      expect(await holderOf(names[i]!)).toBe(u.uid);
    }
  });
});
