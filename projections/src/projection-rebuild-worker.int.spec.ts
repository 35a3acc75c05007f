// A projection rebuilt from the operators' console over HTTP: an admin's request (refused to
// others, and for a name that is no projection, writing nothing) is an event in the audit trail;
// the worker runs the same rebuild as the CLI, its progress and outcome show in the operations view,
// and the rebuilt tables hold what the live ones held.
import { PostgresEventStore, headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableRows, waitForProjection } from '../../test-support/projection-replay.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';
import { ProjectionRebuildWorker } from './projection-rebuild-worker.ts';
import { appendedSince } from '../../test-support/nothing-written.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('rebuilding a projection from the console', () => {
  it('is for admins only, names a real projection, and is recorded', async () => {
    const admin = await stack.tokenFor('rb-admin', ['co', 'ad']);
    const dev = await stack.tokenFor('rb-dev', ['co', 'dev']);
    const before = await headPosition(stack.db.pool);
    const byDev = await stack.api('/console/ops/rebuild', { method: 'POST', token: dev, body: { projection: 'users' } });
    expect(byDev.status).toBe(403);
    const unknown = await stack.api('/console/ops/rebuild', { method: 'POST', token: admin, body: { projection: 'nope' } });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, 'There is no projection with this name.']);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    // The dev sees the operations view (and no rebuild yet).
    expect((await stack.api('/console/ops/status', { token: dev })).body.rebuilds).toEqual([]);
  });

  it('runs the same rebuild as the CLI, shows its outcome, and leaves the same rows', async () => {
    const admin = await stack.tokenFor('rb-admin', ['co', 'ad']);
    // Something in the read model to rebuild.
    for (let i = 0; i < 2; i++) {
      const user = await signUpWithWallet(stack.commandUrl);
      expect(
        (await stack.api(`/admin/users/${user.uid}/roles`, { method: 'POST', token: admin, body: { role: 'h', action: 'grant' } })).status,
      ).toBe(200);
    }
    await waitForProjection(stack.db.pool, 'operator-audit');
    const live = await tableRows(stack.db.pool, 'rm', 'operator_actions');
    expect(live).toHaveLength(2);

    const asked = await stack.api('/console/ops/rebuild', { method: 'POST', token: admin, body: { projection: 'operator-audit' } });
    expect(asked.status).toBe(201);
    const again = await stack.api('/console/ops/rebuild', { method: 'POST', token: admin, body: { projection: 'operator-audit' } });
    expect(again.body.rebuildId).toBe(asked.body.rebuildId);
    await waitForProjection(stack.db.pool, 'projection-rebuilds');
    const requested = await stack.api('/console/ops/status', { token: admin });
    expect(requested.body.rebuilds[0]).toMatchObject({
      rebuildId: asked.body.rebuildId,
      projection: 'operator-audit',
      status: 'requested',
      requestedBy: 'rb-admin',
    });

    const worker = new ProjectionRebuildWorker(stack.db.pool, new PostgresEventStore(stack.db.pool), { batchSize: 5 });
    expect(await worker.tick()).toBe(1);
    await waitForProjection(stack.db.pool, 'projection-rebuilds');
    const done = await stack.api('/console/ops/status', { token: admin });
    const item = done.body.rebuilds[0];
    expect(item).toMatchObject({ rebuildId: asked.body.rebuildId, status: 'completed', error: null });
    expect(item.events).toBeGreaterThan(0);
    // The last progress the worker saved reached the head it aimed at.
    expect(item.position).toBe(item.head);
    expect(await worker.tick()).toBe(0);

    // The rebuilt table holds the live rows (plus the rebuild request itself, an operator action).
    await waitForProjection(stack.db.pool, 'operator-audit');
    const rebuilt = await tableRows(stack.db.pool, 'rm', 'operator_actions');
    expect(rebuilt).toEqual(expect.arrayContaining(live));
    expect(rebuilt).toHaveLength(live.length + 1);
    const trail = await stack.api('/console/audit?subject=projection%3Aoperator-audit', { token: admin });
    expect(trail.body.items).toEqual([
      expect.objectContaining({ action: 'projection.rebuild', operator: expect.objectContaining({ uid: 'rb-admin' }) }),
    ]);
    await worker.stop();
  });
});
