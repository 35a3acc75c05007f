import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('query-api', () => {
  it('serves /healthz and /metrics', async () => {
    const health = await fetch(`${stack.queryUrl}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', service: 'query-api' });
    const metrics = await (await fetch(`${stack.queryUrl}/metrics`)).text();
    expect(metrics).toContain('murmur_process_cpu_user_seconds_total');
  });

  it('answers an unknown route with the error envelope', async () => {
    const res = await stack.api('/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses a missing or forged token with 401 and a wrong role with 403', async () => {
    expect((await stack.api('/ops/stream-categories')).status).toBe(401);
    expect((await stack.api('/ops/stream-categories', { token: 'forged.token.value' })).status).toBe(401);
    const consumer = await stack.tokenFor('u-consumer', ['co']);
    const res = await stack.api('/ops/stream-categories', { token: consumer });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You do not have permissions to access this page.');
  });

  it('reads its own write with X-Min-Position and pages with meta', async () => {
    const admin = await stack.tokenFor('u-admin', ['ad']);
    let last = 0n;
    for (const category of ['alpha', 'beta', 'gamma']) {
      const r = await stack.command.deps.store.append(`${category}-1`, [{ type: 'TestWritten', data: {} }]);
      last = r.lastPosition;
    }
    const res = await stack.api('/ops/stream-categories?page=1&limit=2', { token: admin, headers: { 'x-min-position': String(last) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stale')).toBeNull();
    expect(res.body.meta).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemCount: 2 });
    const bad = await stack.api('/ops/stream-categories?page=0', { token: admin });
    expect(bad.status).toBe(400);
    const badHeader = await stack.api('/ops/stream-categories', { token: admin, headers: { 'x-min-position': '-5' } });
    expect(badHeader.status).toBe(400);
  });

  it('answers a position beyond the log head at once with X-Stale, for visitors too, instead of holding the connection', async () => {
    const admin = await stack.tokenFor('u-admin', ['ad']);
    const res = await stack.api('/ops/stream-categories', { token: admin, headers: { 'x-min-position': '999999999' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stale')).toBe('true');
    const visitor = await stack.api('/lobbies/public', { headers: { 'x-min-position': '999999999999' } });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('x-stale')).toBe('true');
    // Answered without waiting: the head it was compared with is named.
    for (const r of [res, visitor]) expect(BigInt(r.headers.get('x-log-head') ?? '999999999')).toBeLessThan(999999999n);
  });
});
