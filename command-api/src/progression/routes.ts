// Progression commands: claim a mission or quest step, combine fragments, the EXP-for-friends
// token, and the linked quest-platform account (link, unlink, signed EXP webhook).
import { randomBytes } from 'node:crypto';
import {
  eventOf,
  findFragment,
  findMission,
  findQuestStep,
  LIFETIME,
  periodIdOf,
  progressionTexts,
  streamIds,
  type ProgressMetric,
  type Reward,
  type RewardSource,
} from '@murmur/contracts';
import {
  ApiError,
  type RouteInput,
  dailyPeriod,
  demoSettings,
  lifetime,
  readProgress,
  weeklyPeriod,
  type ProgressPeriod,
  defineRoute,
} from '@murmur/platform';
import { claimStream } from '@murmur/eventstore';
import express from 'express';
import { friendTokenIssuer, levelOf, questAccountOwner } from '@murmur/projections/queries/progression';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
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

/** The claim routes (`ClaimBody`): one's own claim only. */
type ClaimRoute = 'POST /progression/missions/{missionId}/claim' | 'POST /progression/quests/{stepId}/claim';
function ownClaim({ me: { uid }, body }: RouteInput<ClaimRoute>): { uid: string; periodId?: string } {
  if (body.uid !== undefined && body.uid !== uid) throw new ApiError('FORBIDDEN', progressionTexts.notYourMission);
  return { uid, periodId: body.periodId };
}

export const progressionModule: CommandModule = {
  name: 'progression',
  raw(router, deps) {
    // Signed with the shared secret over the raw body; replays outside the window are refused and
    // one platform event id imports once (the append's idempotency key).
    const rawBody = { before: [express.raw({ type: () => true, limit: '64kb' })] };
    defineRoute(
      router,
      'POST /progression/quest-platform/webhook',
      async ({ req }) => {
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
        return { received: true, duplicate: result.duplicate, position: result.position.toString() };
      },
      rawBody,
    );
  },
  routes(router, deps) {
    defineRoute(router, 'POST /progression/missions/{missionId}/claim', async (input) => {
      const { uid, periodId } = ownClaim(input);
      const { params } = input;
      const mission = findMission(String(params.missionId));
      if (!mission) throw new ApiError('NOT_FOUND', progressionTexts.missionNotFound);
      const current = periodIdOf(mission.period, deps.clock.now());
      const period = periodId ?? current;
      return await claim(deps, uid, {
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
      });
    });

    defineRoute(router, 'POST /progression/quests/{stepId}/claim', async (input) => {
      const { uid } = ownClaim(input);
      const { params } = input;
      const found = findQuestStep(String(params.stepId));
      if (!found) throw new ApiError('NOT_FOUND', progressionTexts.questNotFound);
      const { quest, step, index } = found;
      const before = index > 0 ? claimIdOf('quest', quest.steps[index - 1]!.id, LIFETIME) : null;
      return await claim(deps, uid, {
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
      });
    });

    defineRoute(router, 'POST /progression/fragments/combine', async ({ me: { uid }, body: { kind } }) => {
      const fragment = findFragment(kind)!;
      const result = await runProgression(deps, uid, { type: 'CombineFragments', uid, fragment, now: deps.clock.now() });
      const combined = result.events.find((e) => e.type === 'FragmentsCombined');
      return {
        position: result.position.toString(),
        item: combined?.type === 'FragmentsCombined' ? combined.data : null,
      };
    });

    // The personal token: issued once, as the first event of the owner's `frens-owner-{uid}` stream
    // (no_stream: two first visits at once issue one token). Tokens never change, so a join may
    // look them up in the read model.
    defineRoute(router, 'POST /progression/frens/token', async ({ me: { uid } }) => {
      const streamId = streamIds.frensOwner(uid);
      const read = async () => {
        const first = (await deps.store.readStream(streamId, { fromVersion: 1n, limit: 1 })).events[0];
        const issued = first && eventOf(first, ['FriendTokenIssued']);
        return issued && first ? { token: issued.data.token, position: first.globalPosition } : undefined;
      };
      const existing = await read();
      if (existing) return { token: existing.token, position: existing.position.toString() };
      const token = randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').toUpperCase();
      const claim = await claimStream(deps.store, streamId, [
        { type: 'FriendTokenIssued', data: { uid, token, issuedAt: deps.clock.now().toISOString() }, metadata: { actorUid: uid } },
      ]);
      if (claim.claimed) return { token, position: claim.result.lastPosition.toString() };
      const again = await read();
      return { token: again!.token, position: again!.position.toString() };
    });

    defineRoute(router, 'POST /progression/frens/join', async ({ me: { uid }, body: { token } }) => {
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
      return { position: result.position.toString(), inviterUid };
    });

    defineRoute(router, 'POST /progression/quest-account/link', async ({ me: { uid }, body: { proof } }) => {
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
      return { position: result.position.toString(), account };
    });

    defineRoute(router, 'POST /progression/quest-account/unlink', async ({ me: { uid } }) => {
      const result = await runProgression(deps, uid, { type: 'UnlinkQuestAccount', uid, now: deps.clock.now() });
      return { position: result.position.toString() };
    });

    // The demo's stand-in for the platform's authorize page: signs a proof for the caller. Only in
    // the demo (MURMUR_DEMO=on) with no platform configured: anywhere else it would link any account.
    defineRoute(router, 'POST /progression/quest-account/sandbox-authorize', async ({ me: { uid } }) => {
      const port = questPlatformPort(deps);
      if (port.mode !== 'sandbox' || !demoSettings().demo) throw new ApiError('NOT_FOUND', 'Not found.');
      const handle = `quester_${uid.slice(-6)}`;
      return {
        proof: signLinkProof(port.secret, {
          platformUserId: `sandbox-${handle}`,
          handle,
          uid,
          issuedAt: Math.floor(deps.clock.now().getTime() / 1000),
        }),
      };
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
