// A local identity provider for tests: its key set served over HTTP (so the remote-JWKS path of the
// real verifier runs) and ID tokens signed with its key, shaped as the provider issues them.
import http from 'node:http';
import { closeServer, listen } from '@murmur/platform';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface LocalIdentityProvider {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** An ID token for `sub`; claims override the defaults (a google.com sign-in, auth_time just now). */
  idToken(
    sub: string,
    claims?: Record<string, unknown>,
    options?: { audience?: string; expiresIn?: number; key?: CryptoKey },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startLocalIdentityProvider(project: string): Promise<LocalIdentityProvider> {
  const issuer = `https://securetoken.google.com/${project}`;
  const kid = `${project}-key`;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  const port = await listen(server, 0);
  return {
    issuer,
    audience: project,
    jwksUrl: `http://127.0.0.1:${port}/jwks`,
    idToken(sub, claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ firebase: { sign_in_provider: 'google.com' }, auth_time: now - 5, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(issuer)
        .setAudience(options.audience ?? project)
        .setSubject(sub)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(options.key ?? privateKey);
    },
    close: () => closeServer(server),
  };
}
