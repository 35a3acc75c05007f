import { createLogger } from '@murmur/platform';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { CommandRuntime } from '../decider/command-runtime.ts';
import { systemClock, type LedgerDeps } from '../dependencies.ts';
import { creditDiamonds, loadWallet, spendDiamonds } from './ledger.ts';

let db: TestDatabase;
let deps: LedgerDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  deps = {
    pool: db.pool,
    store: new PostgresEventStore(db.pool),
    commands: new CommandRuntime(),
    logger: createLogger('test'),
    clock: systemClock,
  };
});
afterAll(async () => db?.drop());

describe('ledger', () => {
  it('credits and spends, once per idempotency key', async () => {
    const c1 = await creditDiamonds(deps, { uid: 'l1', amount: 300, reason: 'demo_grant', reference: 'seed', idempotencyKey: 'grant-1' });
    expect(c1.balance).toBe(300);
    const again = await creditDiamonds(deps, {
      uid: 'l1',
      amount: 300,
      reason: 'demo_grant',
      reference: 'seed',
      idempotencyKey: 'grant-1',
    });
    expect(again).toEqual(c1);
    const s1 = await spendDiamonds(deps, { uid: 'l1', amount: 300, reason: 'room_fee', reference: 'room-1', idempotencyKey: 'fee-1' });
    expect(s1.balance).toBe(0);
    // The retry of a spend that emptied the wallet answers with the first result, not a refusal.
    const retry = await spendDiamonds(deps, { uid: 'l1', amount: 300, reason: 'room_fee', reference: 'room-1', idempotencyKey: 'fee-1' });
    expect(retry.position).toBe(s1.position);
    expect(retry.balance).toBe(0);
    const { rows } = await db.pool.query(`select count(*)::int as n from events where stream_id = 'wallet-l1'`);
    expect(rows[0].n).toBe(2);
  });

  it('refuses a spend above the balance with INSUFFICIENT_BALANCE and writes nothing', async () => {
    await creditDiamonds(deps, { uid: 'l2', amount: 50, reason: 'demo_grant', reference: 'seed', idempotencyKey: 'g' });
    await expect(
      spendDiamonds(deps, { uid: 'l2', amount: 51, reason: 'post_unlock', reference: 'post-1', idempotencyKey: 's' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await loadWallet(deps, 'l2')).balance).toBe(50);
  });

  it('scopes keys per wallet: the same caller key on two wallets moves both', async () => {
    await creditDiamonds(deps, { uid: 'l3', amount: 10, reason: 'demo_grant', reference: 'seed', idempotencyKey: 'same' });
    await creditDiamonds(deps, { uid: 'l4', amount: 10, reason: 'demo_grant', reference: 'seed', idempotencyKey: 'same' });
    expect((await loadWallet(deps, 'l3')).balance).toBe(10);
    expect((await loadWallet(deps, 'l4')).balance).toBe(10);
  });

  it('never goes below zero when two processes (two caches) spend at once', async () => {
    await creditDiamonds(deps, { uid: 'l5', amount: 100, reason: 'demo_grant', reference: 'seed', idempotencyKey: 'g' });
    const other: LedgerDeps = { ...deps, store: new PostgresEventStore(db.pool), commands: new CommandRuntime() };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        spendDiamonds(i % 2 ? deps : other, { uid: 'l5', amount: 10, reason: 'room_fee', reference: `r${i}`, idempotencyKey: `k${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect((await loadWallet(deps, 'l5')).balance).toBe(0);
  });

  it('snapshots a long wallet so a fresh process reads the snapshot and the events after it', async () => {
    await deps.store.append(
      'wallet-long',
      Array.from({ length: 2500 }, (_, i) => ({
        type: 'DiamondsCredited',
        data: { uid: 'long', amount: 2, reason: 'demo_grant', reference: `r${i}`, creditedAt: 'x' },
      })),
    );
    await spendDiamonds(deps, { uid: 'long', amount: 1, reason: 'room_fee', reference: 'r', idempotencyKey: 'snap-1' });
    let snapshot: { version: string; state: { balance: number } } | undefined;
    for (let i = 0; i < 50 && !snapshot; i++) {
      snapshot = (await db.pool.query(`select version::text, state from wallet_snapshots where stream_id = 'wallet-long'`)).rows[0];
      if (!snapshot) await new Promise((r) => setTimeout(r, 20));
    }
    expect(snapshot).toEqual({ version: '2501', state: expect.objectContaining({ balance: 4999 }) });
    await spendDiamonds(deps, { uid: 'long', amount: 1, reason: 'room_fee', reference: 'r', idempotencyKey: 'snap-2' });
    const fresh: LedgerDeps = { ...deps, store: new PostgresEventStore(db.pool), commands: new CommandRuntime() };
    expect((await loadWallet(fresh, 'long')).balance).toBe(4998);
    expect(fresh.commands.cache.get('wallet-long')?.version).toBe(2502n);
    // Proof that the snapshot is what a fresh process starts from: a marked snapshot shows through.
    await db.pool.query(`update wallet_snapshots set state = jsonb_set(state, '{balance}', '7000') where stream_id = 'wallet-long'`);
    const marked: LedgerDeps = { ...deps, store: new PostgresEventStore(db.pool), commands: new CommandRuntime() };
    expect((await loadWallet(marked, 'long')).balance).toBe(6999);
  });
});
