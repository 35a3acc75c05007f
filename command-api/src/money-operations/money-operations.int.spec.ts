// The operators' console money operations over HTTP: settling and rejecting
// withdrawals with a reference, refused twice and raced by two admins; manual grants with a
// reason, an idempotency key and a second admin above the threshold; stuck payments; and audit
// runs recorded for the console.
import { apiCatalogue, moneyOperations, streamIds } from '@murmur/contracts';
import { createHash } from 'node:crypto';
import { headPosition, PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { LedgerAuditWorker } from '../../../projections/src/ledger-audit-worker.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { appendedSince, streamVersions } from '../../../test-support/nothing-written.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
let admin: string;
let secondAdmin: string;
beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.tokenFor('ops-admin-1', ['co', 'ad']);
  secondAdmin = await stack.tokenFor('ops-admin-2', ['co', 'ad']);
});
afterAll(async () => stack?.stop());

const post = (path: string, token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  stack.api(path, { method: 'POST', token, body, headers });
/** A read that waits out a stale answer (the read model behind X-Min-Position on a loaded machine). */
async function get(path: string, token: string, position?: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await stack.api(path, { token, headers: position ? { 'x-min-position': position } : {} });
    if (res.headers.get('x-stale') !== 'true' || Date.now() > deadline) return res;
  }
}
const payoutAddress = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const txHash = `0x${'ab'.repeat(32)}`;

/** The streams a settlement or rejection of `uid`'s withdrawal could write. */
const settlementStreams = (uid: string) => streamVersions(stack.command.deps.store, [streamIds.earnings(uid), streamIds.wallet(uid)]);
/** Events recorded as an operator's action: a refused command leaves none. */
async function eventsBy(operatorUid: string): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: number }>(`select count(*)::int as n from events where metadata->>'actorUid' = $1`, [
    operatorUid,
  ]);
  return rows[0]!.n;
}

/** A creator with 2,500 charm who asks to withdraw 1,000: the pending withdrawal's id and position. */
async function pendingWithdrawal(): Promise<{ uid: string; token: string; withdrawalId: string; position: string }> {
  const creator = await signUpWithWallet(stack.commandUrl);
  const fan = `fan-of-${creator.uid}`;
  await creditDiamonds(stack.command.deps, {
    uid: fan,
    amount: 5000,
    reason: 'demo_grant',
    reference: 'test',
    idempotencyKey: `grant-${fan}`,
  });
  const gift = await post('/gifting/send-gift', await stack.tokenFor(fan), { giftName: 'castle', quantity: 1, recipients: [creator.uid] });
  expect(gift.status).toBe(201);
  // The withdrawal reads the credited charm from the balances read model.
  expect((await get('/wallet/withdraw/available', creator.token, gift.body.position)).body.charm).toBe(2500);
  const wd = await post(
    '/wallet/withdraw',
    creator.token,
    { amount: 1000, address: payoutAddress },
    { 'idempotency-key': `wd-${creator.uid}` },
  );
  expect(wd.status).toBe(201);
  return { ...creator, withdrawalId: wd.body.transactionId, position: wd.body.position };
}

describe('withdrawal queue', () => {
  it('lists a pending withdrawal, settles it once with its reference, and refuses a second settlement writing nothing', async () => {
    const { uid, token, withdrawalId, position } = await pendingWithdrawal();
    const queue = await get('/console/withdrawals', admin, position);
    expect(queue.status).toBe(200);
    expect(queue.body.items.find((w: { withdrawalId: string }) => w.withdrawalId === withdrawalId)).toMatchObject({
      charm: 1000,
      usdCents: 1000,
      status: 'pending',
      method: 'crypto',
      network: 'evm',
      address: payoutAddress,
    });

    // A reference that is no transaction hash for a crypto payout: a clear refusal, nothing written.
    // The gift behind the withdrawal levels both users up: the level announcer appends those in
    // the background, so "nothing written" compares the streams a settlement could write.
    const before = await settlementStreams(uid);
    const bad = await post(`/console/withdrawals/${withdrawalId}/settle`, admin, { reference: 'paid' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Enter the on-chain transaction hash (0x and 64 hexadecimal characters).');
    expect(await settlementStreams(uid)).toEqual(before);

    const settled = await post(`/console/withdrawals/${withdrawalId}/settle`, admin, { reference: txHash });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'completed', transactionId: withdrawalId });

    const after = await settlementStreams(uid);
    const twice = await post(`/console/withdrawals/${withdrawalId}/settle`, secondAdmin, { reference: txHash });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This withdrawal is already settled.');
    const reject = await post(`/console/withdrawals/${withdrawalId}/reject`, secondAdmin, { reason: 'Wrong address' });
    expect(reject.status).toBe(409);
    expect(await settlementStreams(uid)).toEqual(after);
    expect(await eventsBy('ops-admin-2')).toBe(0);

    // The creator sees it completed; the console lists it with the reference and the admin.
    const mine = await get('/wallet/withdrawals', token, settled.body.position);
    expect(mine.body.items[0]).toMatchObject({ withdrawalId, status: 'completed' });
    const done = await get('/console/withdrawals?status=completed', admin, settled.body.position);
    expect(done.body.items.find((w: { withdrawalId: string }) => w.withdrawalId === withdrawalId)).toMatchObject({
      reference: txHash,
      decidedBy: 'ops-admin-1',
    });
  });

  it('rejects with a reason: the charm is back with the creator', async () => {
    const { token, withdrawalId, position } = await pendingWithdrawal();
    await get('/console/withdrawals', admin, position);
    const noReason = await post(`/console/withdrawals/${withdrawalId}/reject`, admin, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Reason is required.');
    const rejected = await post(`/console/withdrawals/${withdrawalId}/reject`, admin, { reason: 'The bank returned the transfer' });
    expect(rejected.body).toMatchObject({ status: 'failed' });
    const available = await get('/wallet/withdraw/available', token, rejected.body.position);
    expect(available.body.charm).toBe(2500);
    const settleAfter = await post(`/console/withdrawals/${withdrawalId}/settle`, admin, { reference: txHash });
    expect(settleAfter.status).toBe(409);
    expect(settleAfter.body.error.message).toBe('This withdrawal was already rejected; its charm is back with the user.');
  });

  it('two admins settling the same withdrawal at once: one settles, the other is told it is settled', async () => {
    const { withdrawalId, position } = await pendingWithdrawal();
    await get('/console/withdrawals', admin, position);
    const results = await Promise.all([
      post(`/console/withdrawals/${withdrawalId}/settle`, admin, { reference: txHash }),
      post(`/console/withdrawals/${withdrawalId}/settle`, secondAdmin, { reference: `0x${'cd'.repeat(32)}` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await stack.db.pool.query(
      `select count(*)::int as n from events where type = 'WithdrawalCompleted' and data->>'withdrawalId' = $1`,
      [withdrawalId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses an unknown withdrawal and anyone but an admin', async () => {
    expect((await post('/console/withdrawals/wd-nope/settle', admin, { reference: txHash })).status).toBe(404);
    const consumer = await stack.tokenFor('ops-consumer');
    expect((await post('/console/withdrawals/wd-nope/settle', consumer, { reference: txHash })).status).toBe(403);
    expect((await get('/console/withdrawals', consumer)).status).toBe(403);
  });
});

describe('manual grants', () => {
  const over = moneyOperations.grantApprovalThreshold + 1;

  it('refuses a grant without a reason or without an idempotency key, writing nothing', async () => {
    const before = await headPosition(stack.db.pool);
    const noReason = await post('/console/grants', admin, { uid: 'grantee-a', amount: 100 }, { 'idempotency-key': 'g-no-reason' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Reason is required.');
    const noKey = await post('/console/grants', admin, { uid: 'grantee-a', amount: 100, reason: 'Goodwill for a lost gift' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toBe('An Idempotency-Key header is required for a grant.');
    expect(await appendedSince(stack.db.pool, before, { streams: [streamIds.wallet('grantee-a')], actors: ['ops-admin-1'] })).toEqual([]);
  });

  it('mints a grant at the threshold at once, exactly once per key', async () => {
    const body = { uid: 'grantee-b', amount: moneyOperations.grantApprovalThreshold, reason: 'Goodwill for a lost gift' };
    const first = await post('/console/grants', admin, body, { 'idempotency-key': 'g-small' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'approved', balance: moneyOperations.grantApprovalThreshold });
    const again = await post('/console/grants', admin, body, { 'idempotency-key': 'g-small' });
    expect(again.body).toMatchObject({ grantId: first.body.grantId, status: 'approved' });
    const balance = await get('/wallet/balance', await stack.tokenFor('grantee-b'), first.body.position);
    expect(balance.body.diamonds).toBe(moneyOperations.grantApprovalThreshold);
  });

  it('above the threshold waits for a DIFFERENT admin: the requester cannot approve, the second admin mints once', async () => {
    const requested = await post(
      '/console/grants',
      admin,
      { uid: 'grantee-c', amount: over, reason: 'Tournament prize' },
      { 'idempotency-key': 'g-big' },
    );
    expect(requested.body).toMatchObject({ status: 'pending', balance: null });
    const { grantId } = requested.body;
    const pending = await get('/console/grants?status=pending', admin, requested.body.position);
    expect(pending.body.items.find((g: { grantId: string }) => g.grantId === grantId)).toMatchObject({
      amount: over,
      needsApproval: true,
      requestedBy: { uid: 'ops-admin-1' },
    });

    const before = await headPosition(stack.db.pool);
    const self = await post(`/console/grants/${grantId}/approve`, admin);
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe('A second admin must approve this grant: you requested it.');
    expect(
      await appendedSince(stack.db.pool, before, {
        streams: [streamIds.grant(grantId), streamIds.wallet('grantee-c')],
        actors: ['ops-admin-1'],
      }),
    ).toEqual([]);

    // Two approvals at once (the second admin double-clicks): one mint.
    const approvals = await Promise.all([
      post(`/console/grants/${grantId}/approve`, secondAdmin),
      post(`/console/grants/${grantId}/approve`, secondAdmin),
    ]);
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    const ok = approvals.find((a) => a.status === 200)!;
    expect(ok.body).toMatchObject({ status: 'approved', balance: over });
    const { rows } = await stack.db.pool.query(
      `select count(*)::int as n from events where type = 'DiamondsCredited' and data->>'reference' = $1`,
      [grantId],
    );
    expect(rows[0].n).toBe(1);
    const history = await get('/transaction/me', await stack.tokenFor('grantee-c'), ok.body.position);
    expect(history.body.items[0]).toMatchObject({ kind: 'operator_grant', amount: over, direction: 'in' });

    const rejectLate = await post(`/console/grants/${grantId}/reject`, admin, { reason: 'Changed my mind' });
    expect(rejectLate.status).toBe(409);
    expect(rejectLate.body.error.message).toBe('This grant is already decided.');
  });

  it('a rejected grant mints nothing', async () => {
    const requested = await post(
      '/console/grants',
      admin,
      { uid: 'grantee-d', amount: over, reason: 'Suspicious request' },
      { 'idempotency-key': 'g-rejected' },
    );
    const rejected = await post(`/console/grants/${requested.body.grantId}/reject`, secondAdmin, { reason: 'No ticket for it' });
    expect(rejected.body).toMatchObject({ status: 'rejected', balance: null });
    expect((await post(`/console/grants/${requested.body.grantId}/approve`, secondAdmin)).status).toBe(409);
    const balance = await get('/wallet/balance', await stack.tokenFor('grantee-d'), rejected.body.position);
    expect(balance.body.diamonds).toBe(0);
  });
});

describe('the console is the one door', () => {
  it('has no wallet grant: an admin mints only through the console grant, its cap and its second admin', async () => {
    const grantee = 'side-door-grantee';
    const before = await streamVersions(stack.command.deps.store, [streamIds.wallet(grantee)]);
    const side = await post(
      '/wallet/grant',
      admin,
      { uid: grantee, amount: 100_000_000, reason: 'demo_grant' },
      { 'idempotency-key': 'side-grant' },
    );
    expect(side.status).toBe(404);
    expect(await streamVersions(stack.command.deps.store, [streamIds.wallet(grantee)])).toEqual(before);
    const tooBig = await post(
      '/console/grants',
      admin,
      { uid: grantee, amount: moneyOperations.grantMaximum + 1, reason: 'Prize' },
      { 'idempotency-key': 'g-too-big' },
    );
    expect(tooBig.status).toBe(400);
  });

  it('has no withdrawal settlement outside the console: the pending withdrawal stays pending', async () => {
    const { uid, withdrawalId } = await pendingWithdrawal();
    const before = await settlementStreams(uid);
    for (const status of ['completed', 'failed']) {
      expect((await post('/wallet/withdraw/settle', admin, { uid, withdrawalId, status })).status).toBe(404);
    }
    expect(await settlementStreams(uid)).toEqual(before);
  });

  it("a grant to the requester's own account waits for a second admin, however small", async () => {
    const requested = await post(
      '/console/grants',
      admin,
      { uid: 'ops-admin-1', amount: 10, reason: 'Testing my own wallet' },
      { 'idempotency-key': 'g-self' },
    );
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ status: 'pending', balance: null });
    const self = await post(`/console/grants/${requested.body.grantId}/approve`, admin);
    expect(self.status).toBe(422);
    const approved = await post(`/console/grants/${requested.body.grantId}/approve`, secondAdmin);
    expect(approved.body).toMatchObject({ status: 'approved', balance: 10 });
  });
});

describe('the audit trail of money operations', () => {
  it('lists each settlement, rejection, grant and approval by operator and by the user concerned', async () => {
    const settled = await pendingWithdrawal();
    const rejected = await pendingWithdrawal();
    // The console finds a withdrawal's owner in the read model.
    await get('/console/withdrawals', admin, rejected.position);
    const settle = await post(`/console/withdrawals/${settled.withdrawalId}/settle`, admin, { reference: txHash });
    expect(settle.status).toBe(200);
    expect(
      (await post(`/console/withdrawals/${rejected.withdrawalId}/reject`, secondAdmin, { reason: 'Address on a sanctions list' })).status,
    ).toBe(200);
    const over = moneyOperations.grantApprovalThreshold + 1;
    const requested = await post(
      '/console/grants',
      admin,
      { uid: settled.uid, amount: over, reason: 'Prize of the weekly contest' },
      { 'idempotency-key': 'g-audited' },
    );
    const approved = await post(`/console/grants/${requested.body.grantId}/approve`, secondAdmin);
    expect(approved.status).toBe(200);

    const aboutSettled = await get(`/console/audit?subject=${encodeURIComponent(`user:${settled.uid}`)}`, admin, approved.body.position);
    expect(
      aboutSettled.body.items.map((i: { action: string; operator: { uid: string }; reason: string | null }) => [
        i.action,
        i.operator.uid,
        i.reason,
      ]),
    ).toEqual([
      ['grant.approve', 'ops-admin-2', `${over} diamonds`],
      ['grant.request', 'ops-admin-1', `${over} diamonds · Prize of the weekly contest`],
      ['withdrawal.settle', 'ops-admin-1', `reference ${txHash}`],
    ]);
    const byWithdrawal = await get(
      `/console/audit?subject=${encodeURIComponent(`withdrawal:${rejected.withdrawalId}`)}`,
      admin,
      approved.body.position,
    );
    expect(byWithdrawal.body.items).toEqual([
      expect.objectContaining({
        action: 'withdrawal.reject',
        operator: expect.objectContaining({ uid: 'ops-admin-2' }),
        reason: '1000 charm back · Address on a sanctions list',
      }),
    ]);
    const bySecond = await get('/console/audit?operator=ops-admin-2', admin, approved.body.position);
    expect(bySecond.body.items.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(['grant.approve', 'withdrawal.reject']),
    );
    // The creator's own withdrawal request is not an operator's action.
    expect(aboutSettled.body.items.some((i: { operator: { uid: string } }) => i.operator.uid === settled.uid)).toBe(false);
  });
});

describe('stuck payments and the audit', () => {
  it('lists a payment pending for longer than the window', async () => {
    const store = new PostgresEventStore(stack.db.pool);
    const appended = await store.append('payment-stuck-1', [
      {
        type: 'PaymentInitiated',
        data: {
          paymentId: 'stuck-1',
          uid: 'payer-1',
          provider: 'stripe',
          purpose: 'topup',
          amountUsdCents: 1000,
          diamonds: 1000,
          providerRef: 'pi_stuck',
          initiatedAt: new Date().toISOString(),
        },
        metadata: { idempotencyKey: 'stuck-1' },
      },
    ]);
    await get('/wallet/balance', admin, appended.lastPosition.toString());
    await stack.db.pool.query(`update rm.payments set created_at = now() - interval '20 minutes' where payment_id = 'stuck-1'`);
    const stuck = await get('/console/payments/stuck', admin);
    expect(stuck.body.items).toEqual([
      expect.objectContaining({ paymentId: 'stuck-1', status: 'pending', provider: 'stripe', minutesOpen: 20 }),
    ]);
    expect((await get('/console/payments/stuck?olderThanMinutes=30', admin)).body.items).toEqual([]);
  });

  it('records each audit run: a console request is answered by the worker with the verdict', async () => {
    const requested = await post('/console/ledger/audit', admin);
    expect(requested.status).toBe(201);
    const again = await post('/console/ledger/audit', secondAdmin);
    expect(again.body.auditId).toBe(requested.body.auditId);
    const waiting = await get('/console/ledger/audit', admin, requested.body.position);
    expect(waiting.body.pendingSince).toEqual(expect.any(String));

    const worker = new LedgerAuditWorker(stack.db.pool, new PostgresEventStore(stack.db.pool));
    expect(await worker.tick()).toBe(1);
    const head = (await headPosition(stack.db.pool)).toString();
    const status = await get('/console/ledger/audit', admin, head);
    expect(status.body.pendingSince).toBeNull();
    expect(status.body.latest).toMatchObject({
      auditId: requested.body.auditId,
      ok: true,
      differenceCount: 0,
      requestedBy: { uid: 'ops-admin-1' },
    });
    expect(status.body.latest.totals.DMND.minted).toBeGreaterThan(0);
    expect((await auditLedger(stack.db.pool)).ok).toBe(true);
  });
});

describe('every operator door that moves money or changes roles is audited', () => {
  /** Events that move diamonds or charm, decide a grant, or change what a user may do. */
  const moneyAndRoleEvents = new Set([
    'DiamondsCredited',
    'DiamondsSpent',
    'SkuPurchased',
    'GiftSent',
    'SubscribedToCreator',
    'DiamondsHeld',
    'HoldReleased',
    'HoldSpent',
    'CharmWithdrawn',
    'WithdrawalCompleted',
    'WithdrawalFailed',
    'PaymentConfirmed',
    'RewardClaimed',
    'DiamondGrantRequested',
    'DiamondGrantApproved',
    'DiamondGrantRejected',
    'RoleGranted',
    'RoleRevoked',
    'HostApplicationApproved',
  ]);
  type Door = (operator: string) => Promise<{ status: number }>;
  const over = moneyOperations.grantApprovalThreshold + 1;
  /** Each operator route that moves money or changes roles, called once for real as `operator`. */
  const doors: Record<string, Door> = {
    'POST /console/grants': async (operator) =>
      post(
        '/console/grants',
        await stack.tokenFor(operator, ['ad']),
        { uid: 'door-grantee', amount: 50, reason: 'Goodwill' },
        { 'idempotency-key': `door-${operator}` },
      ),
    'POST /console/grants/{grantId}/approve': async (operator) => {
      const requested = await post(
        '/console/grants',
        admin,
        { uid: 'door-grantee', amount: over, reason: 'Prize' },
        { 'idempotency-key': `door-approve-${operator}` },
      );
      return post(`/console/grants/${requested.body.grantId}/approve`, await stack.tokenFor(operator, ['ad']));
    },
    'POST /console/grants/{grantId}/reject': async (operator) => {
      const requested = await post(
        '/console/grants',
        admin,
        { uid: 'door-grantee', amount: over, reason: 'Prize' },
        { 'idempotency-key': `door-reject-${operator}` },
      );
      return post(`/console/grants/${requested.body.grantId}/reject`, await stack.tokenFor(operator, ['ad']), { reason: 'No ticket' });
    },
    'POST /console/withdrawals/{withdrawalId}/settle': async (operator) => {
      const { withdrawalId, position } = await pendingWithdrawal();
      await get('/console/withdrawals', admin, position);
      return post(`/console/withdrawals/${withdrawalId}/settle`, await stack.tokenFor(operator, ['ad']), { reference: txHash });
    },
    'POST /console/withdrawals/{withdrawalId}/reject': async (operator) => {
      const { withdrawalId, position } = await pendingWithdrawal();
      await get('/console/withdrawals', admin, position);
      return post(`/console/withdrawals/${withdrawalId}/reject`, await stack.tokenFor(operator, ['ad']), { reason: 'Wrong address' });
    },
    'POST /admin/users/{uid}/roles': async (operator) => {
      const user = await signUpWithWallet(stack.commandUrl);
      return post(`/admin/users/${user.uid}/roles`, await stack.tokenFor(operator, ['ad']), { role: 'ag', action: 'grant' });
    },
    'POST /admin/host-applications/{uid}/decide': async (operator) => {
      const user = await signUpWithWallet(stack.commandUrl);
      const applied = await post('/host/application', user.token, {
        about: 'I host a weekly language exchange for beginners.',
        topics: 'Languages',
        hoursPerWeek: 5,
        acceptTerms: true,
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      return post(`/admin/host-applications/${user.uid}/decide`, await stack.tokenFor(operator, ['ad']), {
        applicationId: applied.body.applicationId,
        decision: 'approve',
      });
    },
  };
  /** Operator routes that move neither money nor roles (their own tests cover their audit rows). */
  const neither = new Set([
    'POST /admin/users/{uid}/ban',
    'POST /console/ledger/audit',
    'POST /console/reports/{id}/decide',
    'POST /console/users/{uid}/sign-out',
    'POST /console/lobbies/{id}/terminate',
    'POST /console/lobbies/{id}/remove',
    'POST /console/agencies/{agencyId}/verify',
    'POST /console/ops/rebuild',
    // The waitlist flag grants no role (it gates nothing yet); its own test checks the operator's audit row.
    'POST /console/users/{uid}/waitlist',
  ]);

  it('names every operator command route of the catalogue as a door exercised here or as moving neither', () => {
    const operatorRoutes = apiCatalogue
      .filter((r) => r.method !== 'GET' && r.roles?.some((role) => role === 'ad' || role === 'dev'))
      .map((r) => `${r.method} ${r.path}`);
    expect(
      operatorRoutes.filter((key) => !(key in doors) && !neither.has(key)),
      'operator routes neither exercised as a money or role door nor named as moving neither',
    ).toEqual([]);
    expect(
      Object.keys(doors).filter((key) => !operatorRoutes.includes(key)),
      'doors that are no operator route of the catalogue',
    ).toEqual([]);
  });

  it.each(Object.keys(doors))(
    '%s carries its operator into every money or role event it writes, each in the operator audit',
    async (key) => {
      const operator = `door-op-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
      const before = await headPosition(stack.db.pool);
      const res = await doors[key]!(operator);
      expect(res.status, key).toBeLessThan(300);
      const { rows } = await stack.db.pool.query<{ position: string; type: string; stream_id: string; actor: string | null; tx: string }>(
        `select global_position::text as position, type, stream_id, metadata->>'actorUid' as actor, transaction_id::text as tx
         from events where global_position > $1 order by global_position`,
        [before.toString()],
      );
      // What the operator's request wrote: every event committed with one the operator's name is on.
      const operatorTx = new Set(rows.filter((r) => r.actor === operator).map((r) => r.tx));
      const moved = rows.filter((r) => operatorTx.has(r.tx) && moneyAndRoleEvents.has(r.type));
      expect(moved.length, `${key} wrote no money or role event as ${operator}`).toBeGreaterThan(0);
      // Each of them names the operator ...
      expect(
        moved.filter((r) => r.actor !== operator).map((r) => `${r.type} on ${r.stream_id}`),
        `${key}: events without the operator`,
      ).toEqual([]);
      // ... and is in the operator audit, itself or by the decision committed with it.
      const last = moved.at(-1)!.position;
      await get(`/console/audit?operator=${operator}`, admin, last);
      const audited = await stack.db.pool.query<{ position: string }>(
        'select position::text from rm.operator_actions where operator_uid = $1',
        [operator],
      );
      const auditedTx = new Set(rows.filter((r) => audited.rows.some((a) => a.position === r.position)).map((r) => r.tx));
      expect(
        moved.filter((r) => !auditedTx.has(r.tx)).map((r) => `${r.type} on ${r.stream_id}`),
        `${key}: money or role events not in the operator audit`,
      ).toEqual([]);
    },
  );
});
