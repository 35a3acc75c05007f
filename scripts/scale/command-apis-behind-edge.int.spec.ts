// Three command-api processes behind the edge, each started from its own main.ts on one database as
// `npm start` starts one, the edge taking them in turn: money stays exact whichever process answers.
// Many parallel gifts against one balance succeed exactly as often as the balance pays for, the
// balance is never below zero, a once-per-account offer is sold once, and `projections audit` is green.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { closeServer, createLogger, listen } from '@murmur/platform';
import { CommandRuntime } from '../../command-api/src/decider/command-runtime.ts';
import { systemClock, type LedgerDeps } from '../../command-api/src/dependencies.ts';
import { registerSession } from '../../command-api/src/identity/sessions.ts';
import { creditDiamonds, loadWallet } from '../../command-api/src/wallet/ledger.ts';
import { ledgerAudit } from '../../test-support/crash-checks.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { waitForProjection } from '../../test-support/projection-replay.ts';
import { startService, type ServiceProcess } from '../../test-support/service-processes.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';
import { createEdge } from '../edge.ts';

let db: TestDatabase;
let services: ServiceProcess[] = [];
let commandApis: ServiceProcess[] = [];
let edge: http.Server;
let edgeUrl: string;
let deps: LedgerDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  const env = { DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET, DEV_SMTP_SERVER: 'false' };
  const started = await Promise.allSettled([
    startService('projections', env),
    startService('query-api', env),
    ...Array.from({ length: 3 }, () => startService('command-api', env)),
  ]);
  services = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  commandApis = services.filter((s) => s.name === 'command-api');
  edge = createEdge({
    commandPort: commandApis.map((c) => c.port),
    queryPort: services.filter((s) => s.name === 'query-api').map((q) => q.port),
    gatewayPort: [],
  });
  edgeUrl = `http://127.0.0.1:${await listen(edge, 0)}`;
  deps = {
    pool: db.pool,
    store: new PostgresEventStore(db.pool),
    commands: new CommandRuntime(),
    logger: createLogger('test'),
    clock: systemClock,
  };
}, 240_000);
afterAll(async () => {
  if (edge) await closeServer(edge).catch(() => undefined);
  await Promise.all(services.map((s) => s.stop().catch(() => undefined)));
  await db?.drop();
});

async function tokenFor(uid: string): Promise<string> {
  const sid = randomUUID();
  await registerSession(db.pool, uid, sid);
  return signAccessToken(TEST_JWT_SECRET, { sub: uid, sid, roles: ['co'], anon: false, onb: true }, 900);
}

/** A POST through the edge, sent again with the same key while the processes clash on the stream
 * past their own retries (409), as a client does; at most once applied whatever the attempts. */
async function post(path: string, token: string, key: string, body: unknown): Promise<{ status: number; body: any }> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${edgeUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const answer = { status: res.status, body: await res.json() };
    if (res.status !== 409 || attempt === 20) return answer;
  }
}

describe('three command APIs behind the edge', () => {
  it('lets 300 parallel gifts against a balance that pays for 100 succeed exactly 100 times, never below zero', async () => {
    const hosts = await Promise.all(Array.from({ length: 3 }, () => signUpWithWallet(edgeUrl)));
    const uid = `spender-${randomUUID().slice(0, 8)}`;
    await creditDiamonds(deps, { uid, amount: 100 * 10, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}` }); // a rose is 10 diamonds
    const token = await tokenFor(uid);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        post('/gifting/send-gift', token, `burst-${i}`, { giftName: 'rose', quantity: 1, recipients: [hosts[i % 3]!.uid] }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    console.log(
      `300 gifts for 100 over 3 command APIs: ${ok.length} sent, ${refused.length} refused, others ${answers.length - ok.length - refused.length}`,
    );
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(200);
    expect(refused.every((r) => r.body.error.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    // Every answer saw a balance of zero or more; the stream ends at zero.
    expect(Math.min(...ok.map((r) => r.body.balance as number))).toBe(0);
    expect((await loadWallet(deps, uid)).balance).toBe(0);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = $1 and type = 'GiftSent'`,
      [`wallet-${uid}`],
    );
    expect(rows[0]!.n).toBe(100);

    await waitForProjection(db.pool, 'wallet-balances', 60_000);
    const audit = await ledgerAudit(db.url);
    expect(audit.code, audit.output).toBe(0);
  }, 120_000);

  it('sells the first top-up offer once per account when ten payments for it race across the three', async () => {
    const users = [`offer-a-${randomUUID().slice(0, 6)}`, `offer-b-${randomUUID().slice(0, 6)}`];
    const tokens = await Promise.all(users.map(tokenFor));
    const answers = await Promise.all(
      users.flatMap((_, u) =>
        Array.from({ length: 10 }, (_, i) =>
          post('/payment/topup/pay', tokens[u]!, `offer-${u}-${i}`, { channelCode: 'sandbox', purpose: 'first_topup_offer' }),
        ),
      ),
    );
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body.error.message).toBe('The first top-up offer is only for your first top-up.');
    for (const [u, uid] of users.entries()) {
      const paid = answers.slice(u * 10, u * 10 + 10).filter((a) => a.status === 200).length;
      expect(paid).toBeGreaterThanOrEqual(1);
      const { rows } = await db.pool.query<{ reason: string; amount: number }>(
        `select data->>'reason' as reason, (data->>'amount')::int as amount from events where stream_id = $1 and type = 'DiamondsCredited'`,
        [`wallet-${uid}`],
      );
      // One credit at the offer price (30 USD of diamonds); any other payment that got through before the
      // offer was used bought at the normal rate (15 USD = 1,500 diamonds).
      expect(rows.filter((r) => r.reason === 'first_topup_offer').map((r) => r.amount)).toEqual([3000]);
      expect(rows.filter((r) => r.reason === 'topup').map((r) => r.amount)).toEqual(Array(paid - 1).fill(1500));
      expect((await loadWallet(deps, uid)).balance).toBe(3000 + 1500 * (paid - 1));
    }
    await waitForProjection(db.pool, 'wallet-balances', 60_000);
    const audit = await ledgerAudit(db.url);
    expect(audit.code, audit.output).toBe(0);
  }, 120_000);
});
