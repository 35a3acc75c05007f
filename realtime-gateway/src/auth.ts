// Authenticates a WebSocket upgrade: the access token comes in the Authorization header (Node
// clients) or the `access_token` query parameter (browsers cannot set headers on a WebSocket).
// No token is a guest; a forged, expired or revoked token is upgraded only to be closed with 4401
// (server.ts, session-ends.ts).
import type http from 'node:http';
import { decodeJwt } from 'jose';
import { verifyAccessToken } from '@murmur/contracts';
import { ApiError, resolveAuth, type AuthContext, type SessionGuard } from '@murmur/platform';

export interface UpgradeAuth {
  auth: AuthContext | null;
  /** When the token stops being valid (ms since epoch); the connection is closed then. */
  expiresAt: number | null;
}

export function tokenOf(req: http.IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header) {
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && token) return token;
  }
  const url = new URL(req.url ?? '/', 'http://gateway');
  return url.searchParams.get('access_token') || null;
}

/** Resolves the caller, or throws ApiError (401/403) for a token that must be refused. */
export async function authenticateUpgrade(req: http.IncomingMessage, secret: string, guard?: SessionGuard): Promise<UpgradeAuth> {
  const token = tokenOf(req);
  if (!token) return { auth: null, expiresAt: null };
  const auth = await resolveAuth((t) => verifyAccessToken(secret, t), guard, token);
  let expiresAt: number | null = null;
  try {
    const exp = decodeJwt(token).exp;
    expiresAt = typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    throw new ApiError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  }
  return { auth, expiresAt };
}
