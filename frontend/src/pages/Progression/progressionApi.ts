// The progression calls (EXP, missions, quests, fragments, friends, quest account) for its pages.
import type { ClaimResultDto } from '@murmur/contracts/progression';
import { api } from '../../api/client.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';

export const useMyLevel = (enabled = true) => useQuery<'GET /progression/level'>(enabled ? '/progression/level' : null);
export const useUserLevel = (uid: string | null) =>
  useQuery<'GET /progression/levels/{uid}'>(uid ? `/progression/levels/${encodeURIComponent(uid)}` : null);
export const useExpHistory = (page: number) => useQuery<'GET /progression/exp-history'>(`/progression/exp-history?page=${page}&limit=10`);
export const useMissions = () => useQuery<'GET /progression/missions'>('/progression/missions');
export const useQuests = () => useQuery<'GET /progression/quests'>('/progression/quests');
export const useRewardsHistory = (page: number) =>
  useQuery<'GET /progression/rewards-history'>(`/progression/rewards-history?page=${page}&limit=10`);
export const useFragments = () => useQuery<'GET /progression/fragments'>('/progression/fragments');
export const useLobbyLevels = (ids: string[]) =>
  useQuery<'GET /progression/lobby-levels'>(
    ids.length > 0 ? `/progression/lobby-levels?ids=${ids.map(encodeURIComponent).join(',')}` : null,
  );
export const useMyLobbyLevels = () => useQuery<'GET /progression/lobby-levels/mine'>('/progression/lobby-levels/mine');
export const useFriends = () => useQuery<'GET /progression/frens'>('/progression/frens');
export const useQuestAccount = () => useQuery<'GET /progression/quest-account'>('/progression/quest-account');

/** Re-reads every progression query once the read model has the write at `position`. */
export async function refreshProgression(position?: string): Promise<void> {
  if (position)
    await api.get<'GET /progression/level'>('/progression/level', { minPosition: position, quiet: true }).catch(() => undefined);
  await refreshQueries('/progression/', '/wallet/', '/transaction/');
}

export async function claimMission(id: string, periodId: string): Promise<ClaimResultDto> {
  const result = await api.post<'POST /progression/missions/{missionId}/claim'>(`/progression/missions/${encodeURIComponent(id)}/claim`, {
    periodId,
  });
  await refreshProgression(result.position);
  return result;
}

export async function claimQuestStep(id: string): Promise<ClaimResultDto> {
  const result = await api.post<'POST /progression/quests/{stepId}/claim'>(`/progression/quests/${encodeURIComponent(id)}/claim`, {});
  await refreshProgression(result.position);
  return result;
}

export async function combineFragments(kind: string): Promise<void> {
  const result = await api.post<'POST /progression/fragments/combine'>('/progression/fragments/combine', { kind });
  await refreshProgression(result.position);
}

export async function ensureFriendToken(): Promise<void> {
  const result = await api.post<'POST /progression/frens/token'>('/progression/frens/token');
  await refreshProgression(result.position);
}

export async function joinWithToken(token: string): Promise<void> {
  const result = await api.post<'POST /progression/frens/join'>('/progression/frens/join', { token }, { quiet: true });
  await refreshProgression(result.position);
}

export async function linkQuestAccount(proof: string): Promise<void> {
  const result = await api.post<'POST /progression/quest-account/link'>('/progression/quest-account/link', { proof }, { quiet: true });
  await refreshProgression(result.position);
}

export async function sandboxProof(): Promise<string> {
  return (await api.post<'POST /progression/quest-account/sandbox-authorize'>('/progression/quest-account/sandbox-authorize')).proof;
}

export async function unlinkQuestAccount(): Promise<void> {
  const result = await api.post<'POST /progression/quest-account/unlink'>('/progression/quest-account/unlink');
  await refreshProgression(result.position);
}
