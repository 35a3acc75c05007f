import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projections: false });
});
afterAll(async () => stack?.stop());

describe('command-api skeleton', () => {
  it('serves /healthz and /metrics', async () => {
    expect(await (await fetch(`${stack.commandUrl}/healthz`)).json()).toEqual({ status: 'ok', service: 'command-api' });
    expect(await (await fetch(`${stack.commandUrl}/metrics`)).text()).toContain('murmur_nodejs_heap_size_used_bytes');
  });

  it('answers malformed JSON, an oversized body and an unknown route with the envelope, never 500', async () => {
    const malformed = await stack.api('/no-such-command', { method: 'POST', body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' });
    const huge = await stack.api('/no-such-command', { method: 'POST', body: JSON.stringify({ s: 'x'.repeat(400_000) }) });
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toBe('The request body is too large.');
    const unknown = await stack.api('/no-such-command', { method: 'POST', body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });
});
