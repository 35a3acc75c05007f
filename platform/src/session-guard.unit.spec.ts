import type { AccessTokenClaims } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionGuard } from './authenticate.ts';
import { CachingSessionGuard } from './session-guard.ts';

type Verdict = Awaited<ReturnType<SessionGuard['check']>>;

function setup(ttlMs = 1000) {
  let now = 0;
  let verdict: Verdict = 'ok';
  let asked = 0;
  let release: (() => void) | null = null;
  const inner: SessionGuard = {
    async check() {
      asked++;
      const answer = verdict;
      if (release === null) return answer;
      await new Promise<void>((r) => (release = r));
      return answer;
    },
  };
  const guard = new CachingSessionGuard(inner, ttlMs, 100, () => now);
  return {
    guard,
    claims: (sub = 'u1', sid = 's1') => ({ sub, sid, roles: ['co'], anon: false }) as AccessTokenClaims,
    tick: (ms: number) => void (now += ms),
    set: (v: Verdict) => void (verdict = v),
    asked: () => asked,
    hold: () => void (release = () => undefined),
    finish: () => {
      const r = release;
      release = null;
      r?.();
    },
  };
}

describe('CachingSessionGuard', () => {
  it('answers ok from memory within the time to live, then asks again', async () => {
    const t = setup();
    expect(await t.guard.check(t.claims())).toBe('ok');
    t.set('replaced');
    t.tick(999);
    expect(await t.guard.check(t.claims())).toBe('ok');
    expect(t.asked()).toBe(1);
    t.tick(1);
    expect(await t.guard.check(t.claims())).toBe('replaced');
    expect(t.asked()).toBe(2);
  });

  it('never remembers a refusal', async () => {
    const t = setup();
    t.set('banned');
    expect(await t.guard.check(t.claims())).toBe('banned');
    expect(await t.guard.check(t.claims())).toBe('banned');
    expect(t.asked()).toBe(2);
  });

  it('asks again at once after forget (a sign-in, sign-out or ban in this process)', async () => {
    const t = setup();
    await t.guard.check(t.claims());
    await t.guard.check(t.claims('u2', 's2'));
    t.set('revoked');
    t.guard.forget('u1');
    expect(await t.guard.check(t.claims())).toBe('revoked');
    expect(await t.guard.check(t.claims('u2', 's2'))).toBe('ok');
  });

  it('does not remember an ok asked before a forget that lands while it is in flight', async () => {
    const t = setup();
    t.hold();
    const inFlight = t.guard.check(t.claims());
    await Promise.resolve();
    t.guard.forget('u1');
    t.finish();
    expect(await inFlight).toBe('ok');
    t.set('replaced');
    expect(await t.guard.check(t.claims())).toBe('replaced');
  });

  it('asks once for requests of one session that arrive together, and again for one that comes after a forget', async () => {
    const waiting: Array<() => void> = [];
    let verdict: Verdict = 'ok';
    let asked = 0;
    const inner: SessionGuard = {
      async check() {
        asked++;
        const answer = verdict;
        await new Promise<void>((r) => waiting.push(r));
        return answer;
      },
    };
    const guard = new CachingSessionGuard(inner, 1000, 100, () => 0);
    const claims = (sub: string, sid: string) => ({ sub, sid, roles: ['co'], anon: false }) as AccessTokenClaims;
    const together = [guard.check(claims('u1', 's1')), guard.check(claims('u1', 's1')), guard.check(claims('u1', 's1'))];
    const other = guard.check(claims('u2', 's2'));
    expect(asked).toBe(2); // one for u1's three requests, one for u2's
    guard.forget('u1');
    verdict = 'banned';
    const afterForget = guard.check(claims('u1', 's1'));
    expect(asked).toBe(3);
    for (const release of waiting) release();
    expect(await Promise.all(together)).toEqual(['ok', 'ok', 'ok']);
    expect(await afterForget).toBe('banned');
    expect(await other).toBe('ok');
  });
});
