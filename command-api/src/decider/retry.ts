// The one retry rule for a version clash: read and decide again after a short random pause (so
// that clashing writers do not clash again in lockstep), a bounded number of times, then 409.
import { WrongExpectedVersion } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';

export async function retryOnClash<T>(attempt: (retry: number) => Promise<T>, maxRetries = 10): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (retry >= maxRetries) throw new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** retry)));
    }
  }
}
