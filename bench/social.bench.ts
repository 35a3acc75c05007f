// The for-you feed and follower lists at 100,000 users, ~1,000,000 follows and 200,000 posts,
// timed over real HTTP against query-api beside a raw `select 1` HTTP baseline (/healthz) in the
// same run. The data set is written straight into the read tables with generate_series.
// Target: p99 <= 25 ms for each query.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { signAccessToken } from '@murmur/contracts';
import { closeServer, listen } from '@murmur/platform';
import { registerSession } from '../command-api/src/identity/sessions.ts';
import { createSocialGraphIndexes } from '../projections/src/projectors/social-graph.ts';
import { createWallIndexes } from '../projections/src/projectors/wall.ts';
import { buildQueryApi } from '../query-api/src/server.ts';
import { benchDatabase, drive, percentile, report } from './support.ts';
import { benchSize } from './size.ts';

const USERS = benchSize({ full: 100_000, tiny: 300, env: 'BENCH_SOCIAL_USERS' });
const POSTS = USERS * 2;
const REQUESTS = benchSize({ full: 2000, tiny: 100, env: 'BENCH_SOCIAL_REQUESTS' });
const WORKERS = Number(process.env.BENCH_SOCIAL_WORKERS ?? 2);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

async function load(pool: import('pg').Pool): Promise<{ follows: number; seconds: number }> {
  const started = performance.now();
  await pool.query(`drop index if exists rm.follows_by_followee, rm.follows_by_follower, rm.wall_posts_by_author, rm.wall_posts_recent`);
  await pool.query(
    `insert into rm.profiles (uid, username, roles) select 'u' || i, 'user_' || i, '{co}' from generate_series(0, $1 - 1) i`,
    [USERS],
  );
  // Each user follows 10 others: one of 100 popular users (about 1,000 followers each) and 9 spread out.
  await pool.query(
    `insert into rm.follows (follower_uid, followee_uid, created_at)
     select 'u' || f, 'u' || case when k = 0 then (case when f < 100 then (f + 1) % 100 else f % 100 end) else (f + k * 1009) % $1 end,
            now() - (f * 10 + k) * interval '1 second'
       from generate_series(0, $1 - 1) f, generate_series(0, 9) k
     on conflict do nothing`,
    [USERS],
  );
  await pool.query(`insert into rm.follow_counts (uid, followers, following)
    select uid, sum(fr)::int, sum(fg)::int from (
      select followee_uid as uid, 1 as fr, 0 as fg from rm.follows union all select follower_uid, 0, 1 from rm.follows) x group by uid`);
  await pool.query(
    `insert into rm.wall_posts (post_id, author_uid, content, created_at, seq, like_count)
     select 'p' || i, 'u' || (i % $1), 'post number ' || i, now() - ($2 - i) * interval '1 second', i, i % 7 from generate_series(1, $2) i`,
    [USERS, POSTS],
  );
  await pool.query(`insert into rm.wall_counts (uid, posts, public_posts) select author_uid, count(*), count(*) from rm.wall_posts group by author_uid
                    union all select '*', count(*), count(*) from rm.wall_posts`);
  await createSocialGraphIndexes(pool, 'rm');
  await createWallIndexes(pool, 'rm');
  await pool.query('vacuum analyze rm.follows, rm.follow_counts, rm.wall_posts, rm.wall_counts, rm.profiles');
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from rm.follows');
  return { follows: rows[0]!.n, seconds: (performance.now() - started) / 1000 };
}

export default async function socialBench(): Promise<void> {
  const db = await benchDatabase('social', 30);
  const api = buildQueryApi({ DATABASE_URL: db.url, JWT_SECRET: SECRET }, { pool: db.pool });
  try {
    const loaded = await load(db.pool);
    console.log(`loaded ${USERS} users, ${loaded.follows} follows, ${POSTS} posts in ${loaded.seconds.toFixed(1)} s`);
    const port = await listen(api.server, 0);
    const base = `http://127.0.0.1:${port}`;
    const tokens: string[] = [];
    for (let i = 0; i < 200; i++) {
      const uid = `u${(i * 4999) % USERS}`;
      const sid = randomUUID();
      await registerSession(db.pool, uid, sid);
      tokens.push(await signAccessToken(SECRET, { sub: uid, sid, roles: ['co'], anon: false, onb: true }, 3600));
    }
    const call = async (path: string, token?: string) => {
      const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const token = (i: number) => tokens[i % tokens.length]!;
    const cases: Array<[string, (i: number) => Promise<void>]> = [
      ['for-you feed (50 posts)', (i) => call('/api/v1/user/feed/for-you', token(i))],
      ['for-you feed, first 10 posts', (i) => call('/api/v1/user/feed/for-you?limit=10', token(i))],
      ['for-you feed, following=true', (i) => call('/api/v1/user/feed/for-you?following=true', token(i))],
      [
        'followers of a popular user (~1,000), random page of 10',
        (i) => call(`/api/v1/user/followers/u${i % 100}?page=${1 + (i % 20)}`, token(i)),
      ],
      ['followers of any user, first page', (i) => call(`/api/v1/user/followers/u${(i * 7919) % USERS}`, token(i))],
      ['following of any user, first page', (i) => call(`/api/v1/user/following/u${(i * 7919) % USERS}`, token(i))],
    ];
    await drive(200, WORKERS, () => call('/healthz'));
    for (const [, task] of cases) await drive(100, WORKERS, task);
    const baseline = await drive(REQUESTS, WORKERS, () => call('/healthz'));
    const baseP99 = percentile(baseline.latencies, 99);
    report({
      bench: 'social',
      case: 'baseline: HTTP GET /healthz (select 1), p99',
      value: baseP99,
      unit: 'ms',
      extra: { p50: percentile(baseline.latencies, 50), 'req/s': baseline.perSecond },
    });
    // The database's share: the feed's plan and time for one viewer, without HTTP.
    const plan = await db.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, format text) select p.post_id, exists (select 1 from rm.post_likes l where l.post_id = p.post_id and l.uid = $1)
         from rm.wall_posts p left join rm.profiles a on a.uid = p.author_uid
        where not p.deleted and not p.subscriber_only and not exists (select 1 from rm.blocks b where b.blocker_uid = $1 and b.blocked_uid = p.author_uid)
          and p.author_uid in (select f.followee_uid from rm.follows f where f.follower_uid = $1)
        order by p.seq desc limit 50`,
      ['u4999'],
    );
    console.log(
      plan.rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Execution Time|Index|Limit/.test(l))
        .join('\n'),
    );
    for (const [name, task] of cases) {
      const run = await drive(REQUESTS, WORKERS, task);
      report({
        bench: 'social',
        case: `${name}, p99`,
        value: percentile(run.latencies, 99),
        unit: 'ms',
        baseline: baseP99,
        target: '<= 25 ms',
        extra: { p50: percentile(run.latencies, 50), 'req/s': run.perSecond, workers: WORKERS },
      });
    }
  } finally {
    await closeServer(api.server as http.Server).catch(() => undefined);
    await db.drop();
  }
}
