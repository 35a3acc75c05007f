// The user's progression stream `progression-{uid}`: claimed rewards, fragments held, levels
// announced, the friend who invited them and the linked quest account. Every rule of progression
// that must hold once (a claim per period, a combine, a friend bonus) is decided here.
import type { FragmentKind, ProgressionEvent } from '@murmur/contracts';

export interface ProgressionState {
  claims: ReadonlySet<string>;
  fragments: Readonly<Record<FragmentKind, number>>;
  combines: Readonly<Record<FragmentKind, number>>;
  announcedLevel: number;
  inviterUid: string | null;
  friendBonusGranted: boolean;
  questAccount: { platformUserId: string; handle: string } | null;
}

export const initialProgressionState = (): ProgressionState => ({
  claims: new Set(),
  fragments: { star: 0, heart: 0, gift: 0 },
  combines: { star: 0, heart: 0, gift: 0 },
  announcedLevel: 1,
  inviterUid: null,
  friendBonusGranted: false,
  questAccount: null,
});

export function evolveProgression(state: ProgressionState, event: ProgressionEvent): ProgressionState {
  switch (event.type) {
    case 'RewardClaimed': {
      const fragments = { ...state.fragments };
      for (const f of event.data.reward.fragments) fragments[f.kind] += f.count;
      return { ...state, claims: new Set(state.claims).add(event.data.claimId), fragments };
    }
    case 'FragmentsCombined': {
      const { kind, used } = event.data;
      return {
        ...state,
        fragments: { ...state.fragments, [kind]: state.fragments[kind] - used },
        combines: { ...state.combines, [kind]: state.combines[kind] + 1 },
      };
    }
    case 'LevelReached':
      return { ...state, announcedLevel: Math.max(state.announcedLevel, event.data.level) };
    case 'FriendTokenUsed':
      return { ...state, inviterUid: event.data.inviterUid };
    case 'FriendBonusGranted':
      return { ...state, friendBonusGranted: true };
    case 'QuestAccountLinked':
      return { ...state, questAccount: { platformUserId: event.data.platformUserId, handle: event.data.handle } };
    case 'QuestAccountUnlinked':
      return { ...state, questAccount: null };
    case 'FriendTokenIssued':
    case 'QuestExpImported':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
