// The progression calls (EXP, missions, quests, fragments, friends, quest account) for its pages.
import type {
  ClaimResultDto, ExpEntryDto, FragmentDto, FriendsDto, LevelDto, LobbyLevelDto, MissionDto, QuestAccountDto, QuestDto, RewardHistoryItemDto,
} from '@murmur/contracts/progression';
import type { PageMeta } from '@murmur/contracts/paging';
import { api } from '../../api/client.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

export const useMyLevel = (enabled = true) => useQuery<LevelDto>(enabled ? '/progression/level' : null);
export const useUserLevel = (uid: string | null) => useQuery<{ uid: string; level: number; expPercentage: number }>(uid ? `/progression/levels/${encodeURIComponent(uid)}` : null);
export const useExpHistory = (page: number) => useQuery<Paged<ExpEntryDto>>(`/progression/exp-history?page=${page}&limit=10`);
export const useMissions = () => useQuery<{ items: MissionDto[] }>('/progression/missions');
export const useQuests = () => useQuery<{ items: QuestDto[] }>('/progression/quests');
export const useRewardsHistory = (page: number) => useQuery<Paged<RewardHistoryItemDto>>(`/progression/rewards-history?page=${page}&limit=10`);
export const useFragments = () => useQuery<{ items: FragmentDto[] }>('/progression/fragments');
export const useLobbyLevels = (ids: string[]) => useQuery<{ items: LobbyLevelDto[] }>(ids.length > 0 ? `/progression/lobby-levels?ids=${ids.map(encodeURIComponent).join(',')}` : null);
export const useMyLobbyLevels = () => useQuery<{ mine: LobbyLevelDto[]; top: LobbyLevelDto[] }>('/progression/lobby-levels/mine');
export const useFriends = () => useQuery<FriendsDto>('/progression/frens');
export const useQuestAccount = () => useQuery<QuestAccountDto>('/progression/quest-account');

/** Re-reads every progression query once the read model has the write at `position`. */
export async function refreshProgression(position?: string): Promise<void> {
  if (position) await api.get('/progression/level', { minPosition: position, quiet: true }).catch(() => undefined);
  await refreshQueries('/progression/', '/wallet/', '/transaction/');
}

export async function claimMission(id: string, periodId: string): Promise<ClaimResultDto> {
  const result = await api.post<ClaimResultDto>(`/progression/missions/${encodeURIComponent(id)}/claim`, { periodId });
  await refreshProgression(result.position);
  return result;
}

export async function claimQuestStep(id: string): Promise<ClaimResultDto> {
  const result = await api.post<ClaimResultDto>(`/progression/quests/${encodeURIComponent(id)}/claim`, {});
  await refreshProgression(result.position);
  return result;
}

export async function combineFragments(kind: string): Promise<void> {
  const result = await api.post<{ position: string }>('/progression/fragments/combine', { kind });
  await refreshProgression(result.position);
}

export async function ensureFriendToken(): Promise<void> {
  const result = await api.post<{ position: string }>('/progression/frens/token');
  await refreshProgression(result.position);
}

export async function joinWithToken(token: string): Promise<void> {
  const result = await api.post<{ position: string }>('/progression/frens/join', { token }, { quiet: true });
  await refreshProgression(result.position);
}

export async function linkQuestAccount(proof: string): Promise<void> {
  const result = await api.post<{ position: string }>('/progression/quest-account/link', { proof }, { quiet: true });
  await refreshProgression(result.position);
}

export async function sandboxProof(): Promise<string> {
  return (await api.post<{ proof: string }>('/progression/quest-account/sandbox-authorize')).proof;
}

export async function unlinkQuestAccount(): Promise<void> {
  const result = await api.post<{ position: string }>('/progression/quest-account/unlink');
  await refreshProgression(result.position);
}
