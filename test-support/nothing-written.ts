// "Nothing written" for a refused command, measured on what that command could write: the versions
// of its streams, or the events committed after a position on its streams or in its actors' name.
// The global head or event count is no measure, since background work appends at any time: level
// announcements after a gift's EXP is projected, reward credits, schedulers, the leaderboard publisher.
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';

export async function streamVersions(store: PostgresEventStore, streamIds: readonly string[]): Promise<Record<string, bigint>> {
  const versions = await Promise.all(streamIds.map(async (id) => [id, (await store.readStream(id, { limit: 1 })).version] as const));
  return Object.fromEntries(versions);
}

/** Types appended only by background loops, never by a request (the level announcer writes in the
 * user's name, so an actor's scope would count it too). */
const backgroundTypes = ['LevelReached', 'LeaderboardChanged', 'LedgerDigestRecorded'];

/** Where a refused command could have written: its streams and the actors it would act as; or
 * `anyRequest` for a check across routes (every event but the background loops'). */
export type WriteScope = { streams?: readonly string[]; actors?: readonly string[] } | 'anyRequest';

/**
 * The events committed after `before` (a `headPosition` read before the command) within `scope`,
 * as "Type on stream by actor": `[]` when the command wrote nothing there. Positions are taken
 * from a sequence, so anything the command appended lies past a head read before it was sent.
 */
export async function appendedSince(pool: pg.Pool, before: bigint, scope: WriteScope): Promise<string[]> {
  const { rows } = await pool.query<{ type: string; stream_id: string; actor: string | null }>(
    `select type, stream_id, metadata->>'actorUid' as actor from events where global_position > $1 order by global_position`,
    [before.toString()],
  );
  const within = rows.filter(
    (r) =>
      !backgroundTypes.includes(r.type) &&
      (scope === 'anyRequest' || scope.streams?.includes(r.stream_id) || (r.actor !== null && scope.actors?.includes(r.actor))),
  );
  return within.map((r) => `${r.type} on ${r.stream_id} by ${r.actor ?? 'no actor'}`);
}
