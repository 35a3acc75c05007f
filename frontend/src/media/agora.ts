// The Agora adapter (agora-rtc-sdk-ng, loaded only here): joins the channel with the server's
// AccessToken2, publishes the microphone on a seat and the host's camera or screen (captured by
// capture.ts with the spec's profiles, published as a custom track), plays remote audio at each
// user's volume and shows remote video. The SDK reconnects by itself after a network drop; tokens
// are renewed before they expire and when the seat (publisher role) changes.
import type { IAgoraRTCClient, IAgoraRTCRemoteUser, ILocalVideoTrack, IMicrophoneAudioTrack } from 'agora-rtc-sdk-ng';
import { videoProfiles, type LiveSource, type MediaSession } from '@murmur/contracts/media';
import { voiceProblemOf } from '../lobby/voiceProblems.ts';
import { CaptureFailed, captureCamera, captureScreen } from './capture.ts';
import type { AdapterContext, MediaAdapter, MediaRights } from './port.ts';
import { mutedByMe, volumeOf } from './volumes.ts';

type AgoraSession = Extract<MediaSession, { provider: 'agora' }>;

const JOIN_TIMEOUT_MS = 8000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('voice join timed out')), ms))]);
}

export async function createAgoraMedia(session: AgoraSession, ctx: AdapterContext): Promise<MediaAdapter> {
  const { default: AgoraRTC } = await import('agora-rtc-sdk-ng');
  AgoraRTC.setLogLevel(4);
  AgoraRTC.onAutoplayFailed = () => ctx.set({ audioBlocked: true });
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
  const media = new AgoraMedia(
    client,
    ctx,
    () => AgoraRTC.createMicrophoneAudioTrack(),
    (track, bitrateMax) => AgoraRTC.createCustomVideoTrack({ mediaStreamTrack: track, bitrateMax }),
  );
  client.on('user-published', (user: IAgoraRTCRemoteUser, kind: 'audio' | 'video' | 'datachannel') => void media.onPublished(user, kind));
  client.on('user-unpublished', (user: IAgoraRTCRemoteUser, kind: 'audio' | 'video' | 'datachannel') => media.onUnpublished(user, kind));
  client.on('user-left', (user: IAgoraRTCRemoteUser) => media.onUnpublished(user, 'video'));
  client.on('connection-state-change', (state: string) => {
    if (state === 'RECONNECTING') ctx.set({ state: 'reconnecting' });
    else if (state === 'CONNECTED') ctx.set({ state: 'connected' });
  });
  client.on('token-privilege-will-expire', () => void media.renew());
  client.enableAudioVolumeIndicator();
  client.on('volume-indicator', (volumes: Array<{ uid: string | number; level: number }>) => {
    ctx.set({ speaking: volumes.filter((v) => v.level > 5 && !media.isMuted(String(v.uid))).map((v) => String(v.uid)) });
  });
  await withTimeout(client.join(session.appId, session.channel, session.token, ctx.self), JOIN_TIMEOUT_MS);
  ctx.set({ state: 'connected' });
  return media;
}

class AgoraMedia implements MediaAdapter {
  private rights: MediaRights = { audio: false, video: false };
  private mic: IMicrophoneAudioTrack | null = null;
  private micOn = false;
  private video: { track: ILocalVideoTrack; source: LiveSource } | null = null;
  private mutedPeers = new Set<string>();
  private readonly remote = new Map<string, IAgoraRTCRemoteUser>();

  constructor(
    private readonly client: IAgoraRTCClient,
    private readonly ctx: AdapterContext,
    private readonly createMic: () => Promise<IMicrophoneAudioTrack>,
    private readonly createVideo: (track: MediaStreamTrack, bitrateMax: number) => ILocalVideoTrack,
  ) {}

  isMuted(uid: string): boolean {
    return this.mutedPeers.has(uid);
  }

  async renew(): Promise<void> {
    const fresh = await this.ctx.refresh().catch(() => null);
    if (fresh?.provider === 'agora') await this.client.renewToken(fresh.token).catch(() => undefined);
  }

  async setRights(rights: MediaRights): Promise<void> {
    const wasPublisher = this.rights.audio || this.rights.video;
    this.rights = rights;
    const publisher = rights.audio || rights.video;
    if (publisher === wasPublisher) return;
    if (!rights.video) await this.stopLive();
    if (!rights.audio) await this.setMicrophone(false);
    // The token carries the role: a new seat needs a publisher token.
    await this.renew();
    await this.client.setClientRole(publisher ? 'host' : 'audience').catch(() => undefined);
    if (publisher && this.micOn) await this.setMicrophone(true);
  }

  async setMicrophone(on: boolean): Promise<void> {
    this.micOn = on;
    try {
      if (on && this.rights.audio) {
        this.mic ??= await this.createMic();
        await this.mic.setEnabled(true);
        await this.client.publish([this.mic]);
        this.ctx.set({ micOn: true });
      } else if (this.mic) {
        await this.client.unpublish([this.mic]).catch(() => undefined);
        await this.mic.setEnabled(false);
        this.ctx.set({ micOn: false });
      } else {
        this.ctx.set({ micOn: false });
      }
    } catch (error) {
      // No microphone or permission denied: the member stays listed as muted, and is told why.
      this.ctx.set({ micOn: false, problem: voiceProblemOf(error) });
    }
  }

  async startLive(source: LiveSource): Promise<void> {
    const failed = { title: source === 'screen' ? 'Screen Sharing Failed' : 'Live Streaming Failed', message: null };
    if (!this.rights.video) return this.ctx.set({ liveError: failed });
    let captured: MediaStreamTrack;
    try {
      captured = source === 'camera' ? await captureCamera() : await captureScreen();
    } catch (error) {
      if (error instanceof CaptureFailed) this.ctx.set({ liveError: error.failure });
      return;
    }
    const profile = source === 'screen' ? videoProfiles.publishScreen : videoProfiles.publishCamera;
    const track = this.createVideo(captured, profile.bitrateKbps);
    // Switching ends the other.
    await this.stopLive();
    try {
      await this.client.publish([track]);
    } catch {
      track.close();
      return this.ctx.set({ liveError: failed });
    }
    this.video = { track, source };
    captured.addEventListener('ended', () => {
      if (this.video?.track === track) void this.stopLive();
    });
    this.ctx.set({ live: { source, stream: new MediaStream([captured]) }, liveError: null });
  }

  async stopLive(): Promise<void> {
    const v = this.video;
    if (!v) return;
    this.video = null;
    await this.client.unpublish([v.track]).catch(() => undefined);
    v.track.close();
    this.ctx.set({ live: null });
  }

  setMutedPeers(uids: string[]): void {
    this.mutedPeers = new Set(uids);
    this.applyVolumes();
  }

  applyVolumes(): void {
    for (const [uid, user] of this.remote) {
      user.audioTrack?.setVolume(mutedByMe(uid) || this.mutedPeers.has(uid) ? 0 : volumeOf(uid));
    }
  }

  resumeAudio(): void {
    for (const user of this.remote.values()) user.audioTrack?.play();
  }

  async onPublished(user: IAgoraRTCRemoteUser, kind: 'audio' | 'video' | 'datachannel'): Promise<void> {
    if (kind === 'datachannel') return;
    await this.client.subscribe(user, kind);
    const uid = String(user.uid);
    this.remote.set(uid, user);
    if (kind === 'audio') {
      user.audioTrack?.play();
      this.applyVolumes();
      return;
    }
    const track = user.videoTrack?.getMediaStreamTrack();
    if (track)
      this.ctx.set((s) => ({ remoteVideos: { ...s.remoteVideos, [uid]: { stream: new MediaStream([track]), source: null, live: true } } }));
  }

  onUnpublished(user: IAgoraRTCRemoteUser, kind: 'audio' | 'video' | 'datachannel'): void {
    if (kind !== 'video') return;
    const uid = String(user.uid);
    this.ctx.set((s) => {
      if (!s.remoteVideos[uid]) return {};
      const remoteVideos = { ...s.remoteVideos };
      delete remoteVideos[uid];
      return { remoteVideos };
    });
  }

  async leave(): Promise<void> {
    await this.stopLive();
    this.mic?.close();
    this.mic = null;
    await this.client.leave().catch(() => undefined);
  }
}
