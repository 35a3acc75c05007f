// Identity-provider sign-in: the provider's ID token is verified against its published key set
// (JWKS, fetched and cached by jose) for signature, issuer, audience, expiry and auth_time.
import { identityTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface VerifiedIdToken {
  subject: string;
  email: string | null;
  /** Which provider the user chose at the identity service (e.g. google.com, twitter.com). */
  provider: string;
  name: string | null;
  picture: string | null;
}

/** The providers' key sets this process has fetched (jose caches the keys inside each); one per
 * identity runtime, so two services in one test process never share one. */
export class ProviderKeySets {
  private readonly sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  get(url: string) {
    let set = this.sets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
      this.sets.set(url, set);
    }
    return set;
  }
}

export async function verifyIdToken(
  token: string,
  s: { jwksUrl: string; issuer: string; audience: string },
  now: Date,
  keySets: ProviderKeySets,
): Promise<VerifiedIdToken> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySets.get(s.jwksUrl), {
      issuer: s.issuer,
      audience: s.audience,
      algorithms: ['RS256', 'ES256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    throw new ApiError('UNAUTHENTICATED', identityTexts.providerTokenInvalid);
  }
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : null;
  if (!payload.sub || payload.sub.length > 128 || (authTime !== null && authTime > now.getTime() / 1000 + 60)) {
    throw new ApiError('UNAUTHENTICATED', identityTexts.providerTokenInvalid);
  }
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  const email = typeof payload.email === 'string' && payload.email_verified !== false ? payload.email.toLowerCase() : null;
  return {
    subject: payload.sub,
    email,
    provider: typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : 'oidc',
    name: typeof payload.name === 'string' ? payload.name : null,
    picture: typeof payload.picture === 'string' && payload.picture.length <= 500 ? payload.picture : null,
  };
}
