// Bearer-token authentication and the role guard every route uses (docs/decisions/identity.md).
import { accessTokenVerifier, texts, type AccessTokenClaims, type RoleCode, type VerifyAccessToken } from '@murmur/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './api-error.ts';

export interface AuthContext {
  uid: string;
  sessionId: string;
  roles: RoleCode[];
  anonymous: boolean;
  /** Finished onboarding (the `onb` claim). */
  onboarded: boolean;
}

/** Checks that a token's session is still the account's active one and the account not banned. */
export interface SessionGuard {
  check(claims: AccessTokenClaims): Promise<'ok' | 'replaced' | 'banned' | 'revoked'>;
  /** Drops what the guard remembers of an account: its sessions just changed (sign-in, sign-out, ban). */
  forget?(uid: string): void;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
    /** A signed-in caller who has not finished onboarding, on a route they may not use yet: served as
     * a visitor, and refused with ONBOARDING_REQUIRED wherever a visitor would be asked to sign in. */
    onboardingPending?: AuthContext;
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export async function resolveAuth(verify: VerifyAccessToken, guard: SessionGuard | undefined, token: string): Promise<AuthContext> {
  const claims = await verify(token);
  if (!claims) throw new ApiError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  const verdict = guard ? await guard.check(claims) : 'ok';
  if (verdict === 'banned') throw new ApiError('UID_BANNED', texts.banned);
  if (verdict === 'replaced') throw new ApiError('SESSION_REPLACED', texts.loggedInElsewhere);
  if (verdict === 'revoked') throw new ApiError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  return { uid: claims.sub, sessionId: claims.sid, roles: claims.roles, anonymous: claims.anon, onboarded: claims.onb };
}

export interface AuthenticateOptions {
  /** The routes a signed-in caller may use before finishing onboarding (besides a visitor's). */
  beforeOnboarding?: (req: Request) => boolean;
}

/** Reads the bearer token when present; routes then call `requireAuth` or allow visitors. Until
 * onboarding is finished the caller is a visitor everywhere but `beforeOnboarding` routes. */
export function authenticate(secret: string, guard?: SessionGuard, options: AuthenticateOptions = {}): RequestHandler {
  const verify = accessTokenVerifier(secret);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next();
    try {
      const auth = await resolveAuth(verify, guard, token);
      if (auth.onboarded || options.beforeOnboarding?.(req)) req.auth = auth;
      else req.onboardingPending = auth;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Refuses visitors (401) and, when roles are named, anyone holding none of them (403). */
export function requireAuth(...roles: RoleCode[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(new ApiError('UNAUTHENTICATED', 'Please sign in to continue.'));
    if (roles.length > 0 && !roles.some((r) => req.auth!.roles.includes(r))) {
      return next(new ApiError('FORBIDDEN', texts.noPermissionPage));
    }
    next();
  };
}

export function currentUser(req: Request): AuthContext {
  if (!req.auth) throw new ApiError('UNAUTHENTICATED', 'Please sign in to continue.');
  return req.auth;
}
