// Voice and video (docs/decisions/media.md): the media session a join answers (Agora when the
// server has an App ID and certificate, else the built-in WebRTC mesh), the signalling messages the
// WebRTC adapter exchanges through the realtime gateway, the video profiles and the failure texts.
import { z } from 'zod';

/** A STUN or TURN server for RTCPeerConnection (the browser's RTCIceServer shape). */
export const IceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/** Whose voice: a lobby's, a private room's, or a booked session's (its host and buyer). */
export const MediaScope = z.enum(['lobby', 'room', 'booking']);
export type MediaScope = z.infer<typeof MediaScope>;

/** How a client reaches the voice/video of a lobby or room. */
export const MediaSession = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('agora'), appId: z.string(), token: z.string(), channel: z.string() }),
  z.object({ provider: z.literal('webrtc'), scope: MediaScope, channel: z.string(), iceServers: z.array(IceServer) }),
]);
export type MediaSession = z.infer<typeof MediaSession>;
export type MediaProviderName = MediaSession['provider'];

/** The media fields of a join or token-refresh answer: the spec's channelName, agoraAppId and
 * agoraToken (null without Agora) beside the session itself. */
export const MediaAnswer = z.object({
  channelName: z.string(),
  agoraAppId: z.string().nullable(),
  agoraToken: z.string().nullable(),
  media: MediaSession,
});
export type MediaAnswer = z.infer<typeof MediaAnswer>;

/** What a live stream shows: the camera, or a screen (entire screen, window or tab: the browser's picker). */
export const LiveSource = z.enum(['camera', 'screen']);
export type LiveSource = z.infer<typeof LiveSource>;

/** Spec section 9: capture 1280x720 on desktop, 720x1280 on mobile; publish 1920x1080 (screens)
 * or 1280x720 (cameras). */
export const videoProfiles = {
  cameraDesktop: { width: 1280, height: 720, frameRate: 30 },
  cameraMobile: { width: 720, height: 1280, frameRate: 30 },
  screen: { width: 1920, height: 1080, frameRate: 15 },
  publishCamera: { width: 1280, height: 720, bitrateKbps: 1500 },
  publishScreen: { width: 1920, height: 1080, bitrateKbps: 2500 },
} as const;

/** Spec section 9: every remote user plays at 100 until the listener changes it. */
export const DEFAULT_VOLUME = 100;

/** Spec section 8 (live) and the voice states the lobby shows. */
export const mediaTexts = {
  liveFailed: 'Live Streaming Failed',
  screenFailed: 'Screen Sharing Failed',
  noVideoDevice: 'No video device found',
  micUnavailable: 'Your microphone is not available. Check the browser permission.',
  notInLobby: 'Join the lobby first to hear it.',
  listenerCannotPublish: 'Only people on a seat can talk.',
  hostOnlyVideo: 'Only hosts can stream video.',
  answersOnlyReceive: 'An answer may only receive media.',
  peerGone: 'This person has left.',
  peerNotOnSeat: 'This person is not on a seat.',
} as const;

// ---- signalling (WebRTC adapter), relayed by the gateway ----

const Sdp = z.string().min(1).max(30_000);
const Uid = z.string().min(1).max(200);
const ScopeId = z.string().regex(/^[A-Za-z0-9_.:@-]{1,200}$/, 'Unknown lobby or room.');

export const IceCandidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** Media flows one way per peer connection: a publisher offers, each listener answers. `dir` says
 * which of the sender's connections a candidate belongs to ('pub': the one it sends on). */
export const Signal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sdp: Sdp }),
  z.object({ kind: z.literal('answer'), sdp: Sdp }),
  z.object({ kind: z.literal('candidate'), dir: z.enum(['pub', 'sub']), candidate: IceCandidate.nullable() }),
  /** The publisher's live video: what its video track shows now. */
  z.object({ kind: z.literal('state'), video: LiveSource.nullable() }),
  /** The publisher stopped sending to this peer. */
  z.object({ kind: z.literal('bye') }),
]);
export type Signal = z.infer<typeof Signal>;

const Ref = z.string().max(64).optional();
const Target = { scope: MediaScope, id: ScopeId };

export const MediaJoinMessage = z.object({ type: z.literal('media.join'), ref: Ref, ...Target });
export const MediaLeaveMessage = z.object({ type: z.literal('media.leave'), ref: Ref, ...Target });
export const MediaSignalMessage = z.object({ type: z.literal('media.signal'), ref: Ref, ...Target, to: Uid, signal: Signal });
export const MediaClientMessages = [MediaJoinMessage, MediaLeaveMessage, MediaSignalMessage] as const;
export type MediaClientMessage = z.infer<typeof MediaJoinMessage> | z.infer<typeof MediaLeaveMessage> | z.infer<typeof MediaSignalMessage>;

/** Answer to media.join: who else is in the lobby's (room's) media now. */
export const MediaJoinedMessage = z.object({ type: z.literal('media.joined'), ref: Ref, ...Target, uid: Uid, peers: z.array(Uid) });
/** Someone came, went, lost the seat ('stopped'), or was muted or unmuted. */
export const MediaPeerMessage = z.object({
  type: z.literal('media.peer'),
  ...Target,
  uid: Uid,
  event: z.enum(['joined', 'left', 'stopped', 'muted', 'unmuted']),
});
export const MediaRelayedMessage = z.object({ type: z.literal('media.signal'), ...Target, from: Uid, signal: Signal });
export const MediaErrorMessage = z.object({
  type: z.literal('media.error'),
  ref: Ref,
  ...Target,
  code: z.enum(['FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED']),
  message: z.string(),
});
export const MediaServerMessages = [MediaJoinedMessage, MediaPeerMessage, MediaRelayedMessage, MediaErrorMessage] as const;
export type MediaServerMessage =
  | z.infer<typeof MediaJoinedMessage>
  | z.infer<typeof MediaPeerMessage>
  | z.infer<typeof MediaRelayedMessage>
  | z.infer<typeof MediaErrorMessage>;
