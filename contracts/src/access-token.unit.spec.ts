import { describe, expect, it } from 'vitest';
import { accessTokenVerifier, signAccessToken, verifyAccessToken, type AccessTokenClaims } from './access-token.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
const claims: AccessTokenClaims = { sub: 'u1', sid: 's1', roles: ['co'], anon: false, onb: true };

describe('the remembering access-token verifier', () => {
  it('answers as verifyAccessToken does for a good, a forged and a malformed token', async () => {
    const verify = accessTokenVerifier(SECRET);
    const token = await signAccessToken(SECRET, claims, 600);
    const forged = await signAccessToken('another-secret-another-secret-another-0123', claims, 600);
    for (const t of [token, token, forged, forged, 'not.a.token', '']) expect(await verify(t)).toEqual(await verifyAccessToken(SECRET, t));
    expect(await verify(token)).toEqual(claims);
    expect(await verify(forged)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    let clock = Date.now();
    const verify = accessTokenVerifier(SECRET, { now: () => clock });
    const token = await signAccessToken(SECRET, claims, 30);
    expect(await verify(token)).toEqual(claims);
    clock += 29_000;
    expect(await verify(token)).toEqual(claims);
    clock += 2_000;
    expect(await verify(token)).toBeNull();
    expect(await verify(token)).toBeNull(); // forgotten, and jose refuses it too once really expired
  });

  it('keeps verifying correctly past its capacity', async () => {
    const verify = accessTokenVerifier(SECRET, { capacity: 2 });
    const tokens = await Promise.all([1, 2, 3, 4].map((i) => signAccessToken(SECRET, { ...claims, sub: `u${i}` }, 600)));
    for (let round = 0; round < 2; round++) {
      for (const [i, t] of tokens.entries()) expect((await verify(t))?.sub).toBe(`u${i + 1}`);
    }
  });
});
