// command-api's environment: the limits a browser test shortens are read and checked here, and a
// chat window looser than the product's is refused outside the demo.
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const secret = 'a-deployment-secret-of-at-least-32-characters';

describe('command-api config', () => {
  it('reads the presence grace and the chat window', () => {
    const config = readConfig({ MURMUR_DEMO: 'on', PRESENCE_MEMBER_GRACE_MS: '3000', CHAT_WINDOW_MS: '1000' });
    expect([config.PRESENCE_MEMBER_GRACE_MS, config.CHAT_WINDOW_MS]).toEqual([3000, 1000]);
    expect(readConfig({ MURMUR_DEMO: 'on' }).CHAT_WINDOW_MS).toBeUndefined();
  });

  it("refuses a chat window shorter than the product's 10 s outside the demo, and nonsense anywhere", () => {
    expect(() => readConfig({ MURMUR_DEMO: 'off', JWT_SECRET: secret, CHAT_WINDOW_MS: '1000' })).toThrow(/CHAT_WINDOW_MS/);
    expect(readConfig({ MURMUR_DEMO: 'off', JWT_SECRET: secret, CHAT_WINDOW_MS: '60000' }).CHAT_WINDOW_MS).toBe(60_000);
    expect(() => readConfig({ MURMUR_DEMO: 'on', CHAT_WINDOW_MS: 'soon' })).toThrow(/CHAT_WINDOW_MS/);
    expect(() => readConfig({ MURMUR_DEMO: 'on', PRESENCE_MEMBER_GRACE_MS: '10' })).toThrow(/PRESENCE_MEMBER_GRACE_MS/);
  });
});
