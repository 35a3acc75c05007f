// The media provider port of the web app: one voice/video session at a time (a lobby or a room),
// through the adapter the server chose in the join answer: Agora, or the built-in WebRTC mesh that
// signals through the realtime gateway. Adapters are imported lazily, so no media code reaches the
// first route. Any failure leaves the page working with "Voice is unavailable".
import type { LiveSource, MediaSession } from '@murmur/contracts/media';
import { browserEnvironmentProblem, voiceProblemOf, type VoiceProblem } from '../lobby/voiceProblems.ts';
import { createStore } from '../state/store.ts';
import { useVolumes } from './volumes.ts';

export type VoiceState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'unavailable';

/** What the page may show of a failed live stream or screen share (docs/decisions/media.md). */
export interface LiveFailure {
  title: string;
  message: string | null;
}

export interface RemoteVideo {
  stream: MediaStream;
  /** Camera or screen when the publisher said so (Agora does not: null). */
  source: LiveSource | null;
  /** Frames are being sent (a WebRTC host keeps an idle video sender between streams). */
  live: boolean;
}

export interface MediaStoreState {
  state: VoiceState;
  /** Why voice is unavailable, or why the microphone failed while connected (VoiceStatus says it). */
  problem: VoiceProblem | null;
  provider: MediaSession['provider'] | null;
  /** uids heard speaking now (self included). */
  speaking: string[];
  /** The browser refused to play sound without a gesture: the audio-resume notice. */
  audioBlocked: boolean;
  micOn: boolean;
  /** This user's live stream: its source and a stream for the preview. */
  live: { source: LiveSource; stream: MediaStream } | null;
  liveError: LiveFailure | null;
  /** Video streams received, by publisher. */
  remoteVideos: Record<string, RemoteVideo>;
}

const initial: MediaStoreState = {
  state: 'idle',
  problem: null,
  provider: null,
  speaking: [],
  audioBlocked: false,
  micOn: false,
  live: null,
  liveError: null,
  remoteVideos: {},
};

export const useMedia = createStore<MediaStoreState>()(() => initial);

/** What a user may send here: audio on a seat (everyone in a room), video as the lobby's main host. */
export interface MediaRights {
  audio: boolean;
  video: boolean;
}

/** One adapter per session. Everything is idempotent: pages call these from effects. */
export interface MediaAdapter {
  setRights(rights: MediaRights): Promise<void>;
  setMicrophone(on: boolean): Promise<void>;
  startLive(source: LiveSource): Promise<void>;
  stopLive(): Promise<void>;
  /** Users the lobby says are muted: never played, whatever their client sends. */
  setMutedPeers(uids: string[]): void;
  /** Re-applies per-user volumes and mutes (settings) to the remote tracks. */
  applyVolumes(): void;
  /** Plays again what the browser blocked, from a user gesture. */
  resumeAudio(): void;
  leave(): Promise<void>;
}

export interface AdapterContext {
  self: string;
  set(patch: Partial<MediaStoreState> | ((s: MediaStoreState) => Partial<MediaStoreState>)): void;
  get(): MediaStoreState;
  /** A fresh session from the server (Agora tokens expire and change with the seat). */
  refresh(): Promise<MediaSession | null>;
}

let adapter: MediaAdapter | null = null;
let sessionKey: string | null = null;
let generation = 0;
/** What the page asked for before the adapter was ready: applied once it is. */
let wanted: { rights: MediaRights; mic: boolean; muted: string[] } = { rights: { audio: false, video: false }, mic: false, muted: [] };

const context = (self: string, refresh: AdapterContext['refresh']): AdapterContext => ({
  self,
  set: (patch) => useMedia.setState(patch),
  get: () => useMedia.getState(),
  refresh,
});

/** Joins the session a join answer gave; a second call for the same session is a no-op. */
export async function joinMedia(
  session: MediaSession | null | undefined,
  self: string,
  refresh: AdapterContext['refresh'] = async () => null,
): Promise<void> {
  const before = browserEnvironmentProblem() ?? (!session ? 'not-configured' : null);
  if (before || !session || !self) {
    useMedia.setState({ state: 'unavailable', provider: null, problem: before ?? 'unknown' });
    return;
  }
  const key = `${session.provider}:${session.channel}:${self}`;
  if (key === sessionKey) return;
  await teardown();
  sessionKey = key;
  const mine = ++generation;
  useMedia.setState({ ...initial, state: 'connecting', provider: session.provider });
  try {
    const ctx = context(self, refresh);
    const created =
      session.provider === 'webrtc'
        ? (await import('./webrtc.ts')).createWebRtcMedia(session, ctx)
        : await (await import('./agora.ts')).createAgoraMedia(session, ctx);
    if (mine !== generation) {
      await created.leave();
      return;
    }
    adapter = created;
    created.setMutedPeers(wanted.muted);
    await created.setRights(wanted.rights);
    await created.setMicrophone(wanted.mic);
  } catch (error) {
    if (mine === generation) useMedia.setState({ state: 'unavailable', problem: voiceProblemOf(error) });
  }
}

async function teardown(): Promise<void> {
  generation++;
  sessionKey = null;
  const a = adapter;
  adapter = null;
  useMedia.setState(initial);
  await a?.leave().catch(() => undefined);
}

/** Leaves the session and forgets what the page asked for (the page is going away). */
export async function leaveMedia(): Promise<void> {
  wanted = { rights: { audio: false, video: false }, mic: false, muted: [] };
  await teardown();
}

export async function setMediaRights(rights: MediaRights): Promise<void> {
  wanted = { ...wanted, rights };
  await adapter?.setRights(rights);
}

/** Seated members publish their microphone when on; off stops sending at once. */
export async function setMicrophone(on: boolean): Promise<void> {
  wanted = { ...wanted, mic: on };
  useMedia.setState((s) => ({ problem: s.state === 'connected' ? null : s.problem, ...(adapter ? {} : { micOn: on }) }));
  await adapter?.setMicrophone(on);
}

export function setMutedPeers(uids: string[]): void {
  wanted = { ...wanted, muted: uids };
  adapter?.setMutedPeers(uids);
}

export async function startLive(source: LiveSource): Promise<void> {
  useMedia.setState({ liveError: null });
  if (!adapter) {
    useMedia.setState({ liveError: { title: source === 'screen' ? 'Screen Sharing Failed' : 'Live Streaming Failed', message: null } });
    return;
  }
  await adapter.startLive(source);
}

export async function stopLive(): Promise<void> {
  await adapter?.stopLive();
}

export function resumeAudio(): void {
  useMedia.setState({ audioBlocked: false });
  adapter?.resumeAudio();
}

export function clearLiveError(): void {
  useMedia.setState({ liveError: null });
}

// Settings changes reach the remote tracks at once.
useVolumes.subscribe(() => adapter?.applyVolumes());
