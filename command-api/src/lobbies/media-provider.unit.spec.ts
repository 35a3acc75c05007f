import { describe, expect, it } from 'vitest';
import { mediaAnswer, mediaProviderFromEnv } from './media-provider.ts';

const request = { scope: 'lobby' as const, channel: 'lobby-1', uid: 'u1', role: 'publisher' as const };

describe('media provider from configuration', () => {
  it('is the built-in WebRTC mesh when no Agora project is configured, with the configured ICE servers', () => {
    expect(mediaAnswer(mediaProviderFromEnv({}), request)).toEqual({
      channelName: 'lobby-1',
      agoraAppId: null,
      agoraToken: null,
      media: { provider: 'webrtc', scope: 'lobby', channel: 'lobby-1', iceServers: [] },
    });
    const turn = [{ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' }];
    const provider = mediaProviderFromEnv({ AGORA_APP_ID: '', WEBRTC_ICE_SERVERS: JSON.stringify(turn) });
    expect(provider.session(request)).toMatchObject({ provider: 'webrtc', iceServers: turn });
    expect(provider.rtm('u1')).toBeNull();
  });

  it('is Agora with a token when App ID and certificate are set', () => {
    const provider = mediaProviderFromEnv({ AGORA_APP_ID: 'a'.repeat(32), AGORA_APP_CERTIFICATE: 'b'.repeat(32) });
    const answer = mediaAnswer(provider, request);
    expect(answer.agoraAppId).toBe('a'.repeat(32));
    expect(answer.agoraToken).toMatch(/^007/);
    expect(answer.media).toMatchObject({ provider: 'agora', channel: 'lobby-1', token: answer.agoraToken });
  });

  it('refuses half an Agora configuration and unreadable ICE servers', () => {
    expect(() => mediaProviderFromEnv({ AGORA_APP_ID: 'a'.repeat(32) })).toThrow(/AGORA_APP_CERTIFICATE/);
    expect(() => mediaProviderFromEnv({ WEBRTC_ICE_SERVERS: 'stun:x' })).toThrow(/WEBRTC_ICE_SERVERS/);
    expect(() => mediaProviderFromEnv({ WEBRTC_ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/WEBRTC_ICE_SERVERS/);
  });
});
