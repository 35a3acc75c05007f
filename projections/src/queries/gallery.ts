// Named reads of the gallery projector's table (rm.gallery_items): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

export interface GalleryItemRow {
  file_name: string;
  format: string;
  thumbnail: string | null;
}

/** A page of a user's profile gallery as `viewer` may see it: media attached to a private post stays
 * out of others' view until they unlock the post. */
export async function galleryPage(
  runner: Runner,
  p: { owner: string; viewer: string; limit: number; offset: number },
): Promise<{ rows: GalleryItemRow[]; total: number }> {
  const filter = `g.uid = $1 and g.upload_type = 'profile' and ($2 = $1 or not exists (
        select 1 from rm.wall_posts p where p.author_uid = $1 and p.media_filename = g.file_name and p.media_is_private and not p.deleted
           and not exists (select 1 from rm.post_unlocks u where u.post_id = p.post_id and u.uid = $2)))`;
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<GalleryItemRow>(
      `select g.file_name, g.format, g.thumbnail from rm.gallery_items g where ${filter} order by g.seq desc limit ${p.limit} offset ${p.offset}`,
      [p.owner, p.viewer],
    ),
    runner.query<{ n: number }>(`select count(*)::int as n from rm.gallery_items g where ${filter}`, [p.owner, p.viewer]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
