// The progression decider: claims (once per mission and period, quest steps in order), fragment
// combines, level announcements with the friend bonus, friend tokens and the quest account.
import {
  expForFriends,
  formatText,
  progressionTexts,
  type FragmentDefinition,
  type ProgressionEvent,
  type Reward,
  type RewardSource,
  progressionEventSchemas,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveProgression, initialProgressionState, type ProgressionState } from './progression.ts';

export type ProgressionCommand =
  | {
      type: 'ClaimReward';
      uid: string;
      source: RewardSource;
      sourceId: string;
      title: string;
      /** The period the claim is for, and the one `now` is in: they must be the same. */
      periodId: string;
      currentPeriodId: string;
      /** Projected progress of the period (only grows within it) against the target. */
      progress: number;
      target: number;
      /** A quest step after the first needs the step before it claimed. */
      requiresClaim: string | null;
      reward: Reward;
      now: Date;
    }
  | { type: 'CombineFragments'; uid: string; fragment: FragmentDefinition; now: Date }
  | { type: 'AnnounceLevel'; uid: string; level: number; exp: number; now: Date }
  | { type: 'UseFriendToken'; uid: string; inviterUid: string; token: string; currentLevel: number; now: Date }
  | { type: 'LinkQuestAccount'; uid: string; platformUserId: string; handle: string; now: Date }
  | { type: 'UnlinkQuestAccount'; uid: string; now: Date }
  | { type: 'ImportQuestExp'; uid: string; platformUserId: string; platformEventId: string; questTitle: string; exp: number; now: Date };

export const claimIdOf = (source: RewardSource, sourceId: string, periodId: string): string => `${source}:${sourceId}:${periodId}`;

const DAY_MS = 86_400_000;

function decide(command: ProgressionCommand, state: ProgressionState): ProgressionEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ClaimReward': {
      const claimId = claimIdOf(command.source, command.sourceId, command.periodId);
      if (command.periodId !== command.currentPeriodId) throw new ApiError('RULE_VIOLATED', progressionTexts.wrongPeriod);
      if (state.claims.has(claimId)) throw new ApiError('CONFLICT', progressionTexts.alreadyClaimed);
      if (command.requiresClaim !== null && !state.claims.has(command.requiresClaim))
        throw new ApiError('RULE_VIOLATED', progressionTexts.questStepLocked);
      if (command.progress < command.target) throw new ApiError('RULE_VIOLATED', progressionTexts.notComplete);
      return [
        {
          type: 'RewardClaimed',
          data: {
            uid: command.uid,
            claimId,
            source: command.source,
            sourceId: command.sourceId,
            periodId: command.periodId,
            title: command.title,
            reward: command.reward,
            claimedAt: at,
          },
        },
      ];
    }
    case 'CombineFragments': {
      const { kind, needed, item } = command.fragment;
      if (state.fragments[kind] < needed)
        throw new ApiError('RULE_VIOLATED', formatText(progressionTexts.notEnoughFragments, { n: needed }));
      const expiresAt = item.days === null ? null : new Date(command.now.getTime() + item.days * DAY_MS).toISOString();
      return [
        {
          type: 'FragmentsCombined',
          data: {
            uid: command.uid,
            combineId: `${command.uid}:${kind}:${state.combines[kind] + 1}`,
            kind,
            used: needed,
            item: { skuId: item.skuId, skuKind: item.skuKind, name: item.name },
            combinedAt: at,
            expiresAt,
          },
        },
      ];
    }
    case 'AnnounceLevel': {
      if (command.level <= state.announcedLevel) return [];
      const events: ProgressionEvent[] = [
        { type: 'LevelReached', data: { uid: command.uid, level: command.level, exp: command.exp, reachedAt: at } },
      ];
      if (state.inviterUid && !state.friendBonusGranted && command.level >= expForFriends.level) {
        events.push({
          type: 'FriendBonusGranted',
          data: { uid: command.uid, inviterUid: state.inviterUid, exp: expForFriends.bonusExp, level: command.level, grantedAt: at },
        });
      }
      return events;
    }
    case 'UseFriendToken': {
      if (command.inviterUid === command.uid) throw new ApiError('RULE_VIOLATED', progressionTexts.ownToken);
      if (state.inviterUid !== null) throw new ApiError('CONFLICT', progressionTexts.alreadyJoined);
      if (command.currentLevel >= expForFriends.level || state.announcedLevel >= expForFriends.level) {
        throw new ApiError('RULE_VIOLATED', formatText(progressionTexts.tooLate, { n: expForFriends.level }));
      }
      return [{ type: 'FriendTokenUsed', data: { uid: command.uid, inviterUid: command.inviterUid, token: command.token, joinedAt: at } }];
    }
    case 'LinkQuestAccount': {
      if (state.questAccount?.platformUserId === command.platformUserId) return [];
      const events: ProgressionEvent[] = [];
      if (state.questAccount)
        events.push({
          type: 'QuestAccountUnlinked',
          data: { uid: command.uid, platformUserId: state.questAccount.platformUserId, unlinkedAt: at },
        });
      events.push({
        type: 'QuestAccountLinked',
        data: { uid: command.uid, platformUserId: command.platformUserId, handle: command.handle, linkedAt: at },
      });
      return events;
    }
    case 'UnlinkQuestAccount': {
      if (!state.questAccount) throw new ApiError('RULE_VIOLATED', progressionTexts.notLinked);
      return [
        { type: 'QuestAccountUnlinked', data: { uid: command.uid, platformUserId: state.questAccount.platformUserId, unlinkedAt: at } },
      ];
    }
    case 'ImportQuestExp': {
      // EXP of a platform account that is no longer (or never was) this user's is not theirs.
      if (state.questAccount?.platformUserId !== command.platformUserId) throw new ApiError('NOT_FOUND', progressionTexts.notLinked);
      return [
        {
          type: 'QuestExpImported',
          data: {
            uid: command.uid,
            platformUserId: state.questAccount.platformUserId,
            platformEventId: command.platformEventId,
            questTitle: command.questTitle,
            exp: command.exp,
            importedAt: at,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const progressionDecider: Decider<ProgressionState, ProgressionCommand, ProgressionEvent> = {
  evolvesOn: progressionEventSchemas,
  initialState: initialProgressionState,
  evolve: evolveProgression,
  decide,
};
