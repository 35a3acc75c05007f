// Identity's command routes. Sign-in, refresh and logout are mounted before the shared bearer check
// (a stale token must not block signing in or refreshing); the rest use the ordinary guard.
import { identityTexts, texts, SIGNATURE_SESSION_HEADER, verifyAccessToken } from '@murmur/contracts';
import { ApiError, bearerToken, resolveAuth, type AuthContext, defineRoute } from '@murmur/platform';
import express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { decideInTransaction, LinkTaken, noIdentity, signIn, usernameFrom } from './accounts.ts';
import { claimRoutes } from './claim.ts';
import { userCommands } from './user-commands.ts';
import { bannedAt } from './decide.ts';
import { verifyIdToken } from './identity-provider.ts';
import { onboardingRoutes } from './onboarding.ts';
import { codeMail } from './mailer.ts';
import { consumeCode, sendCode, type DeliverCode, type OtpSettings } from './otp.ts';
import { codeSms, SmsNotSent, smsSenderFor } from './sms.ts';
import { countClientRequest, type ClientLimit } from './client-limits.ts';
import { assertAddressOpen, withCodeTry, type AddressLimits } from './otp-address.ts';
import { adminRoutes } from './roles.ts';
import type { IdentityRuntime } from './runtime.ts';
import {
  endSession,
  readRefreshCookie,
  REFRESH_COOKIE,
  refreshCookieOptions,
  rotateRefreshToken,
  issueAuthState,
  sessionOfRefreshToken,
} from './sessions.ts';
import { settingsRoutes } from './settings.ts';
import { accountLinkRoutes } from './account-links.ts';
import { startSecretSweeper } from './sweeper.ts';
import { verifyInitData } from './telegram.ts';
import { createSignMessage, verifySignedMessage, walletLink, type MessageSettings } from './wallet-login.ts';

const otpSettings = (deps: CommandDeps, r: IdentityRuntime): OtpSettings => ({
  hashKey: deps.jwtSecret,
  ttlSeconds: r.config.OTP_TTL_SECONDS,
  resendSeconds: r.config.OTP_RESEND_SECONDS,
  maxAttempts: r.config.OTP_MAX_ATTEMPTS,
});

const TEN_MINUTES = 600;
/** The scarce things one client address may do in ten minutes. */
const clientLimits = (r: IdentityRuntime) =>
  ({
    otp: { kind: 'otp', perWindow: r.config.OTP_SENDS_PER_SENDER, windowSeconds: TEN_MINUTES, message: identityTexts.codeResendWait },
    guest: {
      kind: 'guest',
      perWindow: r.config.GUEST_SIGNUPS_PER_ADDRESS,
      windowSeconds: TEN_MINUTES,
      message: identityTexts.tooManyFromAddress,
    },
    signMessage: {
      kind: 'sign-message',
      perWindow: r.config.SIGN_MESSAGES_PER_ADDRESS,
      windowSeconds: TEN_MINUTES,
      message: identityTexts.tooManyFromAddress,
    },
  }) satisfies Record<string, ClientLimit>;

const addressLimits = (deps: CommandDeps, r: IdentityRuntime): AddressLimits => ({
  hashKey: deps.jwtSecret,
  maxFailures: r.config.OTP_ADDRESS_MAX_FAILURES,
  lockSeconds: r.config.OTP_ADDRESS_LOCK_SECONDS,
});

const messageSettings = (deps: CommandDeps, r: IdentityRuntime): MessageSettings => ({
  hashKey: deps.jwtSecret,
  domain: r.config.SIWE_DOMAIN,
  uri: r.config.SIWE_URI,
  ttlSeconds: r.config.WALLET_MESSAGE_TTL_SECONDS,
});

/** The caller on a sign-in route: a valid bearer token makes a guest upgradeable; a bad one is ignored. */
async function optionalCaller(deps: CommandDeps, req: express.Request): Promise<AuthContext | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  try {
    return await resolveAuth((t) => verifyAccessToken(deps.jwtSecret, t), deps.sessionGuard, token);
  } catch {
    return undefined;
  }
}

function signInRoutes(router: express.Router, deps: CommandDeps): void {
  const json = express.json({ limit: '32kb' });

  // One door for both kinds of address: the same lock, per-client cap, countdown and attempts.
  defineRoute(
    router,
    'POST /auth/otp',
    async ({ body, req }) => {
      const runtime = deps.identity;
      const sms = body.mobile === undefined ? null : smsSenderFor(runtime.config, deps.pool);
      if (body.mobile !== undefined && !sms) throw new ApiError('RULE_VIOLATED', identityTexts.mobileUnavailable);
      const address = body.email ?? body.mobile!;
      const deliver: DeliverCode = sms
        ? (code, minutes) =>
            sms.send(codeSms(address, code, minutes)).catch((error: unknown) => {
              if (error instanceof SmsNotSent) {
                deps.logger.warn({ err: error }, 'sign-in text not sent');
                throw new ApiError('RULE_VIOLATED', identityTexts.smsNotSent);
              }
              throw error;
            })
        : (code, minutes) => runtime.mailer.send(codeMail(address, code, minutes));
      const now = deps.clock.now();
      await assertAddressOpen(deps, addressLimits(deps, runtime), address, now);
      await countClientRequest(deps.pool, deps.jwtSecret, clientLimits(runtime).otp, req.ip ?? 'unknown', now);
      const sent = await sendCode(deps.pool, deliver, otpSettings(deps, runtime), address, now);
      return { sent: true, expiresAt: sent.expiresAt.toISOString(), resendAfter: sent.resendAfter.toISOString() };
    },
    { before: [json] },
  );

  defineRoute(
    router,
    'POST /auth/login',
    async ({ body, req, res }) => {
      const runtime = deps.identity;
      const caller = await optionalCaller(deps, req);
      const context = { visitorId: body.visitorId, uniqueReferralCode: body.uniqueReferralCode, deviceInfo: body.deviceInfo };
      if (body.credentials.type === 'guest') {
        // An upgrade of the caller's own guest account is not a new account.
        if (!caller)
          await countClientRequest(deps.pool, deps.jwtSecret, clientLimits(runtime).guest, req.ip ?? 'unknown', deps.clock.now());
        return signIn(deps, runtime, res, {
          method: 'guest',
          link: null,
          identity: noIdentity,
          anonymous: true,
          username: usernameFrom(null, 'guest'),
          context,
        });
      }
      const now = deps.clock.now();
      if (body.credentials.type === 'mobile') {
        const { mobile, code } = body.credentials;
        await withCodeTry(deps, addressLimits(deps, runtime), mobile, now, () =>
          consumeCode(deps.pool, otpSettings(deps, runtime), mobile, code, now),
        );
        return signIn(deps, runtime, res, {
          method: 'mobile',
          link: { kind: 'mobile', key: mobile },
          identity: { ...noIdentity, mobile },
          anonymous: false,
          username: usernameFrom(null),
          context,
          caller,
        });
      }
      const { email, code } = body.credentials;
      await withCodeTry(deps, addressLimits(deps, runtime), email, now, () =>
        consumeCode(deps.pool, otpSettings(deps, runtime), email, code, now),
      );
      return signIn(deps, runtime, res, {
        method: 'email',
        link: { kind: 'email', key: email },
        identity: { ...noIdentity, email },
        anonymous: false,
        username: usernameFrom(email.split('@')[0]),
        context,
        caller,
      });
    },
    { before: [json] },
  );

  defineRoute(
    router,
    'POST /auth/login-wallet',
    async ({ body, req, res }) => {
      const runtime = deps.identity;
      if (body.type !== 'login') throw new ApiError('VALIDATION_FAILED', identityTexts.signMessageExpired);
      const caller = await optionalCaller(deps, req);
      const { address } = await verifySignedMessage(
        deps.pool,
        messageSettings(deps, runtime),
        req.header(SIGNATURE_SESSION_HEADER),
        { ...body, uid: null },
        deps.clock.now(),
      );
      return signIn(deps, runtime, res, {
        method: 'wallet',
        link: walletLink(address, body.environment),
        identity: { ...noIdentity, walletAddress: address, walletEnvironment: body.environment },
        anonymous: false,
        username: usernameFrom(null),
        context: body,
        caller,
      });
    },
    { before: [json] },
  );

  defineRoute(
    router,
    'POST /auth/login-via-firebase-provider',
    async ({ body, req, res }) => {
      const runtime = deps.identity;
      const caller = await optionalCaller(deps, req);
      const { config } = runtime;
      const token = await verifyIdToken(
        body.accessToken,
        { jwksUrl: config.IDP_JWKS_URL, issuer: config.IDP_ISSUER, audience: config.IDP_AUDIENCE },
        deps.clock.now(),
        runtime.providerKeys,
      );
      return signIn(deps, runtime, res, {
        method: 'provider',
        link: { kind: 'provider', key: token.subject },
        // The e-mail comes from the verified token, never from the body.
        extraLinks: token.email ? [{ kind: 'email', key: token.email }] : [],
        identity: { ...noIdentity, email: token.email, provider: token.provider, providerSubject: token.subject },
        anonymous: false,
        username: usernameFrom(body.userName ?? token.name),
        profilePicUrl: token.picture,
        context: body,
        caller,
      });
    },
    { before: [json] },
  );

  defineRoute(
    router,
    'POST /auth/login-via-telegram',
    async ({ body, req, res }) => {
      const runtime = deps.identity;
      const caller = await optionalCaller(deps, req);
      const tg = verifyInitData(
        body.initData,
        { botToken: runtime.config.TELEGRAM_BOT_TOKEN, maxAgeSeconds: runtime.config.TELEGRAM_AUTH_MAX_AGE_SECONDS },
        deps.clock.now(),
      );
      return signIn(deps, runtime, res, {
        method: 'telegram',
        link: { kind: 'telegram', key: tg.id },
        identity: { ...noIdentity, telegramId: tg.id },
        anonymous: false,
        username: usernameFrom(tg.username ?? tg.firstName),
        profilePicUrl: tg.photoUrl,
        context: body,
        caller,
      });
    },
    { before: [json] },
  );

  defineRoute(router, 'POST /auth/refresh', async ({ req, res }) => {
    const runtime = deps.identity;
    const token = readRefreshCookie(req);
    if (!token) throw new ApiError('UNAUTHENTICATED', identityTexts.sessionExpired);
    const now = deps.clock.now();
    const rotated = await rotateRefreshToken(deps.pool, deps.jwtSecret, runtime.config.REFRESH_TOKEN_TTL_SECONDS, token, now);
    const { state } = await userCommands.load(deps, rotated.uid);
    if (bannedAt(state, now)) {
      await endSession(deps.pool, rotated.sessionId, now, 'banned');
      deps.sessionGuard?.forget?.(rotated.uid);
      throw new ApiError('UID_BANNED', texts.banned);
    }
    const c = runtime.config;
    return issueAuthState(
      res,
      {
        jwtSecret: deps.jwtSecret,
        accessTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlSeconds: c.REFRESH_TOKEN_TTL_SECONDS,
        production: c.NODE_ENV === 'production',
        now,
      },
      { state, sessionId: rotated.sessionId, refreshToken: rotated.refreshToken, position: 0n, isNewUser: false },
    );
  });

  // Logout always succeeds and clears the cookie; it ends the session named by the cookie or the token.
  defineRoute(router, 'POST /auth/logout', async ({ req, res }) => {
    const runtime = deps.identity;
    const now = deps.clock.now();
    const cookie = readRefreshCookie(req);
    const fromCookie = cookie ? await sessionOfRefreshToken(deps.pool, deps.jwtSecret, cookie) : null;
    const caller = await optionalCaller(deps, req);
    for (const sessionId of new Set([fromCookie, caller?.sessionId].filter((s): s is string => !!s))) {
      const uid = await endSession(deps.pool, sessionId, now);
      if (uid) deps.sessionGuard?.forget?.(uid);
    }
    const { maxAge: _maxAge, ...cookieOptions } = refreshCookieOptions(runtime.config.NODE_ENV === 'production', 0);
    res.clearCookie(REFRESH_COOKIE, cookieOptions);
    return { loggedOut: true };
  });
}

function linkRoutes(router: express.Router, deps: CommandDeps): void {
  // Anyone may ask for a login message; a connect message is bound to the signed-in caller.
  defineRoute(router, 'POST /wallet/create-sign-message', async ({ body, req }) => {
    const runtime = deps.identity;
    if (body.type === 'connect' && !req.auth) throw new ApiError('UNAUTHENTICATED', identityTexts.connectNeedsAccount);
    await countClientRequest(deps.pool, deps.jwtSecret, clientLimits(runtime).signMessage, req.ip ?? 'unknown', deps.clock.now());
    const uid = body.type === 'connect' ? req.auth!.uid : null;
    return await createSignMessage(deps.pool, messageSettings(deps, runtime), { ...body, uid }, deps.clock.now());
  });

  defineRoute(router, 'POST /wallet/sign-message', async ({ body, req }) => {
    const runtime = deps.identity;
    if (body.type !== 'connect') throw new ApiError('VALIDATION_FAILED', identityTexts.signMessageExpired);
    const uid = req.auth!.uid;
    const now = deps.clock.now();
    const { address } = await verifySignedMessage(
      deps.pool,
      messageSettings(deps, runtime),
      req.header(SIGNATURE_SESSION_HEADER),
      { ...body, uid },
      now,
    );
    try {
      const r = await decideInTransaction(deps, uid, { type: 'LinkWallet', address, environment: body.environment, now }, [
        walletLink(address, body.environment),
      ]);
      return { walletAddress: address, environment: body.environment, position: r.position.toString() };
    } catch (error) {
      if (error instanceof LinkTaken) throw new ApiError('CONFLICT', identityTexts.walletLinkedElsewhere);
      throw error;
    }
  });
}

export const identityModule: CommandModule = {
  name: 'identity',
  raw: signInRoutes,
  routes(router, deps) {
    linkRoutes(router, deps);
    onboardingRoutes(router, deps);
    adminRoutes(router, deps);
    claimRoutes(router, deps);
    settingsRoutes(router, deps);
    accountLinkRoutes(router, deps, { otp: (d) => otpSettings(d, d.identity), addressLimits: (d) => addressLimits(d, d.identity) });
  },
  start: (deps) => startSecretSweeper(deps.pool, deps.clock, (error) => deps.logger.warn({ err: error }, 'secret sweep failed')),
};
