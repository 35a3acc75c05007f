// The log relay against the machine's NATS JetStream (127.0.0.1:4222, or NATS_URL): every event
// once, in log order, a consumer from any position, and a relay killed mid-load replaced by
// another without losing or doubling an event. Each test file has its own JetStream stream.
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayedEvent } from '@murmur/contracts';
import { PostgresEventStore, WrongExpectedVersion, lockKey } from '@murmur/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { startService, type ServiceProcess } from '../../../test-support/service-processes.ts';
import { NatsLogPublisher, type NatsLogTarget } from './nats-publisher.ts';
import { readRelayedLog } from './nats-log-reader.ts';
import { LogRelay, RELAY_SUBSCRIPTION } from './relay.ts';

const servers = process.env.NATS_URL ?? '127.0.0.1:4222';
let db: TestDatabase;
let store: PostgresEventStore;
let nats: NatsConnection;
let jsm: JetStreamManager;
const targets: NatsLogTarget[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  nats = await connect({ servers });
  jsm = await jetstreamManager(nats);
});
afterAll(async () => {
  for (const t of targets) await jsm.streams.delete(t.stream).catch(() => undefined);
  await nats?.drain();
  await db?.drop();
});

/** A JetStream stream and subject space of this test's own. */
function freshTarget(): NatsLogTarget {
  const tag = randomBytes(5).toString('hex');
  const target = { servers, stream: `MURMUR_TEST_${tag}`, subjectPrefix: `murmurtest.${tag}` };
  targets.push(target);
  return target;
}

/** The log as PostgreSQL orders it: `{streamId}@{version}` per event. */
async function logOrder(): Promise<Array<{ eventId: string; position: string }>> {
  const { rows } = await db.pool.query<{ stream_id: string; stream_version: string; transaction_id: string; global_position: string }>(
    'select stream_id, stream_version, transaction_id::text, global_position from events order by transaction_id, global_position',
  );
  return rows.map((r) => ({ eventId: `${r.stream_id}@${r.stream_version}`, position: `${r.transaction_id}:${r.global_position}` }));
}

async function relayed(target: NatsLogTarget, count: number, from: { transactionId: bigint; globalPosition: bigint } | null = null) {
  const abort = new AbortController();
  const seen: RelayedEvent[] = [];
  const timer = setTimeout(() => abort.abort(), 30_000);
  if (count > 0)
    for await (const event of readRelayedLog(nats, { stream: target.stream, from, signal: abort.signal })) {
      seen.push(event);
      if (seen.length >= count) break;
    }
  clearTimeout(timer);
  return seen;
}

async function storedCount(target: NatsLogTarget): Promise<number> {
  return (await jsm.streams.info(target.stream)).state.messages;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Appends from `writers` concurrent writers, `each` events apiece, over `streams` streams, each
 * append with the version its writer last read and a retry on conflict, as a command handler does. */
async function appendConcurrently(tag: string, writers: number, each: number, streams: number): Promise<void> {
  const versions = new Map<string, bigint>();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < each; i++) {
        const stream = `relaytest-${tag}-${(w + i) % streams}`;
        for (;;) {
          try {
            const r = await store.append(stream, [{ type: 'TestRelayed', data: { writer: w, n: i } }], {
              expectedVersion: versions.get(stream) ?? 'no_stream',
            });
            versions.set(stream, r.nextExpectedVersion);
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersion)) throw error;
            versions.set(stream, (await store.readStream(stream)).version);
          }
        }
      }
    }),
  );
}

describe('the log relay to NATS JetStream', () => {
  it('publishes every event once, in the log order, from overlapping appends on many streams', async () => {
    const target = freshTarget();
    await appendConcurrently('a', 12, 15, 5);
    const publisher = await NatsLogPublisher.connect(target);
    const relay = new LogRelay(db.pool, db.url, publisher, { batchSize: 40 });
    await relay.start();
    try {
      const log = await logOrder();
      await waitFor(async () => (await storedCount(target)) >= log.length, 'the relay to publish the log');
      const events = await relayed(target, log.length);
      expect(events.map((e) => e.eventId)).toEqual(log.map((e) => e.eventId));
      expect(events.map((e) => `${e.transactionId}:${e.globalPosition}`)).toEqual(log.map((e) => e.position));
      expect(await storedCount(target)).toBe(log.length);
      // Per stream, versions 1, 2, 3... in the order a consumer reads them.
      const versions = new Map<string, number[]>();
      for (const e of events) versions.set(e.streamId, [...(versions.get(e.streamId) ?? []), Number(e.streamVersion)]);
      for (const list of versions.values()) expect(list).toEqual(list.map((_, i) => i + 1));
      expect(events[0]!.data).toMatchObject({ writer: expect.any(Number) });
    } finally {
      await relay.stop();
      await publisher.close();
    }
  });

  it('lets a consumer start after any position of the log', async () => {
    const target = freshTarget();
    const publisher = await NatsLogPublisher.connect(target);
    const all = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 10_000);
    await publisher.publish(all);
    await publisher.close();
    for (const index of [0, 1, 36, all.length - 2]) {
      const from = all[index]!;
      const after = await relayed(target, all.length - index - 1, {
        transactionId: from.transactionId,
        globalPosition: from.globalPosition,
      });
      expect(after.map((e) => e.eventId)).toEqual(all.slice(index + 1).map((e) => `${e.streamId}@${e.streamVersion}`));
    }
    // Past the end: nothing yet.
    const last = all.at(-1)!;
    expect(await relayed(target, 0, { transactionId: last.transactionId, globalPosition: last.globalPosition })).toEqual([]);
  });

  it('skips what the broker holds when a batch is offered again, and refuses a batch out of turn', async () => {
    const target = freshTarget();
    const all = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 60);
    const first = await NatsLogPublisher.connect(target);
    const second = await NatsLogPublisher.connect(target);
    try {
      expect(await first.publish(all.slice(0, 30))).toEqual({ published: 30, skipped: 0 });
      // A relay restarted after a crash offers the batch again (with more): the held part is skipped.
      expect(await second.publish(all.slice(0, 45))).toEqual({ published: 15, skipped: 30 });
      // `first` still believes the stream ends at 30. Offered what the stream holds, the broker drops
      // the repeats by their ids; offered events past the stream's end, each must follow the
      // sequence `first` believes in, so the batch is refused as a whole and the stream never holds
      // the log out of order. Offered again, it reads the head and goes on.
      await expect(first.publish(all.slice(45, 60))).rejects.toThrow();
      expect(await storedCount(target)).toBe(45);
      expect(await first.publish(all.slice(30, 60))).toEqual({ published: 15, skipped: 15 });
      const events = await relayed(target, 60);
      expect(events.map((e) => e.eventId)).toEqual(all.map((e) => `${e.streamId}@${e.streamVersion}`));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a relay killed with SIGKILL under load is replaced by another: nothing lost, nothing doubled', async () => {
    const target = freshTarget();
    await db.pool.query('delete from subscription_checkpoints where name = $1', [RELAY_SUBSCRIPTION]);
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: servers,
      NATS_LOG_STREAM: target.stream,
      NATS_LOG_SUBJECT_PREFIX: target.subjectPrefix,
      LOG_RELAY_BATCH_SIZE: '25',
    };
    const holderPid = async (): Promise<number | null> => {
      const { rows } = await db.pool.query<{ pid: number }>(
        `select l.pid from pg_locks l where l.locktype = 'advisory' and l.granted and l.objid = (hashtext($1)::bigint & 4294967295)::oid`,
        [lockKey(RELAY_SUBSCRIPTION)],
      );
      return rows[0]?.pid ?? null;
    };
    // The first relay takes the lease before the second starts, so the first is the one to kill.
    const relays: ServiceProcess[] = [await startService('log-relay', env)];
    try {
      await waitFor(async () => (await holderPid()) !== null, 'the first relay to take the lease');
      const holder = await holderPid();
      relays.push(await startService('log-relay', env));
      let loading = true;
      const load = (async () => {
        let round = 0;
        while (loading) await appendConcurrently(`k${round++}`, 4, 5, 3);
      })();
      const before = (await logOrder()).length;
      await waitFor(async () => (await storedCount(target)) > before + 20, 'the first relay to publish under load');
      expect(await holderPid()).toBe(holder);
      const killedAt = Date.now();
      await relays[0]!.kill('SIGKILL');
      await waitFor(async () => {
        const pid = await holderPid();
        return pid !== null && pid !== holder;
      }, 'the other relay to take the lease');
      const takeoverMs = Date.now() - killedAt;
      await new Promise((r) => setTimeout(r, 300));
      loading = false;
      await load;
      const log = await logOrder();
      await waitFor(async () => (await storedCount(target)) >= log.length, 'the second relay to catch up');
      const events = await relayed(target, log.length);
      const ids = events.map((e) => e.eventId);
      const doubled = ids.length - new Set(ids).size;
      const lost = log.filter((e) => !ids.includes(e.eventId)).length;
      console.log(`log relay kill test: ${log.length} events, takeover ${takeoverMs} ms, lost ${lost}, doubled ${doubled}`);
      expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
      expect(await storedCount(target)).toBe(log.length);
      expect(ids).toEqual(log.map((e) => e.eventId));
      expect(takeoverMs).toBeLessThan(5000);
    } finally {
      for (const r of relays) await r.stop().catch(() => undefined);
    }
  });
});
