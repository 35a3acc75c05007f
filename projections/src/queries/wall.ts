// Named reads of the wall projector's tables (rm.wall_posts, rm.post_likes, rm.post_unlocks,
// rm.wall_counts): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';
import { containsPattern } from './sql-patterns.ts';

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

/** A wall post as `viewer` sees it, with its author's name and picture. */
export interface PostRow {
  post_id: string;
  author_uid: string;
  username: string | null;
  profile_pic: string | null;
  content: string;
  media_filename: string | null;
  media_format: string | null;
  media_is_private: boolean;
  unlock_price: number | null;
  subscriber_only: boolean;
  like_count: number;
  created_at: Date;
  has_liked: boolean;
  unlocked: boolean;
}

// Shared select list: the viewer is $1.
const POST_COLUMNS = `p.post_id, p.author_uid, a.username, a.profile_pic, p.content, p.media_filename, p.media_format,
  p.media_is_private, p.unlock_price, p.subscriber_only, p.like_count, p.created_at,
  exists (select 1 from rm.post_likes l where l.post_id = p.post_id and l.uid = $1) as has_liked,
  (not p.media_is_private or p.author_uid = $1 or exists (select 1 from rm.post_unlocks u where u.post_id = p.post_id and u.uid = $1)) as unlocked`;

export interface WallFilter {
  viewer: string;
  author: string;
  /** False leaves subscriber-only posts out (who may see them is the caller's rule). */
  canSeeSubscriberOnly: boolean;
  subscriberOnly?: boolean;
  q?: string;
  limit: number;
  offset: number;
}

/** A page of one author's wall, newest first, and how many posts the filter matches. */
export async function wallPage(runner: Runner, f: WallFilter): Promise<{ rows: PostRow[]; total: number }> {
  const where = [`p.author_uid = $2`, `not p.deleted`];
  const values: unknown[] = [f.viewer, f.author];
  if (!f.canSeeSubscriberOnly) where.push('not p.subscriber_only');
  if (f.subscriberOnly !== undefined) where.push(f.subscriberOnly ? 'p.subscriber_only' : 'not p.subscriber_only');
  if (f.q) {
    values.push(containsPattern(f.q));
    where.push(`p.content ilike $${values.length}`);
  }
  const filterSql = where.join(' and ');
  const [{ rows }, total] = await Promise.all([
    runner.query<PostRow>(
      `select ${POST_COLUMNS} from rm.wall_posts p left join rm.profiles a on a.uid = p.author_uid
          where ${filterSql} order by p.seq desc limit ${f.limit} offset ${f.offset}`,
      values,
    ),
    f.q || f.subscriberOnly !== undefined
      ? runner
          .query<{ n: number }>(`select count(*)::int as n from rm.wall_posts p where ${filterSql} and $1::text is not null`, values)
          .then((r) => r.rows[0]?.n ?? 0)
      : runner
          .query<{ n: number }>(`select ${f.canSeeSubscriberOnly ? 'posts' : 'public_posts'} as n from rm.wall_counts where uid = $1`, [
            f.author,
          ])
          .then((r) => r.rows[0]?.n ?? 0),
  ]);
  return { rows, total };
}

export interface FeedFilter {
  viewer: string;
  /** Only authors the viewer follows. */
  following?: boolean;
  q?: string;
  limit: number;
  offset: number;
}

/** A page of the public posts of everyone (or of the followed) except those the viewer blocked, newest
 * first. Totals come from the per-author counters; a text search counts at most 1,000 matches. */
export async function feedPage(runner: Runner, f: FeedFilter): Promise<{ rows: PostRow[]; total: number }> {
  const values: unknown[] = [f.viewer];
  const where = [
    'not p.deleted',
    'not p.subscriber_only',
    'not exists (select 1 from rm.blocks b where b.blocker_uid = $1 and b.blocked_uid = p.author_uid)',
  ];
  if (f.following) where.push('p.author_uid in (select f.followee_uid from rm.follows f where f.follower_uid = $1)');
  if (f.q) {
    values.push(containsPattern(f.q));
    where.push(`p.content ilike $${values.length}`);
  }
  const filterSql = where.join(' and ');
  const totalSql = f.q
    ? `select count(*)::int as n from (select 1 from rm.wall_posts p where ${filterSql} limit 1000) m`
    : f.following
      ? `select coalesce(sum(c.public_posts), 0)::int as n from rm.follows f join rm.wall_counts c on c.uid = f.followee_uid where f.follower_uid = $1`
      : `select coalesce((select public_posts from rm.wall_counts where uid = '*'), 0)::int as n`;
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<PostRow>(
      `select ${POST_COLUMNS} from rm.wall_posts p left join rm.profiles a on a.uid = p.author_uid
          where ${filterSql} order by p.seq desc limit ${f.limit} offset ${f.offset}`,
      values,
    ),
    runner.query<{ n: number }>(totalSql, f.q ? values : f.following ? [f.viewer] : []),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
