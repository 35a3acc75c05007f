// The profile, social-graph, wall, feed and gallery queries (docs/decisions/social.md, wall.md), over the
// read models of the profiles, social-graph, wall, gallery and gift-wall projectors.
import { limits, pageMeta, texts, type Badge, type FollowerItem, type ApiResponse, type PageQuery, type WallPost } from '@murmur/contracts';
import { ApiError, defineRoute, type AuthContext } from '@murmur/platform';
import { galleryPage } from '@murmur/projections/queries/gallery';
import { giftWallTop } from '@murmur/projections/queries/gift-wall';
import { ownProfile, profileView, usersByNamePrefix } from '@murmur/projections/queries/profiles';
import { followPage, isSubscribed, subscriptionPage, type PersonRow } from '@murmur/projections/queries/social-graph';
import { lowerPrefixPattern } from '@murmur/projections/queries/sql-patterns';
import { feedPage, wallPage, type PostRow } from '@murmur/projections/queries/wall';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/public.ts';

function checkedUid(raw: string): string {
  if (!/^[\w:.-]{1,128}$/.test(raw)) throw new ApiError('NOT_FOUND', texts.userNotFound);
  return raw;
}

const offset = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

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

async function people(deps: QueryDeps, rows: PersonRow[]): Promise<FollowerItem[]> {
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

  defineRoute(
    router,
    'GET /user/profile/details',
    async ({ me: { uid } }) => {
      const r = await ownProfile(pool, uid);
      return {
        uid,
        username: r?.username ?? null,
        profileFormList: [
          { field: 'username', value: r?.username ?? '' },
          { field: 'bio', value: r?.bio ?? '' },
          { field: 'pinnedMessage', value: r?.pinned_message ?? '' },
          { field: 'birthday', value: r?.birthday ? r.birthday.toISOString().slice(0, 10) : '' },
          { field: 'gender', value: r?.gender ?? '' },
        ],
        profilePicUrl: await mediaUrl(deps, r?.profile_pic ?? null),
        profileBannerUrl: await mediaUrl(deps, r?.profile_banner ?? null),
        email: r?.email ?? null,
        address: r?.address ?? null,
        followerCount: r?.followers ?? 0,
        followingCount: r?.following ?? 0,
        usernameChangesLeft: Math.max(0, limits.nameChangesPerMonth - (r?.changes ?? 0)),
      };
    },
    { before: [freshness(pool, ['profiles', 'social-graph'])] },
  );

  defineRoute(
    router,
    'GET /user/profile/view/{uid}',
    async ({ params, me }) => {
      const target = checkedUid(params.uid);
      const viewer = me?.uid ?? '';
      const [r, gifts] = await Promise.all([profileView(pool, target, viewer), giftWallTop(pool, target)]);
      if (!r) throw new ApiError('NOT_FOUND', texts.userDoesNotExist);
      return {
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
          subscribedUntil: r.subscribed_until ? r.subscribed_until.toISOString() : null,
        },
        giftWall: gifts.map((g) => ({ giftId: g.gift_id, giftName: g.gift_name, quantity: g.quantity, diamonds: g.diamonds })),
      };
    },
    { before: [freshness(pool, ['profiles', 'social-graph', 'gift-wall', 'collections'])] },
  );

  defineRoute(
    router,
    'GET /user/wall/{uid}',
    async ({ params, me, query }) => {
      const author = checkedUid(params.uid);
      const viewer = me?.uid ?? '';
      const canSeeSubscriberOnly = viewer === author || (await isSubscribed(pool, viewer, author));
      const { rows, total } = await wallPage(pool, {
        viewer,
        author,
        canSeeSubscriberOnly,
        subscriberOnly: query.subscriberOnly,
        q: query.q,
        limit: query.limit,
        offset: offset(query),
      });
      const items = await Promise.all(rows.map((r) => toWallPost(deps, r)));
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(pool, ['wall', 'profiles', 'social-graph'])] },
  );

  defineRoute(
    router,
    'GET /user/feed/for-you',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await feedPage(pool, {
        viewer: uid,
        following: query.following,
        q: query.q,
        limit: query.limit,
        offset: offset(query),
      });
      const items = await Promise.all(rows.map((r) => toWallPost(deps, r)));
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(pool, ['wall', 'social-graph'])] },
  );

  defineRoute(
    router,
    'GET /user/gallery/{uid}',
    async ({ params, me, query }) => {
      const owner = checkedUid(params.uid);
      const { rows, total } = await galleryPage(pool, { owner, viewer: me?.uid ?? '', limit: query.limit, offset: offset(query) });
      const items = await Promise.all(
        rows.map(async (r) => ({
          filename: r.file_name,
          format: r.format,
          url: (await mediaUrl(deps, r.file_name))!,
          thumbnailUrl: await mediaUrl(deps, r.thumbnail),
        })),
      );
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [freshness(pool, ['gallery', 'wall'])] },
  );

  const graphFresh = { before: [freshness(pool, ['social-graph', 'profiles'])] };
  const personList =
    (list: (p: { target: string; viewer: string; limit: number; offset: number }) => Promise<{ rows: PersonRow[]; total: number }>) =>
    async ({
      params,
      me,
      query,
    }: {
      params: { uid: string };
      me?: AuthContext;
      query: PageQuery;
    }): Promise<ApiResponse<'GET /user/followers/{uid}'>> => {
      const { rows, total } = await list({
        target: checkedUid(params.uid),
        viewer: me?.uid ?? '',
        limit: query.limit,
        offset: offset(query),
      });
      const items = await people(deps, rows);
      return { items, meta: pageMeta(query, total, items.length) };
    };
  defineRoute(
    router,
    'GET /user/followers/{uid}',
    personList((p) => followPage(pool, 'followers', p)),
    graphFresh,
  );
  defineRoute(
    router,
    'GET /user/following/{uid}',
    personList((p) => followPage(pool, 'following', p)),
    graphFresh,
  );
  defineRoute(
    router,
    'GET /user/subscribers/{uid}',
    personList((p) => subscriptionPage(pool, 'subscribers', p)),
    graphFresh,
  );
  defineRoute(
    router,
    'GET /user/subscriptions/{uid}',
    personList((p) => subscriptionPage(pool, 'subscriptions', p)),
    graphFresh,
  );

  defineRoute(
    router,
    'GET /cms/users',
    async ({ me, query }) => {
      // Below the minimum length (2; docs/decisions/social.md) nothing is searched.
      if ([...query.q].length < limits.userSearchMinLength) return { items: [], meta: pageMeta(query, 0, 0) };
      const { rows, total } = await usersByNamePrefix(pool, {
        prefix: lowerPrefixPattern(query.q),
        viewer: me.uid,
        limit: query.limit,
        offset: offset(query),
      });
      const items = await people(deps, rows);
      return { items, meta: pageMeta(query, total, items.length) };
    },
    graphFresh,
  );
}
