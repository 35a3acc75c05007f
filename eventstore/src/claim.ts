// Create-only "claim" streams, whose whole rule is "the first append wins" (a referral code, a
// friend token, a crypto transfer, a week's settlement marker): there is no state to fold, so they
// are appended with expected version no_stream rather than through a command handler.
import { WrongExpectedVersion } from './errors.ts';
import type { AppendOptions, AppendResult, EventStore, NewEvent } from './types.ts';

export type ClaimResult = { claimed: true; result: AppendResult } | { claimed: false };

/** Appends `events` as the stream's first events. `claimed: false` when the stream already
 * exists (someone claimed it first: nothing was written); other errors are thrown. A repeated
 * idempotency key answers `claimed: true` with `result.duplicate`, as an append does. */
export async function claimStream(
  store: EventStore,
  streamId: string,
  events: readonly NewEvent[],
  options: Omit<AppendOptions, 'expectedVersion'> = {},
): Promise<ClaimResult> {
  try {
    return { claimed: true, result: await store.append(streamId, events, { ...options, expectedVersion: 'no_stream' }) };
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return { claimed: false };
    throw error;
  }
}
