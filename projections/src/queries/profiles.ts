// Named reads of the profiles projector's table (rm.profiles): other workspaces ask these, never SQL.
import type { Address, Gender } from '@murmur/contracts';
import type { AppearanceColumns } from './collections.ts';
import { appearanceSql } from './collections.ts';
import type { Runner } from './runner.ts';
import type { PersonRow } from './social-graph.ts';

export interface ProfileRow {
  uid: string;
  username: string | null;
  email: string | null;
  roles: string[];
  bio: string | null;
  pinned_message: string | null;
  birthday: Date | null;
  gender: Gender | null;
  address: Address | null;
  profile_pic: string | null;
  profile_banner: string | null;
  username_changes: Date[];
  updated_at: Date;
}

/** The own profile: every column null when nothing is projected yet. */
export type OwnProfileRow = { [K in keyof ProfileRow]: ProfileRow[K] | null } & {
  followers: number;
  following: number;
  /** Name changes in the current UTC month. */
  changes: number;
};

export async function ownProfile(runner: Runner, uid: string): Promise<OwnProfileRow | undefined> {
  const { rows } = await runner.query<OwnProfileRow>(
    `select p.*, coalesce(c.followers, 0) as followers, coalesce(c.following, 0) as following,
              (select count(*)::int from unnest(p.username_changes) t where date_trunc('month', t at time zone 'UTC') = date_trunc('month', now() at time zone 'UTC')) as changes
         from (select $1::text as uid) me left join rm.profiles p using (uid) left join rm.follow_counts c on c.uid = me.uid`,
    [uid],
  );
  return rows[0];
}

/** A profile as `viewer` sees it: counters, the viewer's relation to it, subscription, appearance. */
export type ProfileViewRow = ProfileRow &
  AppearanceColumns & {
    followers: number;
    following: number;
    is_following: boolean;
    is_follower: boolean;
    is_blocked: boolean;
    has_paid: boolean;
    subscribers: number;
    subscribed: number;
    subscription_price: number | null;
    subscribed_until: Date | null;
  };

export async function profileView(runner: Runner, target: string, viewer: string): Promise<ProfileViewRow | undefined> {
  const { rows } = await runner.query<ProfileViewRow>(
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
  );
  return rows[0];
}

/** Users whose name starts with `prefix` (a `lowerPrefixPattern`), by name; the total counts at most 1,000. */
export async function usersByNamePrefix(
  runner: Runner,
  p: { prefix: string; viewer: string; limit: number; offset: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<PersonRow>(
      `select p.uid, p.username, p.profile_pic,
                exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = p.uid) as is_following, p.uid = $2 as is_self
           from rm.profiles p where lower(p.username) like $1 order by lower(p.username), p.uid limit ${p.limit} offset ${p.offset}`,
      [p.prefix, p.viewer],
    ),
    runner.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from rm.profiles p where lower(p.username) like $1 limit 1000) m`,
      [p.prefix],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The country of a user's address, as they entered it (null when none). */
export async function profileCountry(runner: Runner, uid: string): Promise<string | null> {
  const { rows } = await runner.query<{ country: string | null }>(`select address->>'country' as country from rm.profiles where uid = $1`, [
    uid,
  ]);
  return rows[0]?.country ?? null;
}
