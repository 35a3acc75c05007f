// Progression reads: the caller's level and what earned it, missions, quests, rewards history,
// fragments, EXP for friends and the quest account (their own only); levels of users and lobbies
// (public, like profiles and lobby cards). Read models only, through their named queries.
import {
  expForFriends,
  expForLevel,
  expPercentage,
  expRules,
  fragments,
  LIFETIME,
  levelCurve,
  levelOf,
  missions,
  pageMeta,
  periodEnd,
  periodIdOf,
  quests,
  type ExpEntryDto,
  type FragmentDto,
  type FriendsDto,
  type LevelDto,
  type LobbyLevelDto,
  type MissionDto,
  type QuestAccountDto,
  type QuestDto,
  type RewardHistoryItemDto,
} from '@murmur/contracts';
import { dailyPeriod, defineRoute, lifetime, parse, readProgress, weeklyPeriod } from '@murmur/platform';
import {
  claimedRewardIds,
  claimPage,
  dailyExpBySource,
  expLogPage,
  expOf,
  fragmentCounts,
  friendTokenOf,
  invitedFriends,
  inviterOf,
  lobbyProgressOf,
  ownLobbyProgress,
  questAccountOf,
  questImports,
  topLobbyProgress,
  type LobbyProgressRow,
} from '@murmur/projections/queries/progression';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const Uid = z.string().regex(/^[\w:.-]{1,128}$/);

async function levelOfUser(deps: QueryDeps, uid: string): Promise<{ exp: number; level: number }> {
  const exp = await expOf(deps.pool, uid);
  return { exp, level: levelOf(exp) };
}

export function progressionQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = { before: [freshness(pool, ['progression'])] };
  const publicUrl = z.string().url().default('http://localhost:3000').parse(process.env.PUBLIC_URL).replace(/\/$/, '');

  defineRoute(
    router,
    'GET /progression/level',
    async ({ me: { uid } }) => {
      const { exp, level } = await levelOfUser(deps, uid);
      const today = new Date().toISOString().slice(0, 10);
      const daily = await dailyExpBySource(pool, uid, today);
      const of = (source: string) => daily.find((d) => d.source === source)?.exp ?? 0;
      const body: LevelDto = {
        uid,
        exp,
        level,
        expPercentage: expPercentage(exp),
        currentLevelExp: expForLevel(level),
        nextLevelExp: level >= levelCurve.maxLevel ? null : expForLevel(level + 1),
        today: {
          micExp: of('mic'),
          micCap: expRules.micDailyCap,
          chatExp: of('chat'),
          chatCap: expRules.chatDailyCap,
          signedIn: of('sign_in') > 0,
        },
      };
      return body;
    },
    fresh,
  );

  defineRoute(router, 'GET /progression/levels/{uid}', async ({ params }) => {
    const uid = parse(Uid, params.uid);
    const { exp, level } = await levelOfUser(deps, uid);
    return { uid, level, expPercentage: expPercentage(exp) };
  });

  defineRoute(
    router,
    'GET /progression/exp-history',
    async ({ me: { uid }, query: q }) => {
      const { rows, total } = await expLogPage(pool, { uid, limit: q.limit, offset: (q.page - 1) * q.limit });
      const items: ExpEntryDto[] = rows.map((r) => ({
        id: r.id,
        source: r.source,
        detail: r.detail,
        exp: r.exp,
        at: new Date(r.at).toISOString(),
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/missions',
    async ({ me: { uid } }) => {
      const now = new Date();
      const dayId = periodIdOf('daily', now);
      const weekId = periodIdOf('weekly', now);
      const [daily, weekly, claimed] = await Promise.all([
        readProgress(pool, uid, dailyPeriod(dayId), now),
        readProgress(pool, uid, weeklyPeriod(weekId), now),
        claimedRewardIds(pool, uid),
      ]);
      const items: MissionDto[] = missions.map((m) => {
        const periodId = m.period === 'daily' ? dayId : weekId;
        const progress = Math.min((m.period === 'daily' ? daily : weekly)[m.metric], m.target);
        const isClaimed = claimed.has(`mission:${m.id}:${periodId}`);
        return {
          id: m.id,
          period: m.period,
          periodId,
          resetsAt: periodEnd(m.period, now).toISOString(),
          title: m.title,
          metric: m.metric,
          progress,
          target: m.target,
          reward: m.reward,
          status: isClaimed ? 'claimed' : progress >= m.target ? 'claimable' : 'in_progress',
        };
      });
      return { items };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/quests',
    async ({ me: { uid } }) => {
      const [progress, claimed] = await Promise.all([readProgress(pool, uid, lifetime, new Date()), claimedRewardIds(pool, uid)]);
      const items: QuestDto[] = quests.map((q) => ({
        id: q.id,
        title: q.title,
        description: q.description,
        steps: q.steps.map((s, i) => {
          const value = Math.min(progress[s.metric], s.target);
          const previousClaimed = i === 0 || claimed.has(`quest:${q.steps[i - 1]!.id}:${LIFETIME}`);
          const status = claimed.has(`quest:${s.id}:${LIFETIME}`)
            ? 'claimed'
            : !previousClaimed
              ? 'locked'
              : value >= s.target
                ? 'claimable'
                : 'in_progress';
          return { id: s.id, title: s.title, progress: value, target: s.target, reward: s.reward, status };
        }),
      }));
      return { items };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/rewards-history',
    async ({ me: { uid }, query: q }) => {
      const { rows, total } = await claimPage(pool, { uid, limit: q.limit, offset: (q.page - 1) * q.limit });
      const items: RewardHistoryItemDto[] = rows.map((r) => ({
        claimId: r.claim_id,
        source: r.source,
        title: r.title,
        reward: r.reward,
        claimedAt: new Date(r.claimed_at).toISOString(),
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/fragments',
    async ({ me: { uid } }) => {
      const rows = await fragmentCounts(pool, uid);
      const items: FragmentDto[] = fragments.map((f) => ({
        kind: f.kind,
        name: f.name,
        count: rows.find((r) => r.kind === f.kind)?.count ?? 0,
        needed: f.needed,
        item: f.item,
      }));
      return { items };
    },
    fresh,
  );

  defineRoute(router, 'GET /progression/lobby-levels', async ({ query: { ids } }) => {
    const items: LobbyLevelDto[] = (await lobbyProgressOf(pool, ids)).map(lobbyLevel);
    return { items };
  });

  defineRoute(
    router,
    'GET /progression/lobby-levels/mine',
    async ({ me: { uid } }) => {
      const [mine, top] = await Promise.all([ownLobbyProgress(pool, uid), topLobbyProgress(pool)]);
      return { mine: mine.map(lobbyLevel), top: top.map(lobbyLevel) };
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/frens',
    async ({ me: { uid } }) => {
      const [token, friends, inviter] = await Promise.all([friendTokenOf(pool, uid), invitedFriends(pool, uid), inviterOf(pool, uid)]);
      const users = await lookupUsers(deps, [...friends.map((f) => f.uid), ...(inviter ? [inviter] : [])]);
      const code = token ?? '';
      const body: FriendsDto = {
        token: code,
        link: code ? `${publicUrl}/exp-frens-token?token=${encodeURIComponent(code)}` : '',
        level: expForFriends.level,
        bonusExp: expForFriends.bonusExp,
        joinedWith: inviter ? { uid: inviter, username: users.get(inviter)!.username } : null,
        friends: friends.map((f) => ({
          uid: f.uid,
          username: users.get(f.uid)!.username,
          level: levelOf(Number(f.exp ?? 0)),
          rewarded: f.rewarded,
          joinedAt: new Date(f.joined_at).toISOString(),
        })),
      };
      return body;
    },
    fresh,
  );

  defineRoute(
    router,
    'GET /progression/quest-account',
    async ({ me: { uid } }) => {
      const [linked, imports] = await Promise.all([questAccountOf(pool, uid), questImports(pool, uid)]);
      const platformUrl = process.env.QUEST_PLATFORM_URL?.replace(/\/$/, '');
      const back = `${publicUrl}/connect-quest-account`;
      const body: QuestAccountDto = {
        authStep: linked ? 'connected' : 'connect',
        connected: Boolean(linked),
        account: linked
          ? { platformUserId: linked.platform_user_id, handle: linked.handle, linkedAt: new Date(linked.linked_at).toISOString() }
          : null,
        exp: imports.reduce((sum, i) => sum + i.reward.exp, 0),
        imports: imports.map((i) => ({
          platformEventId: i.source_id,
          questTitle: i.title,
          exp: i.reward.exp,
          importedAt: new Date(i.claimed_at).toISOString(),
        })),
        authorizeUrl: platformUrl ? `${platformUrl}/authorize?redirect_uri=${encodeURIComponent(back)}` : `${back}?sandbox=1`,
      };
      return body;
    },
    fresh,
  );
}

function lobbyLevel(r: LobbyProgressRow): LobbyLevelDto {
  const exp = Number(r.exp);
  return {
    lobbyId: r.lobby_id,
    title: r.title,
    exp,
    level: levelOf(exp),
    expPercentage: expPercentage(exp),
    liveMinutes: Number(r.live_minutes),
    giftDiamonds: Number(r.gift_diamonds),
  };
}
