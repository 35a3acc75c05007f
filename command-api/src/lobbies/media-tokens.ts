// Agora session tokens (docs/decisions/media.md), built offline with the `agora-token` package: the token
// half of the Agora media provider (media-provider.ts). App id and certificate come from configuration.
import { lobbyConstants } from '@murmur/contracts';
import agora from 'agora-token';
import { z } from 'zod';

const { RtcRole, RtcTokenBuilder, RtmTokenBuilder } = agora;

export type MediaRole = 'publisher' | 'subscriber';

export interface MediaTokenRequest {
  channel: string;
  uid: string;
  role: MediaRole;
}

export interface MediaTokenIssuer {
  readonly appId: string;
  /** An RTC token for a channel: publishers may talk, subscribers only listen. */
  rtc(request: MediaTokenRequest): string;
  /** An RTM (signalling) token for a user. */
  rtm(uid: string): string;
}

const Hex32 = z.string().regex(/^[0-9a-f]{32}$/i, 'must be 32 hexadecimal characters');

export const MediaConfig = z.object({
  AGORA_APP_ID: Hex32,
  AGORA_APP_CERTIFICATE: Hex32,
  AGORA_TOKEN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(lobbyConstants.mediaTokenSeconds),
});
export type MediaConfig = z.infer<typeof MediaConfig>;

export function agoraTokenIssuer(config: MediaConfig): MediaTokenIssuer {
  const seconds = config.AGORA_TOKEN_SECONDS;
  return {
    appId: config.AGORA_APP_ID,
    rtc({ channel, uid, role }) {
      const agoraRole = role === 'publisher' ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER;
      const token = RtcTokenBuilder.buildTokenWithUserAccount(
        config.AGORA_APP_ID,
        config.AGORA_APP_CERTIFICATE,
        channel,
        uid,
        agoraRole,
        seconds,
        seconds,
      );
      // The builder answers '' instead of throwing on a bad app id or certificate.
      if (!token) throw new Error('agora-token built no token: check AGORA_APP_ID and AGORA_APP_CERTIFICATE');
      return token;
    },
    rtm(uid) {
      const token = RtmTokenBuilder.buildToken(config.AGORA_APP_ID, config.AGORA_APP_CERTIFICATE, uid, seconds);
      if (!token) throw new Error('agora-token built no token: check AGORA_APP_ID and AGORA_APP_CERTIFICATE');
      return token;
    },
  };
}
