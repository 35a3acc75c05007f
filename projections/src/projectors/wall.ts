// Wall posts, likes and private-media unlocks, plus post counts per author (and '*' for all), so
// the wall, the for-you feed and their paging meta never count rows at read time.
import { defineProjector, ident } from '../projector.ts';

type Queryable = { query: (sql: string, values?: unknown[]) => Promise<unknown> };

export async function createWallTables(client: Queryable, schema: string, withIndexes = true): Promise<void> {
  const s = ident(schema);
  await client.query(`create table if not exists ${s}.wall_posts (
    post_id text primary key,
    author_uid text not null,
    content text not null,
    media_filename text,
    media_format text,
    media_is_private boolean not null default false,
    unlock_price int,
    subscriber_only boolean not null default false,
    like_count int not null default 0,
    created_at timestamptz not null,
    seq bigint not null,
    deleted boolean not null default false
  )`);
  await client.query(`create table if not exists ${s}.post_likes (post_id text not null, uid text not null, primary key (post_id, uid))`);
  await client.query(
    `create table if not exists ${s}.post_unlocks (post_id text not null, uid text not null, diamonds int not null, primary key (post_id, uid))`,
  );
  await client.query(
    `create table if not exists ${s}.wall_counts (uid text primary key, posts int not null default 0, public_posts int not null default 0)`,
  );
  if (withIndexes) await createWallIndexes(client, schema);
}

export async function createWallIndexes(client: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  // seq (the event position) orders posts: unique and increasing, so paging is stable.
  await client.query(`create index if not exists wall_posts_by_author on ${s}.wall_posts (author_uid, seq desc) where not deleted`);
  await client.query(
    `create index if not exists wall_posts_recent on ${s}.wall_posts (seq desc) where not deleted and not subscriber_only`,
  );
}

export const wallProjector = defineProjector({
  name: 'wall',
  tables: ['wall_posts', 'post_likes', 'post_unlocks', 'wall_counts'],
  handles: ['PostCreated', 'PostDeleted', 'PostLiked', 'PostUnliked', 'PostMediaUnlocked', 'AccountDeleted'],
  createTables: (client, schema) => createWallTables(client, schema),
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      const { type, data: d } = e;
      switch (type) {
        case 'PostCreated': {
          const { rowCount } = await client.query(
            `insert into ${s}.wall_posts (post_id, author_uid, content, media_filename, media_format, media_is_private, unlock_price, subscriber_only, created_at, seq)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`,
            [
              d.postId,
              d.authorUid,
              d.content,
              d.mediaFilename,
              d.mediaFormat,
              d.mediaIsPrivate,
              d.unlockPrice,
              d.subscriberOnly,
              d.createdAt,
              e.globalPosition.toString(),
            ],
          );
          if (rowCount) await bumpPosts(client, s, d.authorUid, d.subscriberOnly ? 0 : 1, 1);
          break;
        }
        case 'PostDeleted': {
          const { rows } = await client.query<{ subscriber_only: boolean }>(
            `update ${s}.wall_posts set deleted = true where post_id = $1 and not deleted returning subscriber_only`,
            [d.postId],
          );
          if (rows[0]) await bumpPosts(client, s, d.authorUid, rows[0].subscriber_only ? 0 : -1, -1);
          break;
        }
        case 'PostLiked': {
          const { rowCount } = await client.query(`insert into ${s}.post_likes values ($1, $2) on conflict do nothing`, [d.postId, d.uid]);
          if (rowCount) await client.query(`update ${s}.wall_posts set like_count = like_count + 1 where post_id = $1`, [d.postId]);
          break;
        }
        case 'PostUnliked': {
          const { rowCount } = await client.query(`delete from ${s}.post_likes where post_id = $1 and uid = $2`, [d.postId, d.uid]);
          if (rowCount) await client.query(`update ${s}.wall_posts set like_count = like_count - 1 where post_id = $1`, [d.postId]);
          break;
        }
        case 'AccountDeleted': {
          // A deleted account's posts go with it (the unlock payments stay in the ledger).
          await client.query(`update ${s}.wall_posts set deleted = true, content = '', media_filename = null where author_uid = $1`, [
            d.uid,
          ]);
          await client.query(`delete from ${s}.wall_counts where uid = $1`, [d.uid]);
          await client.query(
            `update ${s}.wall_counts set posts = (select count(*) from ${s}.wall_posts where not deleted), public_posts = (select count(*) from ${s}.wall_posts where not deleted and not subscriber_only) where uid = '*'`,
          );
          break;
        }
        case 'PostMediaUnlocked':
          await client.query(`insert into ${s}.post_unlocks values ($1, $2, $3) on conflict do nothing`, [d.postId, d.uid, d.diamonds]);
          break;
        default: {
          const _exhaustive: never = type;
          return _exhaustive;
        }
      }
    }
  },
});

async function bumpPosts(client: Queryable, s: string, author: string, publicDelta: number, delta: number) {
  await client.query(
    `insert into ${s}.wall_counts as c (uid, posts, public_posts) values ($1, $3, $2), ('*', $3, $2)
     on conflict (uid) do update set posts = c.posts + excluded.posts, public_posts = c.public_posts + excluded.public_posts`,
    [author, publicDelta, delta],
  );
}
