// E-mail codes, guests, refresh rotation, logout and single-device sessions against the real stack,
// with codes read from a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatText, identityTexts, texts } from '@murmur/contracts';
import { refreshCookieOf, startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';
import { startDevSmtpServer } from './dev-smtp.ts';
import { SmtpMailer } from './mailer.ts';
import { sweepSecrets } from './sweeper.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(async () => {
  await stack?.stop();
});

const refresh = (cookie: string) => stack.api('/auth/refresh', { method: 'POST', headers: { cookie: `murmur_refresh=${cookie}` } });

describe('e-mail one-time code', () => {
  it('registers with a mailed code, then user/me shows the account', async () => {
    // Not onboarded by the helper: user/me must show the terms step still to do.
    const { body, refreshCookie } = await stack.signInWithEmail(
      'Ann@Example.com',
      { visitorId: 'visitor-1', deviceInfo: { fingerprint: 'fp-1', os: 'web' } },
      undefined,
      { onboard: false },
    );
    expect(body).toMatchObject({
      roles: ['co'],
      isConsumer: true,
      anonymous: false,
      hasFinishedOnboarding: false,
      isNewUser: true,
      walletAddress: null,
    });
    expect(body.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(refreshCookie.length).toBeGreaterThan(20);
    const me = await stack.readAfter('/user/me', body.token, body.position);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ uid: body.uid, roles: ['co'], hasFinishedOnboarding: false, showNSFW: false, profilePicUrl: null });
    expect(me.body.username).toMatch(/^ann\d{4}$/);
    const { rows } = await stack.db.pool.query(`select data from events where stream_id = $1 order by stream_version`, [
      `user-${body.uid}`,
    ]);
    expect(rows[0].data).toMatchObject({
      email: 'ann@example.com',
      visitorId: 'visitor-1',
      deviceInfo: { fingerprint: 'fp-1', os: 'web' },
    });
  });

  it('sets the refresh cookie httpOnly on /api/v1/auth', async () => {
    const code = await stack.emailCode('cookie@example.com');
    const res = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'cookie@example.com', code } },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('murmur_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('signs the same e-mail into the same account', async () => {
    const first = await stack.signInWithEmail('same@example.com');
    stack.clock.advance(301);
    const second = await stack.signInWithEmail('same@example.com');
    expect(second.body.uid).toBe(first.body.uid);
    expect(second.body.isNewUser).toBe(false);
  });

  it('records a valid referral code at registration', async () => {
    const referrer = await stack.signInWithEmail('referrer@example.com');
    const referee = await stack.signInWithEmail('referee@example.com', { uniqueReferralCode: referrer.body.referralCode.toLowerCase() });
    const { rows } = await stack.db.pool.query(`select data from events where stream_id = $1 and type = 'UserRegistered'`, [
      `user-${referee.body.uid}`,
    ]);
    expect(rows[0].data.referredByCode).toBe(referrer.body.referralCode);
    const unknown = await stack.signInWithEmail('referee2@example.com', { uniqueReferralCode: 'NOPE1234' });
    const { rows: r2 } = await stack.db.pool.query(`select data from events where stream_id = $1 and type = 'UserRegistered'`, [
      `user-${unknown.body.uid}`,
    ]);
    expect(r2[0].data.referredByCode).toBeNull();
  });

  it('records a custom referral link code (referral create-link) at registration', async () => {
    const referrer = await stack.signInWithEmail('custom-referrer@example.com');
    const made = await stack.api('/referral/create-link', { method: 'POST', token: referrer.body.token, body: { code: 'PartyHost7' } });
    expect(made.status).toBe(200);
    const referee = await stack.signInWithEmail('custom-referee@example.com', { uniqueReferralCode: 'partyhost7' });
    const { rows } = await stack.db.pool.query(`select data from events where stream_id = $1 and type = 'UserRegistered'`, [
      `user-${referee.body.uid}`,
    ]);
    expect(rows[0].data.referredByCode).toBe('PARTYHOST7');
  });

  it('refuses a wrong code, then a used code, each with its text', async () => {
    const code = await stack.emailCode('wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'wrong@example.com', code: wrong } },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: 'UNAUTHENTICATED', message: identityTexts.codeInvalid, details: { attemptsLeft: 4 } });
    const ok = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'wrong@example.com', code } },
    });
    expect(ok.status).toBe(200);
    const reused = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'wrong@example.com', code } },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(identityTexts.codeInvalid);
  });

  it('refuses an expired code (5 minutes)', async () => {
    const code = await stack.emailCode('late@example.com');
    stack.clock.advance(301);
    const res = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'late@example.com', code } },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(identityTexts.codeInvalid);
  });

  it('voids the code after 5 wrong attempts (429), even for the right code', async () => {
    const code = await stack.emailCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await stack.api('/auth/login', {
            method: 'POST',
            body: { credentials: { type: 'email', email: 'guess@example.com', code: wrong } },
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'guess@example.com', code } },
    });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: 'RATE_LIMITED', message: identityTexts.codeTooManyAttempts });
  });

  it('allows a resend only after the countdown; the new code replaces the old', async () => {
    const first = await stack.emailCode('resend@example.com');
    const again = await stack.api('/auth/otp', { method: 'POST', body: { email: 'resend@example.com' } });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({ code: 'RATE_LIMITED', message: identityTexts.codeResendWait });
    expect(again.body.error.details.retryAfterSeconds).toBeGreaterThan(290);
    stack.clock.advance(300);
    const second = await stack.emailCode('resend@example.com');
    if (second !== first) {
      const old = await stack.api('/auth/login', {
        method: 'POST',
        body: { credentials: { type: 'email', email: 'resend@example.com', code: first } },
      });
      expect(old.status).toBe(401);
    }
    const ok = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'resend@example.com', code: second } },
    });
    expect(ok.status).toBe(200);
  });

  it('counts wrong codes across resends and locks the address for 15 minutes after 10, also against parallel guesses', async () => {
    const email = 'lock-me@example.com';
    const login = (code: string) => stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'email', email, code } } });
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let round = 0; round < 2; round++) {
      const code = await stack.emailCode(email);
      for (let i = 0; i < 4; i++) expect((await login(wrongFor(code))).status).toBe(401);
      stack.clock.advance(300); // the resend countdown
    }
    // Tries 9 and 10 go through; the parallel rest find the address locked.
    const code = await stack.emailCode(email);
    const burst = await Promise.all(Array.from({ length: 6 }, () => login(wrongFor(code))));
    const locked = formatText(identityTexts.codeAddressLocked, { minutes: 15 });
    expect(burst.filter((r) => r.status === 401)).toHaveLength(2);
    expect(burst.filter((r) => r.status === 429 && r.body.error.message === locked)).toHaveLength(4);
    const right = await login(code);
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: 'RATE_LIMITED', message: locked });
    expect(right.body.error.details.retryAfterSeconds).toBeGreaterThan(880);
    stack.clock.advance(300);
    const resend = await stack.api('/auth/otp', { method: 'POST', body: { email } });
    expect(resend.status).toBe(429);
    expect(resend.body.error.message).toBe(formatText(identityTexts.codeAddressLocked, { minutes: 10 }));
    stack.clock.advance(600);
    const fresh = await stack.emailCode(email);
    expect((await login(fresh)).status).toBe(200);
  });

  it('caps the codes one client address may ask for (20 in 10 minutes), whatever the e-mail', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await stack.api('/auth/otp', { method: 'POST', body: { email: `bomb${i}@example.com` }, headers: from })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(
      (
        await stack.api('/auth/otp', {
          method: 'POST',
          body: { email: 'bomb-other@example.com' },
          headers: { 'x-forwarded-for': '198.51.100.78' },
        })
      ).status,
    ).toBe(200);
    stack.clock.advance(601);
    expect((await stack.api('/auth/otp', { method: 'POST', body: { email: 'bomb21@example.com' }, headers: from })).status).toBe(200);
  });

  it('validates the e-mail with the spec texts', async () => {
    const missing = await stack.api('/auth/otp', { method: 'POST', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(texts.enterEmail);
    const invalid = await stack.api('/auth/otp', { method: 'POST', body: { email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe(texts.emailInvalidSignIn);
  });
});

describe('guests', () => {
  it('signs in a guest, then upgrades it by e-mail keeping its uid', async () => {
    const guest = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' }, visitorId: 'v-guest' } });
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ anonymous: true, isNewUser: true });
    const upgraded = await stack.signInWithEmail('upgrade@example.com', {}, guest.body.token);
    expect(upgraded.body.uid).toBe(guest.body.uid);
    expect(upgraded.body.anonymous).toBe(false);
    const me = await stack.readAfter('/user/me', upgraded.body.token, upgraded.body.position);
    expect(me.body).toMatchObject({ uid: guest.body.uid, anonymous: false });
    // The e-mail now signs into the upgraded account.
    stack.clock.advance(301);
    const again = await stack.signInWithEmail('upgrade@example.com');
    expect(again.body.uid).toBe(guest.body.uid);
  });
});

describe('sessions', () => {
  it('rotates the refresh token; a reused one revokes the session', async () => {
    const { body, refreshCookie } = await stack.signInWithEmail('rotate@example.com');
    const first = await refresh(refreshCookie);
    expect(first.status).toBe(200);
    const next = refreshCookieOf(first.headers);
    expect(next).not.toBe(refreshCookie);
    expect(first.body.uid).toBe(body.uid);
    expect((await stack.api('/claim/tg/next-claim', { token: first.body.token })).status).toBe(200);
    // The old token again: theft assumed, the whole session ends.
    const reused = await refresh(refreshCookie);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: identityTexts.sessionExpired,
      details: { reason: 'refresh-token-reused' },
    });
    expect((await refresh(next)).status).toBe(401);
    expect((await stack.api('/claim/tg/next-claim', { token: first.body.token })).status).toBe(401);
  });

  it('refuses a refresh without a cookie or with an unknown one, even with a stale bearer token', async () => {
    expect((await stack.api('/auth/refresh', { method: 'POST' })).status).toBe(401);
    const unknown = await stack.api('/auth/refresh', { method: 'POST', token: 'not.a.jwt', headers: { cookie: 'murmur_refresh=nope' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(identityTexts.sessionExpired);
  });

  it('keeps one active device: the older session gets the spec text', async () => {
    const phone = await stack.signInWithEmail('device@example.com');
    stack.clock.advance(301);
    const laptop = await stack.signInWithEmail('device@example.com');
    const old = await stack.api('/user/me', { token: phone.body.token });
    expect(old.status).toBe(401);
    expect(old.body.error).toEqual({ code: 'SESSION_REPLACED', message: texts.loggedInElsewhere });
    const oldRefresh = await refresh(phone.refreshCookie);
    expect(oldRefresh.body.error.message).toBe(texts.loggedInElsewhere);
    expect((await stack.api('/claim/tg/next-claim', { token: laptop.body.token })).status).toBe(200);
  });

  it('logs out: the cookie is cleared, the access and refresh tokens stop working', async () => {
    const { body, refreshCookie } = await stack.signInWithEmail('bye@example.com');
    const out = await stack.api('/auth/logout', {
      method: 'POST',
      token: body.token,
      headers: { cookie: `murmur_refresh=${refreshCookie}` },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join(';')).toMatch(/murmur_refresh=;/);
    expect((await stack.api('/user/me', { token: body.token })).status).toBe(401);
    expect((await refresh(refreshCookie)).status).toBe(401);
    expect((await stack.api('/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('dev mailbox', () => {
  it('keeps mail received by the dev SMTP server for GET dev/mailbox', async () => {
    const dev = await startDevSmtpServer({ pool: stack.db.pool });
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${dev.port}`, 'Murmur <no-reply@murmur.local>', { ignoreTLS: true });
    try {
      await mailer.send({
        to: 'Demo@Example.com',
        subject: 'Your Murmur sign-in code: 123456',
        text: 'Enter the 6-digit code 123456 to sign in.',
      });
      const res = await stack.api('/dev/mailbox?email=demo@example.com');
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({ to: 'demo@example.com', subject: 'Your Murmur sign-in code: 123456' });
      expect(res.body.items[0].text).toContain('123456');
      const page = await stack.api('/dev/mailbox.html');
      expect(page.status).toBe(200);
      expect(page.body).toContain('123456');
    } finally {
      mailer.close();
      await dev.close();
    }
  });
});

describe('secret sweeper', () => {
  it('deletes expired codes and refresh tokens, keeps live ones', async () => {
    const { refreshCookie } = await stack.signInWithEmail('sweep@example.com');
    const count = async (table: string) => (await stack.db.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    const before = { codes: await count('auth_otp_codes'), tokens: await count('auth_refresh_tokens') };
    expect(await sweepSecrets(stack.db.pool, new Date())).toBeGreaterThanOrEqual(0);
    expect((await refresh(refreshCookie)).status).toBe(200);
    const removed = await sweepSecrets(stack.db.pool, new Date(Date.now() + 31 * 86_400_000));
    expect(removed).toBeGreaterThan(0);
    expect(await count('auth_otp_codes')).toBe(0);
    expect(await count('auth_refresh_tokens')).toBeLessThan(before.tokens + 1);
    expect(before.codes).toBeGreaterThan(0);
  });
});
