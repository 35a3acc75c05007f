// The progression calls (EXP, missions, quests, fragments, friends, quest account) for its pages.
import type { FragmentKind } from '@murmur/contracts/progression';
import type { ClaimResultDto } from '@murmur/contracts/progression';
import { api } from '../../api/api.generated.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

export const useMyLevel = (enabled = true) => useQuery(enabled ? api.progression.level.path() : null);
export const useUserLevel = (uid: string | null) => useQuery(uid ? api.progression.userLevel.path({ uid }) : null);
export const useExpHistory = (page: number) => useQuery(api.progression.expHistory.path({ page, limit: 10 }));
export const useMissions = () => useQuery(api.progression.missions.path());
export const useQuests = () => useQuery(api.progression.quests.path());
export const useRewardsHistory = (page: number) => useQuery(api.progression.rewardsHistory.path({ page, limit: 10 }));
export const useFragments = () => useQuery(api.progression.fragments.path());
export const useLobbyLevels = (ids: string[]) => useQuery(ids.length > 0 ? api.progression.lobbyLevels.path({ ids: ids.join(',') }) : null);
export const useMyLobbyLevels = () => useQuery(api.progression.ownLobbyLevels.path());
export const useFriends = () => useQuery(api.progression.friends.path());
export const useQuestAccount = () => useQuery(api.progression.questAccount.path());

/** Re-reads every progression query once the read model has the write at `position`. */
export async function refreshProgression(position?: string): Promise<void> {
  if (position) await api.progression.level({ minPosition: position, quiet: true }).catch(() => undefined);
  await refreshQueries('/progression/', '/wallet/', '/transaction/');
}

export async function claimMission(id: string, periodId: string): Promise<ClaimResultDto> {
  const result = await api.progression.claimMission(
    { missionId: id },
    {
      periodId,
    },
  );
  await refreshProgression(result.position);
  return result;
}

export async function claimQuestStep(id: string): Promise<ClaimResultDto> {
  const result = await api.progression.claimQuest({ stepId: id }, {});
  await refreshProgression(result.position);
  return result;
}

export async function combineFragments(kind: FragmentKind): Promise<void> {
  const result = await api.progression.combineFragments({ kind });
  await refreshProgression(result.position);
}

export async function ensureFriendToken(): Promise<void> {
  const result = await api.progression.friendToken();
  await refreshProgression(result.position);
}

export async function joinWithToken(token: string): Promise<void> {
  const result = await api.progression.joinFriend({ token }, { quiet: true });
  await refreshProgression(result.position);
}

export async function linkQuestAccount(proof: string): Promise<void> {
  const result = await api.progression.linkQuestAccount({ proof }, { quiet: true });
  await refreshProgression(result.position);
}

export async function sandboxProof(): Promise<string> {
  return (await api.progression.sandboxAuthorize()).proof;
}

export async function unlinkQuestAccount(): Promise<void> {
  const result = await api.progression.unlinkQuestAccount();
  await refreshProgression(result.position);
}
