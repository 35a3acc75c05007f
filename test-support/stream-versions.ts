// "Nothing written" for one command: the versions of the streams it could write, compared before
// and after. The global head is no measure, since background work (level announcements, reward
// credits, schedulers) appends to other streams at any time.
import type { PostgresEventStore } from '@murmur/eventstore';

export async function streamVersions(store: PostgresEventStore, streamIds: readonly string[]): Promise<Record<string, bigint>> {
  const versions = await Promise.all(streamIds.map(async (id) => [id, (await store.readStream(id, { limit: 1 })).version] as const));
  return Object.fromEntries(versions);
}
