// The first read model: how many streams and events each stream category (the id's prefix before
// the first dash: wallet, user, lobby...) holds, and when it last changed. Operators use it to see
// what the log contains; it proves the runner, status and rebuild end to end.
import type { RecordedEvent } from '@murmur/eventstore';
import { ident, type Projector } from '../projector.ts';

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

/** Folds a batch into per-category increments (pure: unit tested). */
export function countByCategory(
  events: RecordedEvent[],
): Map<string, { events: number; newStreams: number; lastPosition: bigint; lastAt: Date }> {
  const out = new Map<string, { events: number; newStreams: number; lastPosition: bigint; lastAt: Date }>();
  for (const e of events) {
    const key = categoryOf(e.streamId);
    const row = out.get(key) ?? { events: 0, newStreams: 0, lastPosition: 0n, lastAt: e.createdAt };
    row.events += 1;
    if (e.streamVersion === 1n) row.newStreams += 1;
    if (e.globalPosition > row.lastPosition) row.lastPosition = e.globalPosition;
    if (e.createdAt > row.lastAt) row.lastAt = e.createdAt;
    out.set(key, row);
  }
  return out;
}

export const streamCatalog: Projector = {
  name: 'stream-catalog',
  tables: ['stream_categories'],
  handles: [],
  async createTables(client, schema) {
    await client.query(`create table if not exists ${ident(schema)}.stream_categories (
      category text primary key,
      stream_count bigint not null,
      event_count bigint not null,
      last_position bigint not null,
      last_event_at timestamptz not null
    )`);
  },
  async apply(events, { client, schema }) {
    const rows = [...countByCategory(events)];
    if (rows.length === 0) return;
    await client.query(
      `insert into ${ident(schema)}.stream_categories as c (category, stream_count, event_count, last_position, last_event_at)
       select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::timestamptz[])
       on conflict (category) do update set
         stream_count = c.stream_count + excluded.stream_count,
         event_count = c.event_count + excluded.event_count,
         last_position = greatest(c.last_position, excluded.last_position),
         last_event_at = greatest(c.last_event_at, excluded.last_event_at)`,
      [
        rows.map(([k]) => k),
        rows.map(([, r]) => r.newStreams),
        rows.map(([, r]) => r.events),
        rows.map(([, r]) => r.lastPosition.toString()),
        rows.map(([, r]) => r.lastAt.toISOString()),
      ],
    );
  },
};
