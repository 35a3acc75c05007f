// Identity-provider sign-in (ID tokens signed by a local key set served over HTTP, so the remote JWKS
// path runs) and the Telegram mini-app (initData signed in the test with the bot token), plus the daily claim.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts, texts } from '@murmur/contracts';
import { sign } from '@tma.js/init-data-node';
import { generateKeyPair } from 'jose';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../../../test-support/identity-provider.ts';

const BOT_TOKEN = '123456789:test-bot-token-for-murmur';

let stack: IdentityStack;
let idp: LocalIdentityProvider;

beforeAll(async () => {
  idp = await startLocalIdentityProvider('murmur-test');
  stack = await startIdentityStack({
    IDP_ISSUER: idp.issuer,
    IDP_AUDIENCE: idp.audience,
    IDP_JWKS_URL: idp.jwksUrl,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  });
});
afterAll(async () => {
  await stack?.stop();
  await idp?.close();
});

const idToken: LocalIdentityProvider['idToken'] = (...args) => idp.idToken(...args);

const providerLogin = (body: Record<string, unknown>) => stack.api('/auth/login-via-firebase-provider', { method: 'POST', body });

describe('identity provider', () => {
  it('signs in with a verified ID token; the token e-mail and name are used', async () => {
    const res = await providerLogin({
      accessToken: await idToken('google-sub-1', { email: 'Pat@Example.com', email_verified: true, name: 'Pat Lee' }),
      deviceInfo: { os: 'web' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isNewUser: true, anonymous: false });
    const again = await providerLogin({ accessToken: await idToken('google-sub-1', { email: 'pat@example.com' }) });
    expect(again.body).toMatchObject({ uid: res.body.uid, isNewUser: false });
    const me = await stack.readAfter('/user/me', again.body.token, res.body.position);
    expect(me.body.username).toMatch(/^PatLee\d{4}$/);
  });

  it('refuses an expired token and a token for another audience', async () => {
    const expired = await providerLogin({ accessToken: await idToken('google-sub-2', {}, { expiresIn: -60 }) });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'UNAUTHENTICATED', message: identityTexts.providerTokenInvalid });
    const wrongAudience = await providerLogin({ accessToken: await idToken('google-sub-2', {}, { audience: 'someone-else' }) });
    expect(wrongAudience.status).toBe(401);
    const forged = await providerLogin({
      accessToken: await idToken('google-sub-2', {}, { key: (await generateKeyPair('RS256')).privateKey }),
    });
    expect(forged.status).toBe(401);
    const garbage = await providerLogin({ accessToken: 'not-a-token' });
    expect(garbage.status).toBe(401);
  });

  it('answers the clash (account exists with a different credential) with the spec text', async () => {
    await stack.signInWithEmail('taken@example.com');
    const res = await providerLogin({
      accessToken: await idToken('twitter-sub-9', { email: 'taken@example.com', firebase: { sign_in_provider: 'twitter.com' } }),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: texts.emailAlreadyLinked,
      details: { reason: 'account-exists-with-different-credential' },
    });
  });
});

const tgInitData = (user: Record<string, unknown>, authDate = new Date()) => sign({ user, query_id: 'AAF' } as never, BOT_TOKEN, authDate);

/** initData as clients before Bot API 8.0 send it: no `signature` field, only the bot token's HMAC. */
function legacyInitData(user: Record<string, unknown>, botToken = BOT_TOKEN): string {
  const fields: [string, string][] = [
    ['auth_date', String(Math.floor(Date.now() / 1000))],
    ['query_id', 'AAF'],
    ['user', JSON.stringify(user)],
  ];
  const checkString = fields
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams([...fields, ['hash', hash]]).toString();
}

describe('Telegram mini-app', () => {
  it('accepts initData without the signature field (clients before Bot API 8.0) when its HMAC is right', async () => {
    const initData = legacyInitData({ id: 777020, first_name: 'Old', username: 'old_client' });
    expect(new URLSearchParams(initData).has('signature')).toBe(false);
    const res = await stack.api('/auth/login-via-telegram', { method: 'POST', body: { initData } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.isNewUser).toBe(true);
    const forged = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      body: { initData: legacyInitData({ id: 777020, first_name: 'Old' }, '999:other-bot-token') },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toBe(identityTexts.telegramInvalid);
  });

  it('signs in with initData signed by the bot token', async () => {
    const res = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      body: { initData: tgInitData({ id: 777001, first_name: 'Tia', username: 'tia_tg' }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.isNewUser).toBe(true);
    const again = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      body: { initData: tgInitData({ id: 777001, first_name: 'Tia' }) },
    });
    expect(again.body.uid).toBe(res.body.uid);
  });

  it("upgrades the caller's guest account in place", async () => {
    const guest = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } } });
    const res = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      token: guest.body.token,
      body: { initData: tgInitData({ id: 777050, first_name: 'Gus' }) },
    });
    expect(res.body).toMatchObject({ uid: guest.body.uid, anonymous: false, isNewUser: false });
    const provider = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } } });
    const upgraded = await stack.api('/auth/login-via-firebase-provider', {
      method: 'POST',
      token: provider.body.token,
      body: { accessToken: await idToken('google-sub-guest-2') },
    });
    expect(upgraded.body).toMatchObject({ uid: provider.body.uid, anonymous: false });
  });

  it('refuses tampered initData and a stale auth_date', async () => {
    const good = tgInitData({ id: 777002, first_name: 'Max' });
    const tampered = good.replace(encodeURIComponent('"id":777002'), encodeURIComponent('"id":777003'));
    expect(tampered).not.toBe(good);
    const bad = await stack.api('/auth/login-via-telegram', { method: 'POST', body: { initData: tampered } });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe(identityTexts.telegramInvalid);
    const otherBot = sign({ user: { id: 777002, first_name: 'Max' } } as never, '999:other-bot-token', new Date());
    expect((await stack.api('/auth/login-via-telegram', { method: 'POST', body: { initData: otherBot } })).status).toBe(401);
    const stale = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      body: { initData: tgInitData({ id: 777002, first_name: 'Max' }, new Date(Date.now() - 2 * 3600_000)) },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.error.message).toBe(identityTexts.telegramStale);
  });

  it('credits the daily claim once a day and shows the next claim time', async () => {
    const login = await stack.api('/auth/login-via-telegram', {
      method: 'POST',
      body: { initData: tgInitData({ id: 777010, first_name: 'Cy' }) },
    });
    const token = await stack.onboard(login.body.token);
    const before = await stack.readAfter('/claim/tg/next-claim', token, login.body.position);
    expect(before.body).toMatchObject({ canClaim: true, nextClaimAt: null, amount: 10, streak: 0 });
    const claim = await stack.api('/claim/tg', { method: 'POST', token });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body).toMatchObject({ amount: 10, balance: 10 });
    const twice = await stack.api('/claim/tg', { method: 'POST', token });
    expect(twice.status, JSON.stringify(twice.body)).toBe(422);
    expect(twice.body.error.message).toBe(identityTexts.alreadyClaimed);
    const next = await stack.readAfter('/claim/tg/next-claim', token, claim.body.position);
    expect(next.body).toMatchObject({ canClaim: false, streak: 1 });
    expect(Date.parse(next.body.nextClaimAt) - Date.now()).toBeGreaterThan(86_000_000);
    stack.clock.advance(86_401);
    const tomorrow = await stack.api('/claim/tg', { method: 'POST', token });
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(200);
    expect(tomorrow.body).toMatchObject({ balance: 20 });
  });

  it('refuses the claim for an account without Telegram', async () => {
    const { body } = await stack.signInWithEmail('noclaim@example.com');
    const res = await stack.api('/claim/tg', { method: 'POST', token: body.token });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(identityTexts.claimNeedsTelegram);
  });
});
