import { describe, expect, it } from 'vitest';
import { errorAction } from './errorPolicy.ts';
import { RefreshRejected, RefreshUnreachable, refreshPolicy, refreshWithPolicy, retryDelayMs } from './refreshPolicy.ts';

describe('session refresh policy (docs/decisions/frontend.md)', () => {
  it('uses a 10 s timeout and 2 retries', () => {
    expect(refreshPolicy).toEqual({ timeoutMs: 10_000, retries: 2, maxDelayMs: 5_000 });
  });

  it('waits min(1 s x 2^n, 5 s) between tries', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('tries once and twice more, sleeping 1 s then 2 s, then gives up without calling the session gone', async () => {
    const sleeps: number[] = [];
    let tries = 0;
    const refresh = refreshWithPolicy({
      attempt: async () => {
        tries++;
        throw new Error('network');
      },
      sleep: async (ms) => void sleeps.push(ms),
    });
    await expect(refresh).rejects.toBeInstanceOf(RefreshUnreachable);
    expect(tries).toBe(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('returns the token of the first successful try', async () => {
    let tries = 0;
    const token = await refreshWithPolicy({
      attempt: async () => {
        if (++tries < 2) throw new Error('timeout');
        return 'fresh';
      },
      sleep: async () => undefined,
    });
    expect(token).toBe('fresh');
    expect(tries).toBe(2);
  });

  it('does not retry a refresh the server rejected', async () => {
    let tries = 0;
    const token = await refreshWithPolicy({
      attempt: async () => {
        tries++;
        throw new RefreshRejected();
      },
      sleep: async () => undefined,
    });
    expect(token).toBeNull();
    expect(tries).toBe(1);
  });

  it('aborts a try at the timeout', async () => {
    let aborted = false;
    const refresh = refreshWithPolicy({
      policy: { timeoutMs: 20, retries: 0, maxDelayMs: 5 },
      attempt: (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
      sleep: async () => undefined,
    });
    await expect(refresh).rejects.toBeInstanceOf(RefreshUnreachable);
    expect(aborted).toBe(true);
  });
});

describe('error policy (docs/decisions/web-app.md)', () => {
  it('refreshes once on 401, then logs out', () => {
    expect(errorAction(401, false)).toBe('refresh');
    expect(errorAction(401, true)).toBe('logout');
    expect(errorAction(401, false, 'SESSION_REPLACED')).toBe('logout');
  });
  it('sends 403 home, opens the server-error modal on 500 and toasts the rest', () => {
    expect(errorAction(403, false)).toBe('home');
    expect(errorAction(403, false, 'ONBOARDING_REQUIRED')).toBe('terms');
    expect(errorAction(500, false)).toBe('server-error');
    expect(errorAction(422, false)).toBe('toast');
    expect(errorAction(429, false)).toBe('toast');
    expect(errorAction(400, false)).toBe('toast');
  });
});
