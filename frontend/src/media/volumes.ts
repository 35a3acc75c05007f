// Per-user playback volume (0-100, default 100: docs/decisions/media.md) and mutes, the auth state's
// `volumes` and `mutes`, and the account's default volume. Kept in this browser and on the account
// (settings/audioSync.ts); applied to remote tracks by the media adapter.
import { DEFAULT_VOLUME } from '@murmur/contracts/media';
import { createStore, readLocal, writeLocal } from '../state/store.ts';

const KEY = 'murmur.volumes';

interface VolumeState {
  volumes: Record<string, number>;
  mutes: string[];
  /** The volume of everyone without their own (the account's default, 100 unless changed). */
  defaultVolume?: number;
}

function load(): VolumeState {
  try {
    const raw = JSON.parse(readLocal(KEY) ?? '{}') as Partial<VolumeState>;
    const volumes = Object.fromEntries(Object.entries(raw.volumes ?? {}).filter(([, v]) => typeof v === 'number' && v >= 0 && v <= 100));
    const defaultVolume =
      typeof raw.defaultVolume === 'number' && raw.defaultVolume >= 0 && raw.defaultVolume <= 100 ? raw.defaultVolume : DEFAULT_VOLUME;
    return { volumes, mutes: Array.isArray(raw.mutes) ? raw.mutes.filter((u) => typeof u === 'string') : [], defaultVolume };
  } catch {
    return { volumes: {}, mutes: [] };
  }
}

export const useVolumes = createStore<VolumeState>()(() => load());
useVolumes.subscribe((s) => writeLocal(KEY, JSON.stringify(s)));

export const volumeOf = (uid: string, s: VolumeState = useVolumes.getState()): number =>
  s.volumes[uid] ?? s.defaultVolume ?? DEFAULT_VOLUME;
export const mutedByMe = (uid: string, s: VolumeState = useVolumes.getState()): boolean => s.mutes.includes(uid);

export function setVolume(uid: string, volume: number): void {
  const v = Math.max(0, Math.min(100, Math.round(volume)));
  useVolumes.setState((s) => ({ volumes: { ...s.volumes, [uid]: v } }));
}

export function setMutedByMe(uid: string, muted: boolean): void {
  useVolumes.setState((s) => ({ mutes: muted ? [...new Set([...s.mutes, uid])] : s.mutes.filter((u) => u !== uid) }));
}

export function setDefaultVolume(volume: number): void {
  useVolumes.setState({ defaultVolume: Math.max(0, Math.min(100, Math.round(volume))) });
}

/** Replaces the local preferences with the account's (after sign-in, or a change on another device). */
export function hydrateVolumes(from: { volumes: Record<string, number>; mutes: string[]; defaultVolume: number }): void {
  useVolumes.setState({ volumes: from.volumes, mutes: from.mutes, defaultVolume: from.defaultVolume });
}
