// The profile, social-graph, wall, feed and gallery queries (docs/decisions/social.md, wall.md), over the
// read models of the profiles, social-graph, wall, gallery and gift-wall projectors.
import {
  FeedQuery,
  FollowerPage,
  GalleryPage,
  limits,
  PageQuery,
  pageMeta,
  texts,
  ProfileDetails,
  ProfileView,
  UserSearchQuery,
  WallPage,
  WallQuery,
  type Badge,
  type FollowerItem,
  type PageQuery as PageQueryType,
  type WallPost,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { Request } from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/routes.ts';
import { appearanceSql } from '../user-directory.ts';

function uidParam(req: Request): string {
  const uid = String(req.params.uid ?? '');
  if (!/^[\w:.-]{1,128}$/.test(uid)) throw new ApiError('NOT_FOUND', texts.userNotFound);
  return uid;
}

const offset = (q: PageQueryType) => (q.page - 1) * q.limit;

/**
 * Badges from roles, and Verified User for an e-mail account that has also completed a payment
 * (a payer checked by the card or chain): a brand-new account is not yet verified by anything.
 */
export function badgesOf(roles: string[], hasEmail: boolean, hasPaid: boolean): Badge[] {
  const badges: Badge[] = [];
  if (roles.includes('h')) badges.push('Verified Host');
  if (roles.includes('ag')) badges.push('Verified Agency');
  if (roles.includes('cr')) badges.push('Verified Playfriend');
  if (hasEmail && hasPaid) badges.push('Verified User');
  return badges;
}

interface PostRow {
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

async function toWallPost(deps: QueryDeps, row: PostRow): Promise<WallPost> {
  // Private media the viewer has not unlocked: neither its key nor a URL leaves the server.
  const visible = row.unlocked && row.media_filename !== null;
  return {
    id: row.post_id,
    authorUid: row.author_uid,
    authorUsername: row.username,
    authorProfilePic: await mediaUrl(deps, row.profile_pic),
    content: row.content,
    mediaFilename: visible ? row.media_filename : null,
    mediaUrl: visible ? await mediaUrl(deps, row.media_filename) : null,
    mediaIsPrivate: row.media_is_private,
    mediaLocked: !row.unlocked,
    unlockPrice: row.unlock_price,
    mediaFormat: row.media_format,
    subscriberOnly: row.subscriber_only,
    hasLiked: row.has_liked,
    likeCount: row.like_count,
    createdAt: row.created_at.toISOString(),
  };
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function followerRows(deps: QueryDeps, sql: string, values: unknown[]): Promise<FollowerItem[]> {
  const { rows } = await deps.pool.query<{
    uid: string;
    username: string | null;
    profile_pic: string | null;
    is_following: boolean;
    is_self: boolean;
  }>(sql, values);
  return Promise.all(
    rows.map(async (r) => ({
      uid: r.uid,
      username: r.username,
      profilePic: await mediaUrl(deps, r.profile_pic),
      isFollowing: r.is_following,
      isSelf: r.is_self,
    })),
  );
}

export function socialRoutes(router: express.Router, deps: QueryDeps): void {
  const pool = deps.pool;

  router.get('/user/profile/details', requireAuth(), freshness(pool, ['profiles', 'social-graph']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query(
      `select p.*, coalesce(c.followers, 0) as followers, coalesce(c.following, 0) as following,
              (select count(*)::int from unnest(p.username_changes) t where date_trunc('month', t at time zone 'UTC') = date_trunc('month', now() at time zone 'UTC')) as changes
         from (select $1::text as uid) me left join rm.profiles p using (uid) left join rm.follow_counts c on c.uid = me.uid`,
      [uid],
    );
    const r = rows[0] ?? {};
    const details: ProfileDetails = {
      uid,
      username: r.username ?? null,
      profileFormList: [
        { field: 'username', value: r.username ?? '' },
        { field: 'bio', value: r.bio ?? '' },
        { field: 'pinnedMessage', value: r.pinned_message ?? '' },
        { field: 'birthday', value: r.birthday ? (r.birthday as Date).toISOString().slice(0, 10) : '' },
        { field: 'gender', value: r.gender ?? '' },
      ],
      profilePicUrl: await mediaUrl(deps, r.profile_pic),
      profileBannerUrl: await mediaUrl(deps, r.profile_banner),
      email: r.email ?? null,
      address: r.address ?? null,
      followerCount: r.followers ?? 0,
      followingCount: r.following ?? 0,
      usernameChangesLeft: Math.max(0, limits.nameChangesPerMonth - (r.changes ?? 0)),
    };
    send(res, ProfileDetails, details);
  });

  router.get('/user/profile/view/:uid', freshness(pool, ['profiles', 'social-graph', 'gift-wall', 'collections']), async (req, res) => {
    const target = uidParam(req);
    const viewer = req.auth?.uid ?? '';
    const [{ rows }, { rows: gifts }] = await Promise.all([
      pool.query(
        `select p.*, coalesce(c.followers, 0) as followers, coalesce(c.following, 0) as following,
                exists (select 1 from rm.follows f where f.follower_uid = $2 and f.followee_uid = $1) as is_following,
                exists (select 1 from rm.follows f where f.follower_uid = $1 and f.followee_uid = $2) as is_follower,
                exists (select 1 from rm.blocks b where b.blocker_uid = $2 and b.blocked_uid = $1) as is_blocked,
                exists (select 1 from rm.payments pay where pay.uid = $1 and pay.status = 'completed') as has_paid,
                (select count(*)::int from rm.creator_subscriptions s where s.creator_uid = $1 and (s.expires_at is null or s.expires_at > now())) as subscribers,
                (select count(*)::int from rm.creator_subscriptions s where s.subscriber_uid = $1 and (s.expires_at is null or s.expires_at > now())) as subscribed,
                (select price from rm.creator_plans cp where cp.uid = $1) as subscription_price,
                (select s.expires_at from rm.creator_subscriptions s where s.subscriber_uid = $2 and s.creator_uid = $1 and (s.expires_at is null or s.expires_at > now())) as subscribed_until,
                w.vip, w.frame_id, w.badge_ids
           from rm.profiles p left join rm.follow_counts c on c.uid = p.uid left join lateral (${appearanceSql('p.uid')}) w on true
          where p.uid = $1`,
        [target, viewer],
      ),
      pool.query(
        `select gift_id, gift_name, quantity::int, diamonds::int from rm.gift_wall where uid = $1 order by diamonds desc, gift_id limit 50`,
        [target],
      ),
    ]);
    const r = rows[0];
    if (!r) throw new ApiError('NOT_FOUND', texts.userDoesNotExist);
    const view: ProfileView = {
      uid: target,
      username: r.username,
      bio: r.bio,
      pinnedMessage: r.pinned_message,
      gender: r.gender,
      profilePicUrl: await mediaUrl(deps, r.profile_pic),
      profileBannerUrl: await mediaUrl(deps, r.profile_banner),
      followerCount: r.followers,
      followingCount: r.following,
      subscriberCount: r.subscribers,
      subscribedCount: r.subscribed,
      isFollowing: r.is_following,
      isFollower: r.is_follower,
      isBlocked: r.is_blocked,
      isSelf: viewer === target,
      badges: badgesOf(r.roles ?? [], !!r.email, r.has_paid === true),
      vip: r.vip === true,
      frame: r.frame_id ?? null,
      wornBadges: r.badge_ids ?? [],
      subscription: {
        price: r.subscription_price ?? null,
        subscribedUntil: r.subscribed_until ? (r.subscribed_until as Date).toISOString() : null,
      },
      giftWall: gifts.map((g) => ({ giftId: g.gift_id, giftName: g.gift_name, quantity: g.quantity, diamonds: g.diamonds })),
    };
    send(res, ProfileView, view);
  });

  router.get('/user/wall/:uid', freshness(pool, ['wall', 'profiles', 'social-graph']), async (req, res) => {
    const author = uidParam(req);
    const viewer = req.auth?.uid ?? '';
    const query = parse(WallQuery, req.query);
    const { rows: sub } = await pool.query(
      `select exists (select 1 from rm.creator_subscriptions s where s.subscriber_uid = $1 and s.creator_uid = $2 and (s.expires_at is null or s.expires_at > now())) as s`,
      [viewer, author],
    );
    const canSeeSubscriberOnly = viewer === author || sub[0]?.s === true;
    const where = [`p.author_uid = $2`, `not p.deleted`];
    const values: unknown[] = [viewer, author];
    if (!canSeeSubscriberOnly) where.push('not p.subscriber_only');
    if (query.subscriberOnly !== undefined) where.push(query.subscriberOnly ? 'p.subscriber_only' : 'not p.subscriber_only');
    if (query.q) {
      values.push(likePattern(query.q));
      where.push(`p.content ilike $${values.length}`);
    }
    const filterSql = where.join(' and ');
    const [{ rows }, total] = await Promise.all([
      pool.query<PostRow>(
        `select ${POST_COLUMNS} from rm.wall_posts p left join rm.profiles a on a.uid = p.author_uid
          where ${filterSql} order by p.seq desc limit ${query.limit} offset ${offset(query)}`,
        values,
      ),
      query.q || query.subscriberOnly !== undefined
        ? pool
            .query<{ n: number }>(`select count(*)::int as n from rm.wall_posts p where ${filterSql} and $1::text is not null`, values)
            .then((r) => r.rows[0]?.n ?? 0)
        : pool
            .query<{ n: number }>(`select ${canSeeSubscriberOnly ? 'posts' : 'public_posts'} as n from rm.wall_counts where uid = $1`, [
              author,
            ])
            .then((r) => r.rows[0]?.n ?? 0),
    ]);
    const items = await Promise.all(rows.map((r) => toWallPost(deps, r)));
    send(res, WallPage, { items, meta: pageMeta(query, total, items.length) });
  });

  router.get('/user/feed/for-you', requireAuth(), freshness(pool, ['wall', 'social-graph']), async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(FeedQuery, req.query);
    const values: unknown[] = [uid];
    const where = [
      'not p.deleted',
      'not p.subscriber_only',
      'not exists (select 1 from rm.blocks b where b.blocker_uid = $1 and b.blocked_uid = p.author_uid)',
    ];
    if (query.following) where.push('p.author_uid in (select f.followee_uid from rm.follows f where f.follower_uid = $1)');
    if (query.q) {
      values.push(likePattern(query.q));
      where.push(`p.content ilike $${values.length}`);
    }
    const filterSql = where.join(' and ');
    // Totals come from the per-author counters; a text search counts at most 1,000 matches.
    const totalSql = query.q
      ? `select count(*)::int as n from (select 1 from rm.wall_posts p where ${filterSql} limit 1000) m`
      : query.following
        ? `select coalesce(sum(c.public_posts), 0)::int as n from rm.follows f join rm.wall_counts c on c.uid = f.followee_uid where f.follower_uid = $1`
        : `select coalesce((select public_posts from rm.wall_counts where uid = '*'), 0)::int as n`;
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query<PostRow>(
        `select ${POST_COLUMNS} from rm.wall_posts p left join rm.profiles a on a.uid = p.author_uid
          where ${filterSql} order by p.seq desc limit ${query.limit} offset ${offset(query)}`,
        values,
      ),
      pool.query<{ n: number }>(totalSql, query.q ? values : query.following ? [uid] : []),
    ]);
    const items = await Promise.all(rows.map((r) => toWallPost(deps, r)));
    send(res, WallPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });

  router.get('/user/gallery/:uid', freshness(pool, ['gallery', 'wall']), async (req, res) => {
    const owner = uidParam(req);
    const viewer = req.auth?.uid ?? '';
    const query = parse(PageQuery, req.query);
    // Media attached to a private post stays out of others' view of the gallery until unlocked.
    const filter = `g.uid = $1 and g.upload_type = 'profile' and ($2 = $1 or not exists (
        select 1 from rm.wall_posts p where p.author_uid = $1 and p.media_filename = g.file_name and p.media_is_private and not p.deleted
           and not exists (select 1 from rm.post_unlocks u where u.post_id = p.post_id and u.uid = $2)))`;
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query<{ file_name: string; format: string; thumbnail: string | null }>(
        `select g.file_name, g.format, g.thumbnail from rm.gallery_items g where ${filter} order by g.seq desc limit ${query.limit} offset ${offset(query)}`,
        [owner, viewer],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.gallery_items g where ${filter}`, [owner, viewer]),
    ]);
    const items = await Promise.all(
      rows.map(async (r) => ({
        filename: r.file_name,
        format: r.format,
        url: (await mediaUrl(deps, r.file_name))!,
        thumbnailUrl: await mediaUrl(deps, r.thumbnail),
      })),
    );
    send(res, GalleryPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });

  const followList = (kind: 'followers' | 'following') =>
    async function (req: Request, res: express.Response) {
      const target = uidParam(req);
      const viewer = req.auth?.uid ?? '';
      const query = parse(PageQuery, req.query);
      const [listed, filterCol] = kind === 'followers' ? ['follower_uid', 'followee_uid'] : ['followee_uid', 'follower_uid'];
      const [items, { rows: count }] = await Promise.all([
        followerRows(
          deps,
          `select f.${listed} as uid, p.username, p.profile_pic,
                  exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = f.${listed}) as is_following,
                  f.${listed} = $2 as is_self
             from rm.follows f left join rm.profiles p on p.uid = f.${listed}
            where f.${filterCol} = $1 order by f.created_at desc, f.${listed} limit ${query.limit} offset ${offset(query)}`,
          [target, viewer],
        ),
        pool.query<{ n: number }>(`select coalesce((select ${kind} from rm.follow_counts where uid = $1), 0)::int as n`, [target]),
      ]);
      send(res, FollowerPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
    };
  router.get('/user/followers/:uid', freshness(pool, ['social-graph', 'profiles']), followList('followers'));
  router.get('/user/following/:uid', freshness(pool, ['social-graph', 'profiles']), followList('following'));

  const subscriptionList = (kind: 'subscribers' | 'subscriptions') =>
    async function (req: Request, res: express.Response) {
      const target = uidParam(req);
      const viewer = req.auth?.uid ?? '';
      const query = parse(PageQuery, req.query);
      const [listed, filterCol] = kind === 'subscribers' ? ['subscriber_uid', 'creator_uid'] : ['creator_uid', 'subscriber_uid'];
      const [items, { rows: count }] = await Promise.all([
        followerRows(
          deps,
          `select s.${listed} as uid, p.username, p.profile_pic,
                  exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = s.${listed}) as is_following,
                  s.${listed} = $2 as is_self
             from rm.creator_subscriptions s left join rm.profiles p on p.uid = s.${listed}
            where s.${filterCol} = $1 and (s.expires_at is null or s.expires_at > now()) order by s.created_at desc, s.${listed} limit ${query.limit} offset ${offset(query)}`,
          [target, viewer],
        ),
        pool.query<{ n: number }>(
          `select count(*)::int as n from rm.creator_subscriptions s where s.${filterCol} = $1 and (s.expires_at is null or s.expires_at > now())`,
          [target],
        ),
      ]);
      send(res, FollowerPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
    };
  router.get('/user/subscribers/:uid', freshness(pool, ['social-graph', 'profiles']), subscriptionList('subscribers'));
  router.get('/user/subscriptions/:uid', freshness(pool, ['social-graph', 'profiles']), subscriptionList('subscriptions'));

  router.get('/cms/users', requireAuth(), freshness(pool, ['profiles', 'social-graph']), async (req, res) => {
    const viewer = currentUser(req).uid;
    const query = parse(UserSearchQuery, req.query);
    // Below the minimum length (2; docs/decisions/social.md) nothing is searched.
    if ([...query.q].length < limits.userSearchMinLength) return void send(res, FollowerPage, { items: [], meta: pageMeta(query, 0, 0) });
    const prefix = `${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [items, { rows: count }] = await Promise.all([
      followerRows(
        deps,
        `select p.uid, p.username, p.profile_pic,
                exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = p.uid) as is_following, p.uid = $2 as is_self
           from rm.profiles p where lower(p.username) like $1 order by lower(p.username), p.uid limit ${query.limit} offset ${offset(query)}`,
        [prefix, viewer],
      ),
      pool.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from rm.profiles p where lower(p.username) like $1 limit 1000) m`,
        [prefix],
      ),
    ]);
    send(res, FollowerPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });
}
