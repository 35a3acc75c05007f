// The quest platform's secret signs link proofs and EXP webhooks: the demo's public value and the
// sandbox that signs proofs for anyone exist only with the demo switch.
import { DEMO_QUEST_PLATFORM_SECRET } from '@murmur/platform';
import { expect, it } from 'vitest';
import { questPlatformFromEnv, signWebhook, verifyWebhook } from './quest-platform.ts';

const platform = { QUEST_PLATFORM_URL: 'https://quests.example', QUEST_PLATFORM_API_KEY: 'key' };

it('refuses the demo secret and the sandbox without the demo switch', () => {
  expect(() => questPlatformFromEnv({})).toThrow(/QUEST_PLATFORM_SECRET is the demo's value/);
  expect(() => questPlatformFromEnv(platform)).toThrow(/QUEST_PLATFORM_SECRET is the demo's value/);
  expect(() => questPlatformFromEnv({ ...platform, QUEST_PLATFORM_SECRET: DEMO_QUEST_PLATFORM_SECRET })).toThrow(
    /QUEST_PLATFORM_SECRET is the demo's value/,
  );
  expect(() => questPlatformFromEnv({ QUEST_PLATFORM_SECRET: 'a-secret-of-the-deployment' })).toThrow(/QUEST_PLATFORM_URL is not set/);
  expect(questPlatformFromEnv({ ...platform, QUEST_PLATFORM_SECRET: 'a-secret-of-the-deployment' }).mode).toBe('http');
});

it('runs the sandbox on the demo secret only in the demo', () => {
  const demo = questPlatformFromEnv({ MURMUR_DEMO: 'on' });
  expect(demo).toMatchObject({ mode: 'sandbox', secret: DEMO_QUEST_PLATFORM_SECRET });
});

it('does not take a webhook signed with the demo secret on a deployment secret', () => {
  const port = questPlatformFromEnv({ ...platform, QUEST_PLATFORM_SECRET: 'a-secret-of-the-deployment' });
  const now = new Date();
  const ts = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ eventId: 'e1', platformUserId: 'p1', questTitle: 'Forged', exp: 500 });
  expect(() => verifyWebhook(port.secret, body, String(ts), signWebhook(DEMO_QUEST_PLATFORM_SECRET, ts, body), now)).toThrow();
  expect(verifyWebhook(port.secret, body, String(ts), signWebhook(port.secret, ts, body), now).exp).toBe(500);
});
