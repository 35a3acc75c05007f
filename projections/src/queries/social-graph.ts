// Named reads of the social-graph projector's tables (rm.follows, rm.follow_counts, rm.blocks,
// rm.creator_subscriptions, rm.creator_plans): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

/** A user in a list of people, with whether the viewer follows them and whether it is the viewer. */
export interface PersonRow {
  uid: string;
  username: string | null;
  profile_pic: string | null;
  is_following: boolean;
  is_self: boolean;
}

interface PersonPage {
  target: string;
  viewer: string;
  limit: number;
  offset: number;
}

/** True while `subscriber` holds an unexpired subscription to `creator`. */
export async function isSubscribed(runner: Runner, subscriber: string, creator: string): Promise<boolean> {
  const { rows } = await runner.query<{ s: boolean }>(
    `select exists (select 1 from rm.creator_subscriptions s where s.subscriber_uid = $1 and s.creator_uid = $2 and (s.expires_at is null or s.expires_at > now())) as s`,
    [subscriber, creator],
  );
  return rows[0]?.s === true;
}

/** A page of a user's followers (or of whom they follow), newest first, and the counter's total. */
export async function followPage(
  runner: Runner,
  kind: 'followers' | 'following',
  p: PersonPage,
): Promise<{ rows: PersonRow[]; total: number }> {
  const [listed, filterCol] = kind === 'followers' ? ['follower_uid', 'followee_uid'] : ['followee_uid', 'follower_uid'];
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<PersonRow>(
      `select f.${listed} as uid, p.username, p.profile_pic,
                  exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = f.${listed}) as is_following,
                  f.${listed} = $2 as is_self
             from rm.follows f left join rm.profiles p on p.uid = f.${listed}
            where f.${filterCol} = $1 order by f.created_at desc, f.${listed} limit ${p.limit} offset ${p.offset}`,
      [p.target, p.viewer],
    ),
    runner.query<{ n: number }>(`select coalesce((select ${kind} from rm.follow_counts where uid = $1), 0)::int as n`, [p.target]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A page of a creator's live subscribers (or of the creators a user subscribes to), newest first. */
export async function subscriptionPage(
  runner: Runner,
  kind: 'subscribers' | 'subscriptions',
  p: PersonPage,
): Promise<{ rows: PersonRow[]; total: number }> {
  const [listed, filterCol] = kind === 'subscribers' ? ['subscriber_uid', 'creator_uid'] : ['creator_uid', 'subscriber_uid'];
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<PersonRow>(
      `select s.${listed} as uid, p.username, p.profile_pic,
                  exists (select 1 from rm.follows g where g.follower_uid = $2 and g.followee_uid = s.${listed}) as is_following,
                  s.${listed} = $2 as is_self
             from rm.creator_subscriptions s left join rm.profiles p on p.uid = s.${listed}
            where s.${filterCol} = $1 and (s.expires_at is null or s.expires_at > now()) order by s.created_at desc, s.${listed} limit ${p.limit} offset ${p.offset}`,
      [p.target, p.viewer],
    ),
    runner.query<{ n: number }>(
      `select count(*)::int as n from rm.creator_subscriptions s where s.${filterCol} = $1 and (s.expires_at is null or s.expires_at > now())`,
      [p.target],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
