// Spec section 9's token refresh policy as a pure function: 10 s timeout per try, 2 retries,
// delay min(1 s x 2^n, 5 s) between tries. The transport is passed in so it is unit tested alone.
import { session } from '@murmur/contracts/constants';

export interface RefreshPolicy {
  timeoutMs: number;
  retries: number;
  maxDelayMs: number;
}

export const refreshPolicy: RefreshPolicy = {
  timeoutMs: session.refreshTimeoutMs,
  retries: session.refreshRetries,
  maxDelayMs: session.refreshMaxDelayMs,
};

/** Delay before retry number `n` (0-based). */
export function retryDelayMs(n: number, policy: RefreshPolicy = refreshPolicy): number {
  return Math.min(1000 * 2 ** n, policy.maxDelayMs);
}

/** The refresh said no (401/403): retrying cannot help, the user must sign in again. */
export class RefreshRejected extends Error {}

/** No try got an answer (offline, timed out, a 5xx): the session may well be alive, so nobody is
 * signed out for it; the caller fails like any call without a network and tries again later. */
export class RefreshUnreachable extends Error {}

export interface RefreshDeps {
  /** One try; gets an AbortSignal that fires at the timeout. Resolves to the new token. */
  attempt(signal: AbortSignal): Promise<string>;
  sleep(ms: number): Promise<void>;
  policy?: RefreshPolicy;
}

/** Runs the refresh with the policy; resolves to the token or null when the session is gone, and
 * rejects with RefreshUnreachable when no try got an answer. */
export async function refreshWithPolicy(deps: RefreshDeps): Promise<string | null> {
  const policy = deps.policy ?? refreshPolicy;
  for (let n = 0; n <= policy.retries; n++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
    try {
      return await deps.attempt(controller.signal);
    } catch (error) {
      if (error instanceof RefreshRejected) return null;
      if (n === policy.retries) throw new RefreshUnreachable('the token refresh got no answer', { cause: error });
    } finally {
      clearTimeout(timer);
    }
    await deps.sleep(retryDelayMs(n, policy));
  }
  throw new RefreshUnreachable('the token refresh got no answer');
}
