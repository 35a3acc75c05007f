// Progression reads: the caller's level and what earned it, missions, quests, rewards history,
// fragments, EXP for friends and the quest account (their own only); levels of users and lobbies
// (public, like profiles and lobby cards).
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
  PageQuery,
  pageMeta,
  periodEnd,
  periodIdOf,
  quests,
  ExpHistoryPage,
  FragmentList,
  FriendsDto,
  LevelDto,
  LobbyLevelList,
  MissionList,
  OwnLobbyLevels,
  QuestAccountDto,
  QuestList,
  RewardHistoryPage,
  UserLevelDto,
  type ExpEntryDto,
  type FragmentDto,
  type LobbyLevelDto,
  type MissionDto,
  type QuestDto,
  type Reward,
  type RewardHistoryItemDto,
  LobbyLevelsQuery,
} from '@murmur/contracts';
import { currentUser, dailyPeriod, lifetime, parse, readProgress, requireAuth, send, weeklyPeriod } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const Uid = z.string().regex(/^[\w:.-]{1,128}$/);
function missingTable(error: unknown): boolean {
  return (error as { code?: string }).code === '42P01';
}

/** Rows of a query, or none before the projection has created its tables. */
async function rowsOf<T extends Record<string, unknown>>(deps: QueryDeps, sql: string, params: unknown[]): Promise<T[]> {
  try {
    return (await deps.pool.query<T>(sql, params)).rows;
  } catch (error) {
    if (missingTable(error)) return [];
    throw error;
  }
}

async function levelOfUser(deps: QueryDeps, uid: string): Promise<{ exp: number; level: number }> {
  const [row] = await rowsOf<{ exp: string }>(deps, 'select exp::text from rm.progression_users where uid = $1', [uid]);
  const exp = Number(row?.exp ?? 0);
  return { exp, level: levelOf(exp) };
}

async function claimedIds(deps: QueryDeps, uid: string): Promise<Set<string>> {
  const rows = await rowsOf<{ claim_id: string }>(deps, 'select claim_id from rm.progression_claims where uid = $1', [uid]);
  return new Set(rows.map((r) => r.claim_id));
}

export function progressionQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const fresh = freshness(deps.pool, ['progression']);
  const publicUrl = z.string().url().default('http://localhost:3000').parse(process.env.PUBLIC_URL).replace(/\/$/, '');

  router.get('/progression/level', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const { exp, level } = await levelOfUser(deps, uid);
    const today = new Date().toISOString().slice(0, 10);
    const daily = await rowsOf<{ source: string; exp: number }>(
      deps,
      'select source, exp from rm.progression_exp_daily where uid = $1 and day = $2',
      [uid, today],
    );
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
    send(res, LevelDto, body);
  });

  router.get('/progression/levels/:uid', async (req, res) => {
    const uid = parse(Uid, req.params.uid);
    const { exp, level } = await levelOfUser(deps, uid);
    send(res, UserLevelDto, { uid, level, expPercentage: expPercentage(exp) });
  });

  router.get('/progression/exp-history', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(PageQuery, req.query);
    const [rows, count] = await Promise.all([
      rowsOf<{ id: string; source: string; detail: string; exp: number; at: Date }>(
        deps,
        'select id, source, detail, exp, at from rm.progression_exp_log where uid = $1 order by position desc, id limit $2 offset $3',
        [uid, q.limit, (q.page - 1) * q.limit],
      ),
      rowsOf<{ n: number }>(deps, 'select count(*)::int as n from rm.progression_exp_log where uid = $1', [uid]),
    ]);
    const items: ExpEntryDto[] = rows.map((r) => ({
      id: r.id,
      source: r.source,
      detail: r.detail,
      exp: r.exp,
      at: new Date(r.at).toISOString(),
    }));
    send(res, ExpHistoryPage, { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) });
  });

  router.get('/progression/missions', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const now = new Date();
    const dayId = periodIdOf('daily', now);
    const weekId = periodIdOf('weekly', now);
    const [daily, weekly, claimed] = await Promise.all([
      readProgress(deps.pool, uid, dailyPeriod(dayId), now),
      readProgress(deps.pool, uid, weeklyPeriod(weekId), now),
      claimedIds(deps, uid),
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
    send(res, MissionList, { items });
  });

  router.get('/progression/quests', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const [progress, claimed] = await Promise.all([readProgress(deps.pool, uid, lifetime, new Date()), claimedIds(deps, uid)]);
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
    send(res, QuestList, { items });
  });

  router.get('/progression/rewards-history', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(PageQuery, req.query);
    const [rows, count] = await Promise.all([
      rowsOf<{ claim_id: string; source: RewardHistoryItemDto['source']; title: string; reward: Reward; claimed_at: Date }>(
        deps,
        'select claim_id, source, title, reward, claimed_at from rm.progression_claims where uid = $1 order by position desc, claim_id limit $2 offset $3',
        [uid, q.limit, (q.page - 1) * q.limit],
      ),
      rowsOf<{ n: number }>(deps, 'select count(*)::int as n from rm.progression_claims where uid = $1', [uid]),
    ]);
    const items: RewardHistoryItemDto[] = rows.map((r) => ({
      claimId: r.claim_id,
      source: r.source,
      title: r.title,
      reward: r.reward,
      claimedAt: new Date(r.claimed_at).toISOString(),
    }));
    send(res, RewardHistoryPage, { items, meta: pageMeta(q, count[0]?.n ?? 0, items.length) });
  });

  router.get('/progression/fragments', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const rows = await rowsOf<{ kind: string; count: number }>(deps, 'select kind, count from rm.progression_fragments where uid = $1', [
      uid,
    ]);
    const items: FragmentDto[] = fragments.map((f) => ({
      kind: f.kind,
      name: f.name,
      count: rows.find((r) => r.kind === f.kind)?.count ?? 0,
      needed: f.needed,
      item: f.item,
    }));
    send(res, FragmentList, { items });
  });

  router.get('/progression/lobby-levels', async (req, res) => {
    const { ids } = parse(LobbyLevelsQuery, req.query);
    const rows = await rowsOf<{ lobby_id: string; title: string; exp: string; live_minutes: string; gift_diamonds: string }>(
      deps,
      'select lobby_id, title, exp::text, live_minutes::text, gift_diamonds::text from rm.lobby_progress where lobby_id = any($1::text[])',
      [ids],
    );
    const items: LobbyLevelDto[] = rows.map(lobbyLevel);
    send(res, LobbyLevelList, { items });
  });

  router.get('/progression/lobby-levels/mine', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const [mine, top] = await Promise.all([
      rowsOf<{ lobby_id: string; title: string; exp: string; live_minutes: string; gift_diamonds: string }>(
        deps,
        'select lobby_id, title, exp::text, live_minutes::text, gift_diamonds::text from rm.lobby_progress where owner_uid = $1 order by exp desc, lobby_id limit 20',
        [uid],
      ),
      rowsOf<{ lobby_id: string; title: string; exp: string; live_minutes: string; gift_diamonds: string }>(
        deps,
        'select lobby_id, title, exp::text, live_minutes::text, gift_diamonds::text from rm.lobby_progress order by exp desc, lobby_id limit 10',
        [],
      ),
    ]);
    send(res, OwnLobbyLevels, { mine: mine.map(lobbyLevel), top: top.map(lobbyLevel) });
  });

  router.get('/progression/frens', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const [token, friends, joinedWith] = await Promise.all([
      rowsOf<{ token: string }>(deps, 'select token from rm.progression_friend_tokens where uid = $1', [uid]),
      rowsOf<{ uid: string; joined_at: Date; rewarded: boolean; exp: string | null }>(
        deps,
        `select f.uid, f.joined_at, f.rewarded, u.exp::text as exp from rm.progression_friends f left join rm.progression_users u on u.uid = f.uid
          where f.inviter_uid = $1 order by f.joined_at desc limit 100`,
        [uid],
      ),
      rowsOf<{ inviter_uid: string }>(deps, 'select inviter_uid from rm.progression_friends where uid = $1', [uid]),
    ]);
    const users = await lookupUsers(deps, [...friends.map((f) => f.uid), ...joinedWith.map((j) => j.inviter_uid)]);
    const code = token[0]?.token ?? '';
    const body: FriendsDto = {
      token: code,
      link: code ? `${publicUrl}/exp-frens-token?token=${encodeURIComponent(code)}` : '',
      level: expForFriends.level,
      bonusExp: expForFriends.bonusExp,
      joinedWith: joinedWith[0] ? { uid: joinedWith[0].inviter_uid, username: users.get(joinedWith[0].inviter_uid)!.username } : null,
      friends: friends.map((f) => ({
        uid: f.uid,
        username: users.get(f.uid)!.username,
        level: levelOf(Number(f.exp ?? 0)),
        rewarded: f.rewarded,
        joinedAt: new Date(f.joined_at).toISOString(),
      })),
    };
    send(res, FriendsDto, body);
  });

  router.get('/progression/quest-account', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const [account, imports] = await Promise.all([
      rowsOf<{ platform_user_id: string; handle: string; linked_at: Date }>(
        deps,
        'select platform_user_id, handle, linked_at from rm.progression_quest_accounts where uid = $1',
        [uid],
      ),
      rowsOf<{ source_id: string; title: string; reward: Reward; claimed_at: Date }>(
        deps,
        `select source_id, title, reward, claimed_at from rm.progression_claims where uid = $1 and source = 'quest_platform' order by position desc limit 50`,
        [uid],
      ),
    ]);
    const linked = account[0];
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
    send(res, QuestAccountDto, body);
  });
}

function lobbyLevel(r: { lobby_id: string; title: string; exp: string; live_minutes: string; gift_diamonds: string }): LobbyLevelDto {
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
