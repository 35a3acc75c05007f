// Progression commands: claim a mission or quest step, combine fragments, the EXP-for-friends
// token, and the linked quest-platform account (link, unlink, signed EXP webhook).
import { randomBytes } from 'node:crypto';
import {
  ClaimBody,
  ClaimResultDto,
  CombineFragmentsBody,
  CommandAnswer,
  eventOf,
  findFragment,
  FragmentsCombinedAnswer,
  FriendJoinedAnswer,
  FriendTokenAnswer,
  QuestAccountLinkedAnswer,
  QuestWebhookReceived,
  SandboxLinkProof,
  findMission,
  findQuestStep,
  JoinWithTokenBody,
  LIFETIME,
  LinkQuestAccountBody,
  periodIdOf,
  progressionTexts,
  streamIds,
  type ProgressMetric,
  type Reward,
  type RewardSource,
} from '@murmur/contracts';
import {
  ApiError,
  currentUser,
  dailyPeriod,
  demoSettings,
  lifetime,
  parse,
  readProgress,
  requireAuth,
  send,
  weeklyPeriod,
  type ProgressPeriod,
} from '@murmur/platform';
import { claimStream } from '@murmur/eventstore';
import express from 'express';
import { friendTokenIssuer, levelOf, questAccountOwner } from '@murmur/projections/queries/progression';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../modules.ts';
import { claimIdOf } from './decide.ts';
import { startLevelAnnouncer } from './level-announcer.ts';
import { questPlatformPort, signLinkProof, verifyLinkProof, verifyWebhook } from './quest-platform.ts';
import { mintRewardDiamonds, startRewardReactor } from './reward-reactor.ts';
import { runProgression } from './run-progression.ts';

async function claim(
  deps: CommandDeps,
  uid: string,
  claimed: {
    source: RewardSource;
    sourceId: string;
    title: string;
    periodId: string;
    currentPeriodId: string;
    period: ProgressPeriod;
    metric: ProgressMetric;
    target: number;
    requiresClaim: string | null;
    reward: Reward;
  },
) {
  // Progress only grows within a period, so a read model behind the log can only refuse a claim
  // that would pass, never allow one that should not.
  const { period, metric, ...rest } = claimed;
  const progress = (await readProgress(deps.pool, uid, period, deps.clock.now()))[metric];
  const claimId = claimIdOf(claimed.source, claimed.sourceId, claimed.periodId);
  // The claim's own id is its idempotency key: a retried claim answers with the first one.
  const result = await runProgression(
    deps,
    uid,
    { type: 'ClaimReward', uid, ...rest, progress, now: deps.clock.now() },
    `claim:${claimId}`,
  );
  let position = result.position;
  if (claimed.reward.diamonds > 0) {
    const minted = await mintRewardDiamonds(deps, { uid, claimId, diamonds: claimed.reward.diamonds });
    if (minted > position) position = minted;
  }
  return { claimId, reward: claimed.reward, position: position.toString(), duplicate: result.duplicate };
}

function ownClaim(req: express.Request): { uid: string; periodId?: string } {
  const { uid } = currentUser(req);
  const body = parse(ClaimBody, req.body ?? {});
  if (body.uid !== undefined && body.uid !== uid) throw new ApiError('FORBIDDEN', progressionTexts.notYourMission);
  return { uid, periodId: body.periodId };
}

export const progressionModule: CommandModule = {
  name: 'progression',
  raw(router, deps) {
    // Signed with the shared secret over the raw body; replays outside the window are refused and
    // one platform event id imports once (the append's idempotency key).
    router.post('/progression/quest-platform/webhook', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
      const port = questPlatformPort(deps);
      const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const event = verifyWebhook(port.secret, raw, req.header('x-quest-timestamp'), req.header('x-quest-signature'), deps.clock.now());
      const uid = await questAccountOwner(deps.pool, event.platformUserId);
      if (!uid) throw new ApiError('NOT_FOUND', progressionTexts.notLinked);
      const result = await runProgression(
        deps,
        uid,
        {
          type: 'ImportQuestExp',
          uid,
          platformUserId: event.platformUserId,
          platformEventId: event.eventId,
          questTitle: event.questTitle,
          exp: event.exp,
          now: deps.clock.now(),
        },
        `quest-platform:${event.eventId}`,
      );
      send(res, QuestWebhookReceived, { received: true, duplicate: result.duplicate, position: result.position.toString() });
    });
  },
  routes(router, deps) {
    router.post('/progression/missions/:missionId/claim', requireAuth(), async (req, res) => {
      const { uid, periodId } = ownClaim(req);
      const mission = findMission(String(req.params.missionId));
      if (!mission) throw new ApiError('NOT_FOUND', progressionTexts.missionNotFound);
      const current = periodIdOf(mission.period, deps.clock.now());
      const period = periodId ?? current;
      send(
        res,
        ClaimResultDto,
        await claim(deps, uid, {
          source: 'mission',
          sourceId: mission.id,
          title: mission.title,
          periodId: period,
          currentPeriodId: current,
          period: mission.period === 'daily' ? dailyPeriod(period) : weeklyPeriod(period),
          metric: mission.metric,
          target: mission.target,
          requiresClaim: null,
          reward: mission.reward,
        }),
      );
    });

    router.post('/progression/quests/:stepId/claim', requireAuth(), async (req, res) => {
      const { uid } = ownClaim(req);
      const found = findQuestStep(String(req.params.stepId));
      if (!found) throw new ApiError('NOT_FOUND', progressionTexts.questNotFound);
      const { quest, step, index } = found;
      const before = index > 0 ? claimIdOf('quest', quest.steps[index - 1]!.id, LIFETIME) : null;
      send(
        res,
        ClaimResultDto,
        await claim(deps, uid, {
          source: 'quest',
          sourceId: step.id,
          title: `${quest.title}: ${step.title}`,
          periodId: LIFETIME,
          currentPeriodId: LIFETIME,
          period: lifetime,
          metric: step.metric,
          target: step.target,
          requiresClaim: before,
          reward: step.reward,
        }),
      );
    });

    router.post('/progression/fragments/combine', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { kind } = parse(CombineFragmentsBody, req.body);
      const fragment = findFragment(kind)!;
      const result = await runProgression(deps, uid, { type: 'CombineFragments', uid, fragment, now: deps.clock.now() });
      const combined = result.events.find((e) => e.type === 'FragmentsCombined');
      send(res, FragmentsCombinedAnswer, {
        position: result.position.toString(),
        item: combined?.type === 'FragmentsCombined' ? combined.data : null,
      });
    });

    // The personal token: issued once, as the first event of the owner's `frens-owner-{uid}` stream
    // (no_stream: two first visits at once issue one token). Tokens never change, so a join may
    // look them up in the read model.
    router.post('/progression/frens/token', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const streamId = streamIds.frensOwner(uid);
      const read = async () => {
        const first = (await deps.store.readStream(streamId, { fromVersion: 1n, limit: 1 })).events[0];
        const issued = first && eventOf(first, ['FriendTokenIssued']);
        return issued && first ? { token: issued.data.token, position: first.globalPosition } : undefined;
      };
      const existing = await read();
      if (existing) return send(res, FriendTokenAnswer, { token: existing.token, position: existing.position.toString() });
      const token = randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').toUpperCase();
      const claim = await claimStream(deps.store, streamId, [
        { type: 'FriendTokenIssued', data: { uid, token, issuedAt: deps.clock.now().toISOString() }, metadata: { actorUid: uid } },
      ]);
      if (claim.claimed) return send(res, FriendTokenAnswer, { token, position: claim.result.lastPosition.toString() });
      const again = await read();
      send(res, FriendTokenAnswer, { token: again!.token, position: again!.position.toString() });
    });

    router.post('/progression/frens/join', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { token } = parse(JoinWithTokenBody, req.body);
      const inviterUid = await friendTokenIssuer(deps.pool, token.toUpperCase());
      if (!inviterUid) throw new ApiError('NOT_FOUND', progressionTexts.tokenNotFound);
      const currentLevel = (await levelOf(deps.pool, uid)) ?? 1;
      const result = await runProgression(deps, uid, {
        type: 'UseFriendToken',
        uid,
        inviterUid,
        token: token.toUpperCase(),
        currentLevel,
        now: deps.clock.now(),
      });
      send(res, FriendJoinedAnswer, { position: result.position.toString(), inviterUid });
    });

    router.post('/progression/quest-account/link', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { proof } = parse(LinkQuestAccountBody, req.body);
      const port = questPlatformPort(deps);
      const named = verifyLinkProof(port.secret, proof, uid, deps.clock.now());
      const account = await port.lookupAccount(named.platformUserId);
      if (!account) throw new ApiError('RULE_VIOLATED', progressionTexts.badProof);
      const linkedTo = await questAccountOwner(deps.pool, account.platformUserId);
      if (linkedTo !== null && linkedTo !== uid) throw new ApiError('CONFLICT', progressionTexts.accountTaken);
      const result = await runProgression(deps, uid, {
        type: 'LinkQuestAccount',
        uid,
        platformUserId: account.platformUserId,
        handle: account.handle,
        now: deps.clock.now(),
      });
      send(res, QuestAccountLinkedAnswer, { position: result.position.toString(), account });
    });

    router.post('/progression/quest-account/unlink', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const result = await runProgression(deps, uid, { type: 'UnlinkQuestAccount', uid, now: deps.clock.now() });
      send(res, CommandAnswer, { position: result.position.toString() });
    });

    // The demo's stand-in for the platform's authorize page: signs a proof for the caller. Only in
    // the demo (MURMUR_DEMO=on) with no platform configured: anywhere else it would link any account.
    router.post('/progression/quest-account/sandbox-authorize', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const port = questPlatformPort(deps);
      if (port.mode !== 'sandbox' || !demoSettings().demo) throw new ApiError('NOT_FOUND', 'Not found.');
      const handle = `quester_${uid.slice(-6)}`;
      send(res, SandboxLinkProof, {
        proof: signLinkProof(port.secret, {
          platformUserId: `sandbox-${handle}`,
          handle,
          uid,
          issuedAt: Math.floor(deps.clock.now().getTime() / 1000),
        }),
      });
    });
  },
  start(deps) {
    const reactor = startRewardReactor(deps);
    const announcer = startLevelAnnouncer(deps);
    return {
      async stop() {
        await Promise.all([reactor.stop(), announcer.stop()]);
      },
    };
  },
};
