// Until the terms step (18+) is done, the services refuse every command but the
// terms step and sign-out, and serve only what a visitor may read (plus the own account, to show the
// step). Guests too. A refresh before the step still carries the refusal; after it, it does not.
import { texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCookieOf, startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(async () => stack?.stop());

const refused = { error: { code: 'ONBOARDING_REQUIRED', message: texts.onboardingRequired } };

async function guest() {
  const res = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } } });
  expect(res.status).toBe(200);
  expect(res.body.hasFinishedOnboarding).toBe(false);
  return {
    token: res.body.token as string,
    uid: res.body.uid as string,
    cookie: refreshCookieOf(res.headers),
    position: res.body.position as string,
  };
}

describe('the onboarding gate', () => {
  it('refuses chat, gifts and every other command before the terms step, and lets them through after it', async () => {
    const host = await stack.tokenFor('gate-host');
    const lobby = await stack.api('/lobbies', { method: 'POST', token: host, body: { title: 'Open mic' } });
    const priv = await stack.api('/lobbies', { method: 'POST', token: host, body: { title: 'Closed', kind: 'private' } });
    const lobbyId = lobby.body.lobbyId as string;
    const me = await guest();

    for (const [path, body] of [
      [`/lobbies/${lobbyId}/join`, {}],
      [`/lobbies/${lobbyId}/chat`, { payload: { body: 'hi' } }],
      ['/gifting/send-gift', { giftName: 'rose', quantity: 1, recipients: ['gate-host'], lobbyId }],
      ['/lobbies', { title: 'Mine' }],
      ['/user/follow/gate-host', {}],
      ['/payment/topup/pay', { channelCode: 'sandbox', amount: 100 }],
    ] as const) {
      const res = await stack.api(path, { method: 'POST', token: me.token, body, headers: { 'idempotency-key': `k-${path}` } });
      expect([path, res.status, res.body]).toEqual([path, 403, refused]);
    }
    // Reads: what a visitor may read, the own account; the rest is refused with the same clear error.
    expect((await stack.api('/lobbies/public', { token: me.token })).status).toBe(200);
    expect((await stack.api(`/lobbies/${lobbyId}`, { token: me.token, headers: { 'x-min-position': lobby.body.position } })).status).toBe(
      200,
    );
    const account = await stack.readAfter('/user/me', me.token, me.position);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ uid: me.uid, hasFinishedOnboarding: false });
    expect(await stack.api('/wallet/balance', { token: me.token })).toMatchObject({ status: 403, body: refused });
    expect(
      await stack.api(`/lobbies/${priv.body.lobbyId}`, { token: me.token, headers: { 'x-min-position': priv.body.position } }),
    ).toMatchObject({ status: 403, body: refused });

    // A refreshed token still says the step is not done.
    const refreshed = await stack.api('/auth/refresh', { method: 'POST', headers: { cookie: `murmur_refresh=${me.cookie}` } });
    expect(refreshed.status).toBe(200);
    expect((await stack.api(`/lobbies/${lobbyId}/join`, { method: 'POST', token: refreshed.body.token })).status).toBe(403);

    // The terms step answers with a token that may do everything.
    expect(
      (
        await stack.api('/user/onboarding', {
          method: 'POST',
          token: refreshed.body.token,
          body: { acceptTerms: true, birthday: '2015-01-01' },
        })
      ).status,
    ).toBe(400);
    const done = await stack.api('/user/onboarding', {
      method: 'POST',
      token: refreshed.body.token,
      body: { acceptTerms: true, birthday: '1990-01-01' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ hasFinishedOnboarding: true, token: expect.any(String) });
    expect((await stack.api(`/lobbies/${lobbyId}/join`, { method: 'POST', token: done.body.token })).status).toBeLessThan(300);
    const chat = await stack.api(`/lobbies/${lobbyId}/chat`, {
      method: 'POST',
      token: done.body.token,
      body: { payload: { body: 'hi all' } },
    });
    expect(chat.status).toBeLessThan(300);
    // The old token of the same session still does not: it says the step is not done.
    expect(
      (await stack.api(`/lobbies/${lobbyId}/chat`, { method: 'POST', token: refreshed.body.token, body: { payload: { body: 'x' } } }))
        .status,
    ).toBe(403);
    expect((await stack.readAfter('/user/me', done.body.token, done.body.position)).body.hasFinishedOnboarding).toBe(true);
  });

  it('lets a user who skipped the terms step sign out', async () => {
    const me = await guest();
    const out = await stack.api('/auth/logout', { method: 'POST', token: me.token, headers: { cookie: `murmur_refresh=${me.cookie}` } });
    expect(out.status).toBe(200);
    expect((await stack.api('/user/me', { token: me.token })).status).toBe(401);
  });
});
