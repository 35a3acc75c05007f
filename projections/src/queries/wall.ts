// Named reads of the wall projector's tables (rm.wall_posts): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

export interface PostAuthorRow {
  author_uid: string;
  content: string;
}

/** A post's author and text, or null when there is no such post or it was deleted. */
export async function livePost(runner: Runner, postId: string): Promise<PostAuthorRow | null> {
  const { rows } = await runner.query<PostAuthorRow>('select author_uid, content from rm.wall_posts where post_id = $1 and not deleted', [
    postId,
  ]);
  return rows[0] ?? null;
}
