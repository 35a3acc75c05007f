// Sessions: one active device per account, short-lived access tokens, and rotating refresh tokens in
// an httpOnly cookie whose reuse revokes the whole session (the token family).
import { type AuthStateDto, identityTexts, signAccessToken, texts, type DeviceInfo, type RoleCode } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { CookieOptions, Request, Response } from 'express';
import type pg from 'pg';
import { hashSecret, newToken } from './secrets.ts';
import type { UserState } from './user.ts';

export const REFRESH_COOKIE = 'murmur_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

type Db = pg.Pool | pg.PoolClient;

export interface NewSession {
  uid: string;
  sessionId: string;
  method: string;
  visitorId: string | null;
  deviceInfo: DeviceInfo | null;
  now: Date;
}

/** Replaces the account's active session (single device) and returns the new refresh token. */
export async function startSession(db: Db, hashKey: string, refreshTtlSeconds: number, s: NewSession): Promise<string> {
  await db.query(`update auth_sessions set status = 'replaced', ended_at = $2 where uid = $1 and status = 'active'`, [s.uid, s.now]);
  await db.query(
    `insert into auth_sessions (session_id, uid, status, method, visitor_id, device_fingerprint, device_os, created_at)
     values ($1, $2, 'active', $3, $4, $5, $6, $7)`,
    [s.sessionId, s.uid, s.method, s.visitorId, s.deviceInfo?.fingerprint ?? null, s.deviceInfo?.os ?? null, s.now],
  );
  return issueRefreshToken(db, hashKey, s.sessionId, new Date(s.now.getTime() + refreshTtlSeconds * 1000));
}

async function issueRefreshToken(db: Db, hashKey: string, sessionId: string, expiresAt: Date): Promise<string> {
  const token = newToken();
  await db.query('insert into auth_refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, $3)', [
    hashSecret(hashKey, token),
    sessionId,
    expiresAt,
  ]);
  return token;
}

/**
 * Uses a refresh token once and returns its successor. A token used a second time means it was
 * copied: the session is revoked, so neither the thief nor the owner can refresh again.
 */
export async function rotateRefreshToken(
  pool: pg.Pool,
  hashKey: string,
  refreshTtlSeconds: number,
  token: string,
  now: Date,
): Promise<{ uid: string; sessionId: string; refreshToken: string }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ session_id: string; expires_at: Date; used_at: Date | null; uid: string; status: string }>(
      `select t.session_id, t.expires_at, t.used_at, s.uid, s.status
         from auth_refresh_tokens t join auth_sessions s using (session_id)
        where t.token_hash = $1 for update of t, s`,
      [hashSecret(hashKey, token)],
    );
    const row = rows[0];
    let failure: ApiError | undefined;
    if (!row) failure = new ApiError('UNAUTHENTICATED', identityTexts.sessionExpired);
    else if (row.status === 'replaced') failure = new ApiError('SESSION_REPLACED', texts.loggedInElsewhere);
    else if (row.status === 'banned') failure = new ApiError('UID_BANNED', texts.banned);
    else if (row.status !== 'active') failure = new ApiError('UNAUTHENTICATED', identityTexts.sessionExpired);
    else if (row.used_at) {
      await client.query(`update auth_sessions set status = 'revoked', ended_at = $2 where session_id = $1`, [row.session_id, now]);
      failure = new ApiError('UNAUTHENTICATED', identityTexts.sessionExpired, { reason: 'refresh-token-reused' });
    } else if (row.expires_at <= now) failure = new ApiError('UNAUTHENTICATED', identityTexts.sessionExpired);
    if (failure || !row) {
      await client.query('commit');
      throw failure;
    }
    await client.query('update auth_refresh_tokens set used_at = $2 where token_hash = $1', [hashSecret(hashKey, token), now]);
    const refreshToken = await issueRefreshToken(client, hashKey, row.session_id, new Date(now.getTime() + refreshTtlSeconds * 1000));
    await client.query('commit');
    return { uid: row.uid, sessionId: row.session_id, refreshToken };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Ends an active session; answers its account (null when it was not active). */
export async function endSession(db: Db, sessionId: string, now: Date, status: 'revoked' | 'banned' = 'revoked'): Promise<string | null> {
  const { rows } = await db.query<{ uid: string }>(
    `update auth_sessions set status = $3, ended_at = $2 where session_id = $1 and status = 'active' returning uid`,
    [sessionId, now, status],
  );
  return rows[0]?.uid ?? null;
}

/** The session a refresh token belongs to, if any (logout by cookie). */
export async function sessionOfRefreshToken(db: Db, hashKey: string, token: string): Promise<string | null> {
  const { rows } = await db.query<{ session_id: string }>('select session_id from auth_refresh_tokens where token_hash = $1', [
    hashSecret(hashKey, token),
  ]);
  return rows[0]?.session_id ?? null;
}

/** Every active session of a banned account stops at once (the guard also reads rm.users.banned). */
export async function banSessions(db: Db, uid: string, now: Date): Promise<void> {
  await db.query(`update auth_sessions set status = 'banned', ended_at = $2 where uid = $1 and status = 'active'`, [uid, now]);
}

/** Every active session ends (an operator's sign out everywhere): tokens and refreshes stop. */
export async function revokeSessions(db: Db, uid: string, now: Date): Promise<void> {
  await db.query(`update auth_sessions set status = 'revoked', ended_at = $2 where uid = $1 and status = 'active'`, [uid, now]);
}

/** Registers an already-signed session without replacing others (test-support's tokenFor, seeding). */
export async function registerSession(db: Db, uid: string, sessionId: string, now = new Date()): Promise<void> {
  await db.query(
    `insert into auth_sessions (session_id, uid, status, method, created_at) values ($1, $2, 'active', 'issued', $3) on conflict (session_id) do nothing`,
    [sessionId, uid, now],
  );
}

export function refreshCookieOptions(production: boolean, maxAgeSeconds: number): CookieOptions {
  return { httpOnly: true, secure: production, sameSite: 'lax', path: REFRESH_COOKIE_PATH, maxAge: maxAgeSeconds * 1000 };
}

export function readRefreshCookie(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value.length > 0 && value.length <= 200 ? decodeURIComponent(value) : null;
    }
  }
  return null;
}

export interface IssueOptions {
  jwtSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  production: boolean;
  now: Date;
}

/** Signs the access token, sets the refresh cookie and answers the spec's auth state. */
export async function issueAuthState(
  res: Response,
  o: IssueOptions,
  a: { state: UserState; sessionId: string; refreshToken: string; position: bigint; isNewUser: boolean },
): Promise<AuthStateDto> {
  const roles: RoleCode[] = a.state.roles;
  const token = await signAccessToken(
    o.jwtSecret,
    { sub: a.state.uid, sid: a.sessionId, roles, anon: a.state.anonymous, onb: a.state.hasFinishedOnboarding },
    o.accessTtlSeconds,
    o.now.getTime(),
  );
  res.cookie(REFRESH_COOKIE, a.refreshToken, refreshCookieOptions(o.production, o.refreshTtlSeconds));
  return {
    token,
    uid: a.state.uid,
    roles,
    isConsumer: roles.length > 0 && roles.every((r) => r === 'co'),
    anonymous: a.state.anonymous,
    referralCode: a.state.referralCode,
    walletAddress: a.state.walletAddresses[0] ?? null,
    hasFinishedOnboarding: a.state.hasFinishedOnboarding,
    isNewUser: a.isNewUser,
    position: a.position.toString(),
  };
}
