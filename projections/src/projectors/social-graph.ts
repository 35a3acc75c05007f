// The social graph: follow edges (both directions served by two indexes), follower/following counts,
// blocks, reports, creator subscriptions (`SubscribedToCreator` on the subscriber's wallet, with
// its end) and creators' monthly prices (`SubscriptionPriceSet`). The follower lists, subscriber
// lists, subscriber-only posts and the for-you feed's following filter read these.
import { defineProjector, ident } from '../projector.ts';

export async function createSocialGraphTables(
  client: { query: (sql: string) => Promise<unknown> },
  schema: string,
  withIndexes = true,
): Promise<void> {
  const s = ident(schema);
  await client.query(`create table if not exists ${s}.follows (
    follower_uid text not null,
    followee_uid text not null,
    created_at timestamptz not null,
    primary key (follower_uid, followee_uid)
  )`);
  await client.query(`create table if not exists ${s}.follow_counts (
    uid text primary key,
    followers int not null default 0,
    following int not null default 0
  )`);
  await client.query(`create table if not exists ${s}.blocks (
    blocker_uid text not null,
    blocked_uid text not null,
    created_at timestamptz not null,
    primary key (blocker_uid, blocked_uid)
  )`);
  await client.query(`create table if not exists ${s}.user_reports (
    position bigint primary key,
    reporter_uid text not null,
    reported_uid text not null,
    reason text not null,
    created_at timestamptz not null
  )`);
  await client.query(`create table if not exists ${s}.creator_subscriptions (
    subscriber_uid text not null,
    creator_uid text not null,
    created_at timestamptz not null,
    primary key (subscriber_uid, creator_uid)
  )`);
  // Subscriptions end (30 days a purchase); rows written before ends existed have none.
  await client.query(`alter table ${s}.creator_subscriptions add column if not exists expires_at timestamptz`);
  await client.query(`create table if not exists ${s}.creator_plans (
    uid text primary key,
    price int not null,
    updated_at timestamptz not null
  )`);
  if (withIndexes) await createSocialGraphIndexes(client, schema);
}

/** Separate so a bulk load can build them once after the COPY. */
export async function createSocialGraphIndexes(client: { query: (sql: string) => Promise<unknown> }, schema: string): Promise<void> {
  const s = ident(schema);
  // Followers of X, newest first, as an index-only range scan.
  await client.query(`create index if not exists follows_by_followee on ${s}.follows (followee_uid, created_at desc, follower_uid)`);
  await client.query(`create index if not exists follows_by_follower on ${s}.follows (follower_uid, created_at desc, followee_uid)`);
  await client.query(
    `create index if not exists creator_subscriptions_by_creator on ${s}.creator_subscriptions (creator_uid, created_at desc)`,
  );
}

export const socialGraphProjector = defineProjector({
  name: 'social-graph',
  tables: ['follows', 'follow_counts', 'blocks', 'user_reports', 'creator_subscriptions', 'creator_plans'],
  handles: [
    'Followed',
    'Unfollowed',
    'FollowerRemoved',
    'UserBlocked',
    'UserUnblocked',
    'UserReported',
    'SubscribedToCreator',
    'UnsubscribedFromCreator',
    'SubscriptionPriceSet',
  ],
  createTables: (client, schema) => createSocialGraphTables(client, schema),
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      const { type, data: d } = e;
      switch (type) {
        case 'Followed': {
          const { rowCount } = await client.query(
            `insert into ${s}.follows (follower_uid, followee_uid, created_at) values ($1, $2, $3) on conflict do nothing`,
            [d.followerUid, d.followeeUid, d.followedAt],
          );
          if (rowCount) await bumpCounts(client, s, d.followerUid, d.followeeUid, 1);
          break;
        }
        case 'Unfollowed':
        case 'FollowerRemoved': {
          const { rowCount } = await client.query(`delete from ${s}.follows where follower_uid = $1 and followee_uid = $2`, [
            d.followerUid,
            d.followeeUid,
          ]);
          if (rowCount) await bumpCounts(client, s, d.followerUid, d.followeeUid, -1);
          break;
        }
        case 'UserBlocked':
          await client.query(`insert into ${s}.blocks values ($1, $2, $3) on conflict do nothing`, [
            d.blockerUid,
            d.blockedUid,
            d.blockedAt,
          ]);
          break;
        case 'UserUnblocked':
          await client.query(`delete from ${s}.blocks where blocker_uid = $1 and blocked_uid = $2`, [d.blockerUid, d.blockedUid]);
          break;
        case 'UserReported':
          await client.query(`insert into ${s}.user_reports values ($1, $2, $3, $4, $5) on conflict do nothing`, [
            e.globalPosition.toString(),
            d.reporterUid,
            d.reportedUid,
            d.reason,
            d.reportedAt,
          ]);
          break;
        case 'SubscribedToCreator':
          await client.query(
            `insert into ${s}.creator_subscriptions as c (subscriber_uid, creator_uid, created_at, expires_at) values ($1, $2, $3, $4)
             on conflict (subscriber_uid, creator_uid) do update set expires_at = greatest(c.expires_at, excluded.expires_at)`,
            [d.subscriberUid, d.creatorUid, e.createdAt, d.expiresAt],
          );
          break;
        case 'SubscriptionPriceSet':
          await client.query(
            `insert into ${s}.creator_plans as p (uid, price, updated_at) values ($1, $2, $3) on conflict (uid) do update set price = excluded.price, updated_at = excluded.updated_at`,
            [d.creatorUid, d.price, d.setAt],
          );
          break;
        case 'UnsubscribedFromCreator':
          await client.query(`delete from ${s}.creator_subscriptions where subscriber_uid = $1 and creator_uid = $2`, [
            d.subscriberUid,
            d.creatorUid,
          ]);
          break;
        default: {
          const _exhaustive: never = type;
          return _exhaustive;
        }
      }
    }
  },
});

async function bumpCounts(
  client: { query: (sql: string, values: unknown[]) => Promise<unknown> },
  s: string,
  follower: string,
  followee: string,
  delta: number,
) {
  await client.query(
    `insert into ${s}.follow_counts as c (uid, followers, following) values ($1, 0, $3), ($2, $3, 0)
     on conflict (uid) do update set followers = c.followers + excluded.followers, following = c.following + excluded.following`,
    [follower, followee, delta],
  );
}
