// The media provider port (docs/decisions/media.md): what a join answers so the browser can talk and
// listen. Agora when an App ID and certificate are configured (a token per channel and role);
// otherwise the built-in WebRTC mesh, whose browsers signal through the realtime gateway, which
// checks seats itself, so no token is needed. STUN/TURN servers for WebRTC are configurable.
import { IceServer, type MediaScope, type MediaSession } from '@murmur/contracts';
import { loadConfig } from '@murmur/platform';
import { z } from 'zod';
import { agoraTokenIssuer, MediaConfig, type MediaRole, type MediaTokenIssuer } from './media-tokens.ts';

export interface MediaRequest {
  scope: MediaScope;
  channel: string;
  uid: string;
  role: MediaRole;
}

export interface MediaProvider {
  readonly name: MediaSession['provider'];
  session(request: MediaRequest): MediaSession;
  /** Agora's signalling (RTM) token; null for WebRTC, whose signalling is the gateway. */
  rtm(uid: string): string | null;
}

/** The media fields of a join or refresh answer: the spec's agoraAppId/agoraToken (null without
 * Agora) and the session itself. */
export function mediaAnswer(provider: MediaProvider, request: MediaRequest) {
  const media = provider.session(request);
  return {
    channelName: request.channel,
    agoraAppId: media.provider === 'agora' ? media.appId : null,
    agoraToken: media.provider === 'agora' ? media.token : null,
    media,
  };
}

export function agoraProvider(issuer: MediaTokenIssuer): MediaProvider {
  return {
    name: 'agora',
    session: ({ channel, uid, role }) => ({ provider: 'agora', appId: issuer.appId, channel, token: issuer.rtc({ channel, uid, role }) }),
    rtm: (uid) => issuer.rtm(uid),
  };
}

export function webrtcProvider(iceServers: IceServer[]): MediaProvider {
  return {
    name: 'webrtc',
    session: ({ scope, channel }) => ({ provider: 'webrtc', scope, channel, iceServers }),
    rtm: () => null,
  };
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

export const MediaProviderConfig = z
  .object({
    AGORA_APP_ID: z.preprocess(blankIsUnset, z.string().optional()),
    AGORA_APP_CERTIFICATE: z.preprocess(blankIsUnset, z.string().optional()),
    AGORA_TOKEN_SECONDS: z.string().optional(),
    /** JSON array of RTCIceServer, e.g. [{"urls":"stun:stun.example.org:3478"}]; none on one machine or a LAN. */
    WEBRTC_ICE_SERVERS: z.preprocess(blankIsUnset, z.string().optional()).transform((text, ctx) => {
      if (text === undefined) return [];
      try {
        const parsed = z.array(IceServer).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
      return z.NEVER;
    }),
  })
  .refine((c) => (c.AGORA_APP_ID === undefined) === (c.AGORA_APP_CERTIFICATE === undefined), {
    message: 'AGORA_APP_ID and AGORA_APP_CERTIFICATE go together: set both for Agora, neither for WebRTC',
    path: ['AGORA_APP_CERTIFICATE'],
  });

export function mediaProviderFromEnv(env: Record<string, string | undefined> = process.env): MediaProvider {
  const config = loadConfig(MediaProviderConfig, env);
  if (config.AGORA_APP_ID === undefined) return webrtcProvider(config.WEBRTC_ICE_SERVERS);
  return agoraProvider(agoraTokenIssuer(loadConfig(MediaConfig, env)));
}
