// The built-in WebRTC adapter: a mesh of one-way peer connections. Each publisher (a seated member,
// the host for video) offers one connection to every other member present; listeners only answer.
// Offers, answers and ICE candidates go through the realtime gateway, which checks seats. Mic off
// and mutes stop the sender's RTP at once (replaceTrack(null)); a rejoin after a network drop
// rebuilds every connection. Fine for 8 seats and small audiences; Agora is the path at scale.
import type { LiveSource, MediaServerMessage, MediaSession, Signal } from '@murmur/contracts/media';
import { videoProfiles } from '@murmur/contracts/media';
import { realtime, useConnection } from '../api/realtime.ts';
import { voiceProblemOf } from '../lobby/voiceProblems.ts';
import { CaptureFailed, captureCamera, captureMicrophone, captureScreen } from './capture.ts';
import type { AdapterContext, MediaAdapter, MediaRights } from './port.ts';
import { mutedByMe, volumeOf } from './volumes.ts';

type WebRtcSession = Extract<MediaSession, { provider: 'webrtc' }>;

interface Outgoing {
  pc: RTCPeerConnection;
  offerRef: string | null;
  retries: number;
  audio: RTCRtpSender;
  video: RTCRtpSender | null;
  pending: RTCIceCandidateInit[];
}

interface Incoming {
  pc: RTCPeerConnection;
  audio: HTMLAudioElement | null;
  pending: RTCIceCandidateInit[];
}

const SPEAKING_LEVEL = 0.04;
const SPEAKING_POLL_MS = 400;
const RETRY_FAILED_MS = 1_500;
const JOIN_RETRIES = 3;
const OFFER_RETRIES = 3;
const JOIN_RETRY_MS = 2_000;

export function createWebRtcMedia(session: WebRtcSession, ctx: AdapterContext): MediaAdapter {
  return new WebRtcMedia(session, ctx);
}

class WebRtcMedia implements MediaAdapter {
  private readonly target: { scope: WebRtcSession['scope']; id: string };
  private readonly peers = new Set<string>();
  private readonly out = new Map<string, Outgoing>();
  private readonly inc = new Map<string, Incoming>();
  /** Each publisher's live source, as its `state` signals say. */
  private readonly sources = new Map<string, LiveSource | null>();
  private rights: MediaRights = { audio: false, video: false };
  private mic: MediaStreamTrack | null = null;
  private micWanted = false;
  private video: { track: MediaStreamTrack; source: LiveSource } | null = null;
  private mutedPeers = new Set<string>();
  private joined = false;
  private closed = false;
  private refs = 0;
  private joinRetries = 0;
  private readonly unsubscribe: Array<() => void> = [];
  private readonly poll: ReturnType<typeof setInterval>;

  constructor(
    private readonly session: WebRtcSession,
    private readonly ctx: AdapterContext,
  ) {
    this.target = { scope: session.scope, id: session.channel };
    this.unsubscribe.push(realtime().onMedia((m) => this.onMessage(m)));
    // The gateway forgets a socket's media when it closes: join again on every (re)connect.
    let lastConnected = useConnection.getState().connectedTimes;
    this.unsubscribe.push(
      useConnection.subscribe((s) => {
        if (s.state !== 'CONNECTED' && this.joined) {
          this.joined = false;
          this.ctx.set({ state: 'reconnecting' });
        }
        if (s.connectedTimes !== lastConnected) {
          lastConnected = s.connectedTimes;
          this.join();
        }
      }),
    );
    this.join();
    this.poll = setInterval(() => void this.pollSpeaking(), SPEAKING_POLL_MS);
  }

  // ---- the port ----

  async setRights(rights: MediaRights): Promise<void> {
    if (rights.audio === this.rights.audio && rights.video === this.rights.video) return;
    this.rights = rights;
    if (!rights.video) await this.stopLive();
    if (!rights.audio) {
      this.micWanted = false;
      this.stopMic();
    }
    // What a connection carries is fixed when it is offered: rebuild ours.
    for (const uid of [...this.out.keys()]) this.closeOut(uid, true);
    if (this.publishing) for (const uid of this.peers) void this.offer(uid);
    if (rights.audio && this.micWanted) await this.setMicrophone(true);
  }

  async setMicrophone(on: boolean): Promise<void> {
    this.micWanted = on;
    if (!on || !this.rights.audio) {
      this.stopMic();
      return;
    }
    if (!this.mic) {
      const track = await captureMicrophone();
      if ('error' in track) {
        this.ctx.set({ micOn: false, problem: voiceProblemOf(track.error) });
        return;
      }
      // Stale (left, muted meanwhile) or a second capture that raced this one: never keep two.
      if (this.closed || !this.micWanted || !this.rights.audio || this.mic) {
        track.stop();
        if (!this.mic) return;
      } else {
        this.mic = track;
      }
    }
    for (const o of this.out.values()) await o.audio.replaceTrack(this.mic).catch(() => undefined);
    this.ctx.set({ micOn: true });
  }

  async startLive(source: LiveSource): Promise<void> {
    if (!this.rights.video) {
      this.ctx.set({ liveError: { title: source === 'screen' ? 'Screen Sharing Failed' : 'Live Streaming Failed', message: null } });
      return;
    }
    let track: MediaStreamTrack;
    try {
      track = source === 'camera' ? await captureCamera() : await captureScreen();
    } catch (error) {
      if (error instanceof CaptureFailed) this.ctx.set({ liveError: error.failure });
      return;
    }
    if (this.closed) return void track.stop();
    // Switching ends the other: one video at a time.
    this.video?.track.stop();
    this.video = { track, source };
    track.addEventListener('ended', () => {
      if (this.video?.track === track) void this.stopLive();
    });
    for (const o of this.out.values()) await this.sendVideo(o);
    this.ctx.set({ live: { source, stream: new MediaStream([track]) }, liveError: null });
    this.broadcastState();
  }

  async stopLive(): Promise<void> {
    if (!this.video) return;
    this.video.track.stop();
    this.video = null;
    for (const o of this.out.values()) await o.video?.replaceTrack(null).catch(() => undefined);
    this.ctx.set({ live: null });
    this.broadcastState();
  }

  setMutedPeers(uids: string[]): void {
    this.mutedPeers = new Set(uids);
    this.applyVolumes();
  }

  applyVolumes(): void {
    for (const [uid, i] of this.inc) {
      if (!i.audio) continue;
      i.audio.volume = volumeOf(uid) / 100;
      i.audio.muted = mutedByMe(uid) || this.mutedPeers.has(uid);
    }
  }

  resumeAudio(): void {
    for (const i of this.inc.values()) this.play(i);
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.poll);
    for (const u of this.unsubscribe) u();
    for (const uid of [...this.out.keys()]) this.closeOut(uid, true);
    for (const uid of [...this.inc.keys()]) this.closeIn(uid);
    this.stopMic();
    this.video?.track.stop();
    this.video = null;
    this.send({ type: 'media.leave', ...this.target });
  }

  // ---- signalling ----

  private get publishing(): boolean {
    return this.rights.audio || this.rights.video;
  }

  private join(): void {
    if (this.closed) return;
    this.send({ type: 'media.join', ref: `join-${++this.refs}`, ...this.target });
  }

  private send(message: Parameters<ReturnType<typeof realtime>['sendMedia']>[0]): void {
    realtime().sendMedia(message);
  }

  private signal(to: string, signal: Signal): string {
    const ref = `${signal.kind}-${++this.refs}`;
    this.send({ type: 'media.signal', ref, ...this.target, to, signal });
    return ref;
  }

  private onMessage(m: MediaServerMessage): void {
    if (this.closed || m.scope !== this.target.scope || m.id !== this.target.id) return;
    switch (m.type) {
      case 'media.joined':
        // A fresh start (first join or after a drop): every connection is rebuilt.
        this.joined = true;
        this.joinRetries = 0;
        for (const uid of [...this.out.keys()]) this.closeOut(uid, false);
        for (const uid of [...this.inc.keys()]) this.closeIn(uid);
        this.peers.clear();
        for (const uid of m.peers) this.peers.add(uid);
        this.ctx.set({ state: 'connected' });
        if (this.publishing) for (const uid of this.peers) void this.offer(uid);
        return;
      case 'media.peer':
        return this.onPeer(m.uid, m.event);
      case 'media.signal':
        void this.onSignal(m.from, m.signal).catch(() => undefined);
        return;
      case 'media.error':
        if (m.ref === undefined) {
          // Removed from the lobby (left, kicked, blocked, ended).
          this.joined = false;
          this.ctx.set({ state: 'idle' });
        } else if (m.ref.startsWith('join-')) {
          // Not a member (yet): the lobby join may still be on its way; try a few times.
          this.joined = false;
          if (this.joinRetries++ < JOIN_RETRIES) setTimeout(() => this.join(), JOIN_RETRY_MS);
          else this.ctx.set({ state: 'unavailable', problem: 'rejected' });
        } else if (m.ref.startsWith('offer-')) {
          // Refused: the seat may not be known to the gateway yet. Offer again shortly.
          for (const [uid, o] of this.out) {
            if (o.offerRef !== m.ref) continue;
            this.closeOut(uid, false);
            if (o.retries < OFFER_RETRIES) setTimeout(() => this.peers.has(uid) && void this.offer(uid, o.retries + 1), RETRY_FAILED_MS);
          }
        }
        // Other refused signals (to a peer who just left) need nothing: the peer events tidy up.
        return;
      default: {
        const exhaustive: never = m;
        return exhaustive;
      }
    }
  }

  private onPeer(uid: string, event: Extract<MediaServerMessage, { type: 'media.peer' }>['event']): void {
    switch (event) {
      case 'joined':
        // New, or back after a drop: whatever we had with them is dead.
        this.peers.add(uid);
        this.closeOut(uid, false);
        this.closeIn(uid);
        if (this.publishing) void this.offer(uid);
        return;
      case 'left':
        this.peers.delete(uid);
        this.closeOut(uid, false);
        this.closeIn(uid);
        return;
      case 'stopped':
        if (uid === this.ctx.self) this.expelled();
        else this.closeIn(uid);
        return;
      case 'muted':
        if (uid === this.ctx.self) void this.setMicrophone(false);
        else this.setMutedPeers([...this.mutedPeers, uid]);
        return;
      case 'unmuted':
        if (uid !== this.ctx.self) this.setMutedPeers([...this.mutedPeers].filter((u) => u !== uid));
        return;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }

  /** The gateway put us out of the media for losing a right (the seat, the main host's seat): stop
   * sending at once, whatever the lobby state here says yet, and join again as a listener. The page's
   * next rights (a new seat) publish again. */
  private expelled(): void {
    this.rights = { audio: false, video: false };
    this.stopMic();
    this.video?.track.stop();
    this.video = null;
    this.ctx.set({ live: null });
    for (const uid of [...this.out.keys()]) this.closeOut(uid, false);
    for (const uid of [...this.inc.keys()]) this.closeIn(uid);
    this.joined = false;
    this.join();
  }

  private async onSignal(from: string, signal: Signal): Promise<void> {
    switch (signal.kind) {
      case 'offer': {
        let i = this.inc.get(from);
        if (!i || i.pc.signalingState === 'closed') i = this.incoming(from);
        await i.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        await this.flush(i.pc, i.pending);
        const answer = await i.pc.createAnswer();
        await i.pc.setLocalDescription(answer);
        this.signal(from, { kind: 'answer', sdp: i.pc.localDescription?.sdp ?? answer.sdp ?? '' });
        return;
      }
      case 'answer': {
        const o = this.out.get(from);
        if (!o || o.pc.signalingState !== 'have-local-offer') return;
        await o.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await this.flush(o.pc, o.pending);
        return;
      }
      case 'candidate': {
        // Their sending connection ('pub') is our incoming one, and the other way round.
        const entry = signal.dir === 'pub' ? this.inc.get(from) : this.out.get(from);
        if (!entry || !signal.candidate) return;
        if (entry.pc.remoteDescription) await entry.pc.addIceCandidate(signal.candidate).catch(() => undefined);
        else entry.pending.push(signal.candidate);
        return;
      }
      case 'state':
        this.sources.set(from, signal.video);
        this.ctx.set((s) => {
          const current = s.remoteVideos[from];
          if (!current) return {};
          return { remoteVideos: { ...s.remoteVideos, [from]: { ...current, source: signal.video, live: signal.video !== null } } };
        });
        return;
      case 'bye':
        this.closeIn(from);
        return;
      default: {
        const exhaustive: never = signal;
        return exhaustive;
      }
    }
  }

  private async flush(pc: RTCPeerConnection, pending: RTCIceCandidateInit[]): Promise<void> {
    for (const c of pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
  }

  // ---- connections ----

  private connection(uid: string, dir: 'pub' | 'sub'): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.session.iceServers });
    pc.onicecandidate = (e) =>
      this.signal(uid, {
        kind: 'candidate',
        dir,
        candidate: e.candidate
          ? {
              candidate: e.candidate.candidate,
              sdpMid: e.candidate.sdpMid,
              sdpMLineIndex: e.candidate.sdpMLineIndex,
              usernameFragment: e.candidate.usernameFragment,
            }
          : null,
      });
    return pc;
  }

  /** Our sending connection to `uid`: audio (seated), and video too for the host. */
  private async offer(uid: string, retries = 0): Promise<void> {
    if (this.closed || !this.publishing || this.out.has(uid)) return;
    const pc = this.connection(uid, 'pub');
    const audio = pc.addTransceiver('audio', { direction: 'sendonly' }).sender;
    const video = this.rights.video ? pc.addTransceiver('video', { direction: 'sendonly' }).sender : null;
    const o: Outgoing = { pc, audio, video, pending: [], offerRef: null, retries };
    this.out.set(uid, o);
    pc.onconnectionstatechange = () => {
      // A path that broke for good (network change): offer a new connection while they are here.
      if (pc.connectionState !== 'failed' || this.out.get(uid) !== o) return;
      this.closeOut(uid, false);
      setTimeout(() => this.peers.has(uid) && void this.offer(uid), RETRY_FAILED_MS);
    };
    if (this.mic && this.micWanted) await audio.replaceTrack(this.mic);
    await this.sendVideo(o);
    const offer = await pc.createOffer();
    if (this.out.get(uid) !== o) return;
    await pc.setLocalDescription(offer);
    o.offerRef = this.signal(uid, { kind: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' });
    if (this.rights.video) this.signal(uid, { kind: 'state', video: this.video?.source ?? null });
  }

  private async sendVideo(o: Outgoing): Promise<void> {
    if (!o.video) return;
    await o.video.replaceTrack(this.video?.track ?? null).catch(() => undefined);
    if (!this.video) return;
    const profile = this.video.source === 'screen' ? videoProfiles.publishScreen : videoProfiles.publishCamera;
    try {
      const params = o.video.getParameters();
      if (params.encodings?.[0]) {
        params.encodings[0].maxBitrate = profile.bitrateKbps * 1000;
        await o.video.setParameters(params);
      }
    } catch {
      /* before negotiation there are no encodings yet: the browser's defaults apply */
    }
  }

  private incoming(uid: string): Incoming {
    this.closeIn(uid);
    const pc = this.connection(uid, 'sub');
    const i: Incoming = { pc, audio: null, pending: [] };
    this.inc.set(uid, i);
    pc.ontrack = (e) => {
      if (e.track.kind === 'audio') {
        const el = new Audio();
        el.autoplay = true;
        el.srcObject = new MediaStream([e.track]);
        i.audio = el;
        this.applyVolumes();
        this.play(i);
      } else {
        const stream = new MediaStream([e.track]);
        const source = this.sources.get(uid) ?? null;
        this.ctx.set((s) => ({ remoteVideos: { ...s.remoteVideos, [uid]: { stream, source, live: source !== null } } }));
      }
    };
    return i;
  }

  private play(i: Incoming): void {
    i.audio?.play().then(
      () => undefined,
      (error: { name?: string }) => {
        if (error?.name === 'NotAllowedError') this.ctx.set({ audioBlocked: true });
      },
    );
  }

  private closeOut(uid: string, sayBye: boolean): void {
    const o = this.out.get(uid);
    if (!o) return;
    this.out.delete(uid);
    o.pc.onconnectionstatechange = null;
    o.pc.close();
    if (sayBye && this.peers.has(uid)) this.signal(uid, { kind: 'bye' });
  }

  private closeIn(uid: string): void {
    const i = this.inc.get(uid);
    if (!i) return;
    this.inc.delete(uid);
    i.pc.close();
    if (i.audio) {
      i.audio.pause();
      i.audio.srcObject = null;
    }
    this.ctx.set((s) => {
      if (!s.remoteVideos[uid]) return {};
      const remoteVideos = { ...s.remoteVideos };
      delete remoteVideos[uid];
      return { remoteVideos };
    });
  }

  private stopMic(): void {
    for (const o of this.out.values()) void o.audio.replaceTrack(null).catch(() => undefined);
    this.mic?.stop();
    this.mic = null;
    this.ctx.set({ micOn: false });
  }

  private broadcastState(): void {
    if (!this.rights.video) return;
    for (const uid of this.out.keys()) this.signal(uid, { kind: 'state', video: this.video?.source ?? null });
  }

  /** Speaking indicators from the audio levels WebRTC measures anyway (no audio context needed). */
  private async pollSpeaking(): Promise<void> {
    const speaking: string[] = [];
    for (const [uid, i] of this.inc) {
      if (this.mutedPeers.has(uid)) continue;
      if (await levelAbove(i.pc, 'inbound-rtp')) speaking.push(uid);
    }
    if (this.mic && this.micWanted) {
      for (const o of this.out.values()) {
        if (await levelAbove(o.pc, 'media-source')) {
          speaking.push(this.ctx.self);
          break;
        }
      }
    }
    const before = this.ctx.get().speaking;
    if (!this.closed && (before.length !== speaking.length || speaking.some((u) => !before.includes(u)))) this.ctx.set({ speaking });
  }
}

async function levelAbove(pc: RTCPeerConnection, type: 'inbound-rtp' | 'media-source'): Promise<boolean> {
  if (pc.connectionState === 'closed') return false;
  try {
    const stats = await pc.getStats();
    let loud = false;
    stats.forEach((s: { type: string; kind?: string; audioLevel?: number }) => {
      if (s.type === type && s.kind === 'audio' && (s.audioLevel ?? 0) > SPEAKING_LEVEL) loud = true;
    });
    return loud;
  } catch {
    return false;
  }
}
