// The sandbox's authorize step (a link proof for the caller, no platform asked) answers only with the
// demo switch: anywhere else it would let a guest link a made-up platform account.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { questPlatformFromEnv, setQuestPlatformPort } from './quest-platform.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  setQuestPlatformPort(stack.command.deps, questPlatformFromEnv({ MURMUR_DEMO: 'on' }));
});
afterAll(async () => stack?.stop());

it('signs a sandbox proof in the demo and answers 404 without the switch', async () => {
  const token = await stack.tokenFor('quester');
  const demo = await stack.api('/progression/quest-account/sandbox-authorize', { method: 'POST', token });
  expect(demo.status).toBe(200);
  expect(demo.body.proof).toMatch(/\./);
  const before = process.env.MURMUR_DEMO;
  process.env.MURMUR_DEMO = 'off';
  try {
    const outside = await stack.api('/progression/quest-account/sandbox-authorize', { method: 'POST', token });
    expect(outside.status).toBe(404);
    expect(outside.body.proof).toBeUndefined();
  } finally {
    process.env.MURMUR_DEMO = before;
  }
});
