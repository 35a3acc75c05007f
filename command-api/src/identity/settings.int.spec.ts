// Account settings against the real stack: linked sign-in methods and unlinking (never the last way
// in, also when two unlinks race), mature content for adults only, audio preferences, and signing
// out every other device.
import { accountTexts, texts } from '@murmur/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSettingsProjector } from '../../../projections/src/projectors/account-settings.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function linkWallet(token: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const msg = await stack.api('/wallet/create-sign-message', {
    method: 'POST',
    token,
    body: { address: account.address, type: 'connect', environment: 'evm' },
  });
  const linked = await stack.api('/wallet/sign-message', {
    method: 'POST',
    token,
    headers: { 'x-signature-session': msg.body.token },
    body: {
      type: 'connect',
      environment: 'evm',
      address: account.address,
      signature: await account.signMessage({ message: msg.body.message }),
    },
  });
  expect(linked.status).toBe(200);
  return { account, position: linked.body.position as string };
}

describe('linked sign-in methods', () => {
  it('lists them and unlinks one, never the last; the unlinked wallet no longer signs into the account', async () => {
    const { body: user } = await stack.signInWithEmail('settings-1@example.com');
    const { account, position } = await linkWallet(user.token);
    const settings = await stack.readAfter('/user/settings', user.token, position);
    expect(settings.body.credentials.map((c: { kind: string; key: string }) => `${c.kind}:${c.key}`)).toEqual([
      'email:settings-1@example.com',
      `wallet-evm:${account.address.toLowerCase()}`,
    ]);

    const unlinked = await stack.api('/user/credentials/unlink', {
      method: 'POST',
      token: user.token,
      body: { kind: 'wallet-evm', key: account.address },
    });
    expect(unlinked.status).toBe(200);
    const after = await stack.readAfter('/user/settings', user.token, unlinked.body.position);
    expect(after.body.credentials.map((c: { kind: string }) => c.kind)).toEqual(['email']);
    // The wallet now signs into a new account, not this one.
    const login = await stack.api('/wallet/create-sign-message', {
      method: 'POST',
      body: { address: account.address, type: 'login', environment: 'evm' },
    });
    const res = await stack.api('/auth/login-wallet', {
      method: 'POST',
      headers: { 'x-signature-session': login.body.token },
      body: {
        type: 'login',
        environment: 'evm',
        address: account.address,
        signature: await account.signMessage({ message: login.body.message }),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.uid).not.toBe(user.uid);

    const last = await stack.api('/user/credentials/unlink', {
      method: 'POST',
      token: user.token,
      body: { kind: 'email', key: 'settings-1@example.com' },
    });
    expect(last.status).toBe(422);
    expect(last.body.error.message).toBe(accountTexts.lastSignInMethod);
    const unchanged = await stack.readAfter('/user/settings', user.token, unlinked.body.position);
    expect(unchanged.body.credentials).toHaveLength(1);
  });

  it('lets only one of two racing unlinks pass when two ways in remain', async () => {
    const { body: user } = await stack.signInWithEmail('settings-2@example.com');
    const { account } = await linkWallet(user.token);
    const results = await Promise.all([
      stack.api('/user/credentials/unlink', { method: 'POST', token: user.token, body: { kind: 'wallet-evm', key: account.address } }),
      stack.api('/user/credentials/unlink', { method: 'POST', token: user.token, body: { kind: 'email', key: 'settings-2@example.com' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const { rows } = await stack.db.pool.query("select count(*)::int as n from identity_links where uid = $1 and kind <> 'referral_code'", [
      user.uid,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe('mature content and audio', () => {
  it('turns mature content on for an adult, and stores volumes and mutes', async () => {
    const { body: user } = await stack.signInWithEmail('settings-3@example.com');
    // The terms step (birthday) is appended after the sign-in answers: wait until it is projected.
    await expect.poll(async () => (await stack.api('/user/settings', { token: user.token })).body.adult, { timeout: 10_000 }).toBe(true);
    const initial = await stack.api('/user/settings', { token: user.token });
    expect(initial.body).toMatchObject({ showNSFW: false, adult: true, defaultVolume: 100, volumes: {}, mutes: [] });
    const changed = await stack.api('/user/settings', {
      method: 'PUT',
      token: user.token,
      body: { showNSFW: true, defaultVolume: 35, volumes: { someone: 20 }, mutes: ['noisy'] },
    });
    expect(changed.status).toBe(200);
    const read = await stack.readAfter('/user/settings', user.token, changed.body.position);
    expect(read.body).toMatchObject({ showNSFW: true, defaultVolume: 35, volumes: { someone: 20 }, mutes: ['noisy'] });
    const me = await stack.readAfter('/user/me', user.token, changed.body.position);
    expect(me.body.showNSFW).toBe(true);
  });

  it('refuses mature content to someone under 18', async () => {
    const { body: user } = await stack.signInWithEmail('settings-4@example.com', {}, undefined, { onboard: false });
    const minor = await stack.tokenFor(user.uid, ['co']);
    const res = await stack.api('/user/settings', { method: 'PUT', token: minor, body: { showNSFW: true } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(texts.minAge);
  });
});

describe('other devices', () => {
  it('signs out every other session and keeps this one', async () => {
    const { body: user } = await stack.signInWithEmail('settings-5@example.com');
    const other = await stack.tokenFor(user.uid, ['co']);
    expect((await stack.readAfter('/user/settings', other, user.position)).status).toBe(200);
    const res = await stack.api('/user/sessions/end-others', { method: 'POST', token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await stack.api('/user/settings', { token: other })).status, { timeout: 10_000 }).toBe(401);
    expect((await stack.api('/user/settings', { token: user.token })).status).toBe(200);
  });
});

describe('the account-settings read model', () => {
  it('equals a full replay of the log', async () => {
    await waitForProjection(stack.db.pool, accountSettingsProjector.name);
    await replayProjection(stack.db.pool, accountSettingsProjector, 'replay_account_settings');
    for (const table of accountSettingsProjector.tables) {
      expect(await tableRows(stack.db.pool, 'rm', table)).toEqual(await tableRows(stack.db.pool, 'replay_account_settings', table));
    }
  });
});
