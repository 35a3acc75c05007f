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
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const parsed = AccessTokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
