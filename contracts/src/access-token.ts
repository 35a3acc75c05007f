// The access token every service verifies (docs/decisions/identity.md): a short-lived HS256 JWT.
// jose runs in browsers and Node alike, so this stays free of I/O.
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

/**
 * The account roles a token carries (granted and revoked by an admin, `POST /admin/users/{uid}/roles`;
 * the catalogue's `roles` name the ones a route needs, docs/decisions/identity.md). What each lets a person do:
 * - `co` consumer: the role every new account starts with; a plain user (watch, chat, gift, buy).
 *   An account holding only `co` is told `isConsumer: true` at sign-in.
 * - `cr` creator: shows the Verified Playfriend badge on the profile (docs/decisions/social.md).
 * - `h` host: a verified host, granted when an admin approves a host application
 *   (docs/decisions/host-applications.md); shows the Verified Host badge.
 * - `ag` agency: runs agencies (the Guild page and its `guild/*` calls: roster, share ratios,
 *   settlements, charm payments to its creators) and shows the Verified Agency badge.
 * - `ad` admin: the operators' console (reports, users, roles, bans, lobbies, agencies, money
 *   operations, audit), host-application decisions, and every agency's cash-outs.
 * - `dev` developer: reads the operations view of the console (projection lag, stream categories),
 *   nothing that changes data.
 * - `au` auditor: reads the console's auditor view (the ledger audit's runs, the signed digests, every
 *   account's money movements with their chain proof, exports of an account's or a period's ledger),
 *   nothing that changes data and nothing else of the console (docs/decisions/ledger-proof.md).
 */
export const RoleCode = z.enum(['cr', 'h', 'co', 'ad', 'ag', 'dev', 'au']);
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
