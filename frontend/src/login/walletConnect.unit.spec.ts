// The WalletConnect relay's retry policy: one try, then 3 retries 3 s apart, then the spec's text.
// Timed on vitest's fake clock, so the policy's own timer is what is checked, without waiting 9 s.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletConnectUnavailable, withWalletConnectRetries } from './walletConnect.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting to the WalletConnect relay', () => {
  it('tries once and retries 3 times, 3 s apart, then gives up with the spec text', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const tried: number[] = [];
    const outcome = withWalletConnectRetries(async () => {
      tried.push(Date.now() - start);
      throw new Error('relay unreachable');
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(8_999);
    expect(tried).toEqual([0, 3000, 6000]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(tried).toEqual([0, 3000, 6000, 9000]);
    expect(error).toBeInstanceOf(WalletConnectUnavailable);
    expect((error as Error).message).toBe('Unable to connect to WalletConnect. Please try again later.');
    expect(((error as Error).cause as Error).message).toBe('relay unreachable');
  });

  it('stops retrying as soon as a try connects', async () => {
    const waits: number[] = [];
    let n = 0;
    const client = await withWalletConnectRetries(
      async () => {
        n += 1;
        if (n < 3) throw new Error('relay unreachable');
        return 'client';
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect([client, n, waits]).toEqual(['client', 3, [3000, 3000]]);
  });

  it('does not wait when the first try connects', async () => {
    const waits: number[] = [];
    expect(await withWalletConnectRetries(async () => 'client', { wait: async (ms) => void waits.push(ms) })).toBe('client');
    expect(waits).toEqual([]);
  });
});
