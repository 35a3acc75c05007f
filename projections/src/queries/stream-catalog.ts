// Named reads of the stream-catalog projector's table (rm.stream_categories): other workspaces ask
// these, never SQL.
import type { Runner } from './runner.ts';

export interface StreamCategoryRow {
  category: string;
  streamCount: number;
  eventCount: number;
  lastPosition: string;
  lastEventAt: Date;
}

/** A page of the log's stream categories, most events first, and how many there are. */
export async function streamCategoryPage(
  runner: Runner,
  p: { limit: number; offset: number },
): Promise<{ rows: StreamCategoryRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<StreamCategoryRow>(
      `select category, stream_count::int as "streamCount", event_count::int as "eventCount",
                last_position::text as "lastPosition", last_event_at as "lastEventAt"
           from rm.stream_categories order by event_count desc, category limit $1 offset $2`,
      [p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.stream_categories'),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
