// Named reads of the projection-rebuilds projector's table (rm.projection_rebuilds): other workspaces
// ask these, never SQL.
import type { Runner } from './runner.ts';

export interface RebuildRow {
  rebuild_id: string;
  projection: string;
  status: string;
  requested_by: string;
  requested_at: Date;
  events: string;
  error: string | null;
  finished_at: Date | null;
}

/** The 10 latest requested rebuilds, newest first. */
export async function latestRebuildRows(runner: Runner): Promise<RebuildRow[]> {
  const { rows } = await runner.query<RebuildRow>('select * from rm.projection_rebuilds order by requested_at desc limit 10');
  return rows;
}
