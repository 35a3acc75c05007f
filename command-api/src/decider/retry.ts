// The one retry rule for a version clash: read and decide again after a short random pause (so
// that clashing writers do not clash again in lockstep), a bounded number of times, then 409. A
// transaction PostgreSQL rolled back to break a deadlock wrote nothing either, and goes again alike.
import { isDeadlock, WrongExpectedVersion } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';

/** Full jitter, doubling from 4 ms up to 250 ms: ten retries then span up to ~1.25 s. A writer whose
 * retry (a read and an append) competes with another process's warm queue (one append per command)
 * must outlast that queue's burst, not just a few of its appends. */
export const clashPauseMs = (retry: number): number => Math.random() * Math.min(250, 2 ** (retry + 2));

export async function retryOnClash<T>(attempt: (retry: number) => Promise<T>, maxRetries = 10): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) && !isDeadlock(error)) throw error;
      if (retry >= maxRetries) throw new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
      await new Promise((r) => setTimeout(r, clashPauseMs(retry)));
    }
  }
}
