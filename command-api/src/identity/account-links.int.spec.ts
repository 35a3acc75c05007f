// Settings against the real stack: linking an e-mail (proven by its code) and an
// identity provider's account (an ID token signed by a local key set served over HTTP), the clashes
// with the spec's text, and deleting an account: its personal data leaves the read models, its
// sessions end, it cannot be signed into again, and the ledger audit still balances.
import { accountTexts, texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../../../test-support/identity-provider.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: IdentityStack;
let idp: LocalIdentityProvider;

beforeAll(async () => {
  idp = await startLocalIdentityProvider('murmur-links');
  stack = await startIdentityStack({ IDP_ISSUER: idp.issuer, IDP_AUDIENCE: idp.audience, IDP_JWKS_URL: idp.jwksUrl });
});
afterAll(async () => {
  await stack?.stop();
  await idp?.close();
});

const idToken = (sub: string, provider = 'twitter.com') => idp.idToken(sub, { firebase: { sign_in_provider: provider } });

const post = (path: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  stack.api(path, { method: 'POST', token, body, headers });
const kinds = (settings: { credentials: Array<{ kind: string; key: string; provider: string | null }> }) =>
  settings.credentials.map((c) => `${c.kind}:${c.key}${c.provider ? `:${c.provider}` : ''}`);

describe('linking from settings', () => {
  it('links an e-mail proven by its code; a wrong code or an address of another account writes nothing', async () => {
    const { account, token } = await (async () => {
      const wallet = await post('/auth/login', undefined, { credentials: { type: 'guest' } });
      return { account: wallet.body, token: await stack.onboard(wallet.body.token) };
    })();
    const wrong = await post('/user/credentials/link-email', token, { email: 'link-1@example.com', code: '000000' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const code = await stack.emailCode('link-1@example.com');
    const linked = await post('/user/credentials/link-email', token, { email: 'Link-1@Example.com', code });
    expect(linked.status).toBe(200);
    expect(linked.body.message).toBe(accountTexts.emailLinked);
    expect(kinds((await stack.readAfter('/user/settings', token, linked.body.position)).body)).toEqual(['email:link-1@example.com']);
    // The e-mail now signs into this account.
    const { body: again } = await stack.signInWithEmail('link-1@example.com');
    expect(again.uid).toBe(account.uid);

    // Another account's e-mail: the spec's text.
    await stack.signInWithEmail('taken-1@example.com');
    const second = await post('/auth/login', undefined, { credentials: { type: 'guest' } });
    const secondToken = await stack.onboard(second.body.token);
    const clash = await post('/user/credentials/link-email', secondToken, {
      email: 'taken-1@example.com',
      code: await stack.emailCode('taken-1@example.com'),
    });
    expect([clash.status, clash.body.error.message]).toEqual([409, texts.emailAlreadyLinked]);
    expect((await stack.command.deps.store.readStream(`user-${second.body.uid}`)).events.map((e) => e.type)).not.toContain(
      'CredentialLinked',
    );
  });

  it('links an identity provider by its ID token, refuses one linked elsewhere, and unlinks never the last way in', async () => {
    const { body: user } = await stack.signInWithEmail('link-2@example.com');
    const linked = await post('/user/credentials/link-provider', user.token, { accessToken: await idToken('x-sub-2') });
    expect([linked.status, linked.body.error?.message]).toEqual([200, undefined]);
    const settings = await stack.readAfter('/user/settings', user.token, linked.body.position);
    expect(kinds(settings.body)).toEqual(['email:link-2@example.com', 'provider:x-sub-2:twitter.com']);
    const viaProvider = await post('/auth/login-via-firebase-provider', undefined, { accessToken: await idToken('x-sub-2') });
    expect(viaProvider.body.uid).toBe(user.uid);

    const { body: other } = await stack.signInWithEmail('link-3@example.com');
    const clash = await post('/user/credentials/link-provider', other.token, { accessToken: await idToken('x-sub-2') });
    expect([clash.status, clash.body.error.message]).toEqual([409, accountTexts.providerLinkedElsewhere]);
    const forged = await post('/user/credentials/link-provider', other.token, { accessToken: `${await idToken('x-sub-9')}x` });
    expect(forged.status).toBe(401);

    // Unlink the e-mail: the provider remains; then the provider is the last way in. (The provider's
    // sign-in replaced the e-mail session, so its token acts now.)
    const token = viaProvider.body.token as string;
    const unlinked = await post('/user/credentials/unlink', token, { kind: 'email', key: 'link-2@example.com' });
    expect(unlinked.status).toBe(200);
    const last = await post('/user/credentials/unlink', token, { kind: 'provider', key: 'x-sub-2' });
    expect([last.status, last.body.error.message]).toEqual([422, accountTexts.lastSignInMethod]);
    expect(kinds((await stack.readAfter('/user/settings', token, unlinked.body.position)).body)).toEqual(['provider:x-sub-2:twitter.com']);
  });
});

describe('deleting an account', () => {
  it('removes the personal data, ends every session, frees nothing to sign into, and keeps the ledger whole', async () => {
    const { body: user, refreshCookie } = await stack.signInWithEmail('leaver@example.com');
    const profile = await stack.api('/user/profile/details', {
      method: 'PUT',
      token: user.token,
      body: { bio: 'Here for the music', address: { city: 'Cebu', country: 'PH' } },
    });
    expect(profile.status).toBe(200);
    await creditDiamonds(stack.command.deps, {
      uid: user.uid,
      amount: 500,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: `grant-${user.uid}`,
    });

    const unconfirmed = await post('/user/account/delete', user.token, { confirmation: 'yes' });
    expect([unconfirmed.status, unconfirmed.body.error.message]).toEqual([400, 'Type DELETE to confirm.']);
    const deleted = await post('/user/account/delete', user.token, { confirmation: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(accountTexts.accountDeleted);

    // Signed out: the access token and the refresh cookie no longer work.
    await expect.poll(async () => (await stack.api('/user/settings', { token: user.token })).status, { timeout: 10_000 }).toBe(401);
    const refreshed = await stack.api('/auth/refresh', { method: 'POST', headers: { cookie: `murmur_refresh=${refreshCookie}` } });
    expect(refreshed.status).toBe(401);
    // The e-mail signs into a new, empty account, never this one.
    const { body: fresh } = await stack.signInWithEmail('leaver@example.com');
    expect(fresh.uid).not.toBe(user.uid);

    // The read models hold no personal data of the uid; the money rows keep it for the auditors.
    const pool = stack.db.pool;
    await expect
      .poll(async () => (await pool.query('select username, deleted, birthday from rm.users where uid = $1', [user.uid])).rows[0], {
        timeout: 10_000,
      })
      .toEqual({ username: 'Deleted user', deleted: true, birthday: null });
    expect((await pool.query('select 1 from rm.profiles where uid = $1', [user.uid])).rowCount).toBe(0);
    await expect
      .poll(async () => (await pool.query('select 1 from rm.user_credentials where uid = $1', [user.uid])).rowCount, { timeout: 10_000 })
      .toBe(0);
    expect((await pool.query('select 1 from identity_links where uid = $1', [user.uid])).rowCount).toBe(0);
    expect((await pool.query(`select 1 from rm.wallet_transactions where uid = $1`, [user.uid])).rowCount).toBeGreaterThan(0);
    const view = await stack.api(`/user/profile/view/${user.uid}`);
    expect(view.status).toBe(404);
    const audit = await auditLedger(pool);
    expect(audit.differences).toEqual([]);
  });
});
