// The access token every service verifies (DESIGN section 7): a short-lived HS256 JWT.
// jose runs in browsers and Node alike, so this stays free of I/O.
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export const RoleCode = z.enum(['cr', 'h', 'co', 'ad', 'ag', 'dev']);
export type RoleCode = z.infer<typeof RoleCode>;

export const AccessTokenClaims = z.object({
  sub: z.string().min(1),
  /** The session (device) this token belongs to; one active session per account. */
  sid: z.string().min(1),
  roles: z.array(RoleCode),
  anon: z.boolean(),
  /** Onboarding (18+ and the terms) is finished; until it is, the services serve only onboarding,
   * sign-out and what a visitor may read. Re-issued by the onboarding command and every refresh. */
  onb: z.boolean(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

const ISSUER = 'murmur';
const encoder = new TextEncoder();

export async function signAccessToken(secret: string, claims: AccessTokenClaims, ttlSeconds: number, now = Date.now()): Promise<string> {
  return new SignJWT({ sid: claims.sid, roles: claims.roles, anon: claims.anon, onb: claims.onb })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
    .sign(encoder.encode(secret));
}

/** Returns the claims, or null for a forged, expired or malformed token. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims | null> {
  return (await verifyWithExpiry(encoder.encode(secret), token, new Date()))?.claims ?? null;
}

async function verifyWithExpiry(key: Uint8Array, token: string, at: Date): Promise<{ claims: AccessTokenClaims; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: at });
    const parsed = AccessTokenClaims.safeParse(payload);
    return parsed.success && typeof payload.exp === 'number' ? { claims: parsed.data, exp: payload.exp } : null;
  } catch {
    return null;
  }
}

export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims | null>;

/** `verifyAccessToken` for a service's every request: a client sends the same token for its whole
 * lifetime, and the signature check was a tenth of a gift's CPU, so a token verified once is
 * remembered (up to `capacity`, oldest dropped first) until it expires. Only a token whose
 * signature checked out is remembered; its expiry is checked on every use against `now`, the clock
 * jose checks it with too. */
export function accessTokenVerifier(secret: string, options: { capacity?: number; now?: () => number } = {}): VerifyAccessToken {
  const key = encoder.encode(secret);
  const capacity = options.capacity ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { claims: AccessTokenClaims; exp: number }>();
  return async (token) => {
    const at = now();
    const seconds = Math.floor(at / 1000);
    const known = verified.get(token);
    if (known) {
      if (known.exp > seconds) return known.claims;
      verified.delete(token);
      return null;
    }
    const checked = await verifyWithExpiry(key, token, new Date(at));
    if (!checked) return null;
    if (verified.size >= capacity) verified.delete(verified.keys().next().value!);
    verified.set(token, checked);
    return checked.claims;
  };
}
