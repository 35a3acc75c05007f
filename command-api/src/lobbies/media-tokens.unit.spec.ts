import { AccessToken2, kRtcServiceType, type ServiceRtc } from 'agora-token/src/AccessToken2.js';
import { describe, expect, it } from 'vitest';
import { agoraTokenIssuer, MediaConfig } from './media-tokens.ts';

const config = MediaConfig.parse({ AGORA_APP_ID: 'a'.repeat(32), AGORA_APP_CERTIFICATE: 'b'.repeat(32), AGORA_TOKEN_SECONDS: '600' });
const issuer = agoraTokenIssuer(config);

function parse(token: string) {
  const t = new AccessToken2();
  expect(t.from_string(token)).toBe(true);
  const rtc = t.getServices(kRtcServiceType)[0] as ServiceRtc;
  return { t, rtc };
}

describe('Agora media tokens', () => {
  it('a publisher token parses back with channel, uid, every publish privilege and the expiry', () => {
    const before = Math.floor(Date.now() / 1000);
    const { t, rtc } = parse(issuer.rtc({ channel: 'lobby-1', uid: 'user-1', role: 'publisher' }));
    expect(t.verifySignature(config.AGORA_APP_CERTIFICATE)).toBe(true);
    expect(t.verifySignature('c'.repeat(32))).toBe(false);
    expect(String(t.appId)).toBe(config.AGORA_APP_ID);
    expect(t.expire).toBe(600);
    expect(t.issueTs).toBeGreaterThanOrEqual(before);
    expect(String(rtc.__channel_name)).toBe('lobby-1');
    expect(String(rtc.__uid)).toBe('user-1');
    expect(rtc.__privileges).toEqual({ 1: 600, 2: 600, 3: 600, 4: 600 });
  });

  it('a subscriber token may only join', () => {
    const { rtc } = parse(issuer.rtc({ channel: 'lobby-1', uid: 'user-2', role: 'subscriber' }));
    expect(rtc.__privileges).toEqual({ 1: 600 });
  });

  it('refuses a configuration that is not 32 hex characters', () => {
    expect(MediaConfig.safeParse({ AGORA_APP_ID: 'demo' }).success).toBe(false);
    expect(issuer.rtm('user-1')).toMatch(/^007/);
  });
});
