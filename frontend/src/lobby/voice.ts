// Voice through Agora: the SDK is imported lazily (only on lobby and room pages, keeping the first
// route small). Joins with the server's token; reports who speaks; any failure (no provider, no
// network) leaves the page working with "voice unavailable".
import { createStore } from '../state/store.ts';
import { browserEnvironmentProblem, voiceProblemOf, type VoiceProblem } from './voiceProblems.ts';

export type VoiceState = 'idle' | 'connecting' | 'connected' | 'unavailable';

/** `problem` says why voice is unavailable (or why the microphone failed while connected). */
export const useVoice = createStore<{ state: VoiceState; speaking: string[]; audioBlocked: boolean; micOn: boolean; problem: VoiceProblem | null }>()(() => ({
  state: 'idle',
  speaking: [],
  audioBlocked: false,
  micOn: false,
  problem: null,
}));

const JOIN_TIMEOUT_MS = 8000;

interface AgoraClient {
  join(appId: string, channel: string, token: string, uid: string): Promise<unknown>;
  leave(): Promise<void>;
  publish(tracks: unknown[]): Promise<void>;
  unpublish(tracks?: unknown[]): Promise<void>;
  subscribe(user: unknown, kind: 'audio'): Promise<{ play(): void } | undefined>;
  on(event: string, handler: (...args: never[]) => void): void;
  enableAudioVolumeIndicator(): void;
  renewToken(token: string): Promise<void>;
}

interface Session {
  client: AgoraClient;
  micTrack: { setEnabled(on: boolean): Promise<void>; close(): void } | null;
  createMic: () => Promise<{ setEnabled(on: boolean): Promise<void>; close(): void }>;
}

let session: Session | null = null;
let joining: Promise<void> | null = null;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('voice join timed out')), ms))]);
}

/** Joins the channel; resolves when connected or when voice turned out unavailable. */
export function joinVoice(appId: string | null | undefined, channel: string, token: string | null | undefined, uid: string): Promise<void> {
  const before = browserEnvironmentProblem() ?? (!appId || !token ? 'not-configured' : null);
  if (before || !appId || !token) {
    useVoice.setState({ state: 'unavailable', problem: before });
    return Promise.resolve();
  }
  if (joining) return joining;
  useVoice.setState({ state: 'connecting', problem: null });
  joining = (async () => {
    try {
      const { default: AgoraRTC } = await import('agora-rtc-sdk-ng');
      AgoraRTC.setLogLevel(4);
      AgoraRTC.onAutoplayFailed = () => useVoice.setState({ audioBlocked: true });
      const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' }) as unknown as AgoraClient & { setClientRole(role: 'host' | 'audience'): Promise<void> };
      client.on('user-published', (async (user: { audioTrack?: { play(): void } }, kind: 'audio') => {
        if (kind !== 'audio') return;
        await client.subscribe(user, 'audio');
        user.audioTrack?.play();
      }) as never);
      client.enableAudioVolumeIndicator();
      client.on('volume-indicator', ((volumes: Array<{ uid: string | number; level: number }>) => {
        useVoice.setState({ speaking: volumes.filter((v) => v.level > 5).map((v) => String(v.uid)) });
      }) as never);
      await withTimeout(client.join(appId, channel, token, uid), JOIN_TIMEOUT_MS);
      session = { client, micTrack: null, createMic: () => AgoraRTC.createMicrophoneAudioTrack() as never };
      useVoice.setState({ state: 'connected' });
    } catch (error) {
      session = null;
      useVoice.setState({ state: 'unavailable', problem: voiceProblemOf(error) });
    } finally {
      joining = null;
    }
  })();
  return joining;
}

/** Seated members publish their microphone; others only listen. */
export async function setMicrophone(on: boolean): Promise<void> {
  useVoice.setState((s) => ({ micOn: on, problem: s.state === 'connected' ? null : s.problem }));
  if (!session) return;
  const client = session.client as AgoraClient & { setClientRole(role: 'host' | 'audience'): Promise<void> };
  try {
    if (on) {
      await client.setClientRole('host');
      session.micTrack ??= await session.createMic();
      await session.micTrack.setEnabled(true);
      await client.publish([session.micTrack]);
    } else if (session.micTrack) {
      await client.unpublish([session.micTrack]);
      await session.micTrack.setEnabled(false);
    }
  } catch (error) {
    // No microphone or permission denied: the member stays listed as muted, and is told why.
    useVoice.setState({ micOn: false, problem: voiceProblemOf(error) });
  }
}

export function resumeAudio(): void {
  useVoice.setState({ audioBlocked: false });
}

export async function leaveVoice(): Promise<void> {
  const s = session;
  session = null;
  useVoice.setState({ state: 'idle', speaking: [], micOn: false, audioBlocked: false, problem: null });
  if (!s) return;
  s.micTrack?.close();
  await s.client.leave().catch(() => undefined);
}
