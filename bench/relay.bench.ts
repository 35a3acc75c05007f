// The log relay's throughput to NATS JetStream beside a plain pipelined JetStream publish of the
// same messages (same bodies and message ids, no log read, no checkpoint), in the same run. The
// relay must deliver every event once: fewer or more messages in the stream fail the bench.
import { randomBytes } from 'node:crypto';
import { connect, headers, jetstream, jetstreamManager } from '../projections/src/relay/nats-client.ts';
import { PostgresEventStore, START } from '@murmur/eventstore';
import { NatsLogPublisher, ensureLogStream, type NatsLogTarget } from '../projections/src/relay/nats-publisher.ts';
import { relayedEventOf } from '../projections/src/relay/publisher.ts';
import { LogRelay } from '../projections/src/relay/relay.ts';
import { benchDatabase, report } from './support.ts';
import { benchSize } from './size.ts';

const EVENTS = benchSize({ full: 30_000, tiny: 600, env: 'RELAY_BENCH_EVENTS' });
const servers = process.env.NATS_URL ?? '127.0.0.1:4222';

export default async function relayBench(): Promise<void> {
  const db = await benchDatabase('relay', 10);
  const nats = await connect({ servers });
  const jsm = await jetstreamManager(nats);
  const tag = randomBytes(4).toString('hex');
  const target = (name: string): NatsLogTarget => ({
    servers,
    stream: `MURMUR_BENCH_${name}_${tag}`,
    subjectPrefix: `murmurbench.${name}${tag}`,
  });
  const raw = target('RAW');
  const relayed = target('RELAY');
  try {
    const store = new PostgresEventStore(db.pool);
    for (let i = 0; i < EVENTS; i += 100)
      await store.append(
        `relaybench-${i % 97}-${i}`,
        Array.from({ length: Math.min(100, EVENTS - i) }, (_, k) => ({
          type: 'TestRelayBench' as const,
          data: { n: i + k, note: 'x'.repeat(200) },
        })),
      );
    const events = await store.readAll(START, EVENTS + 10);

    // Baseline: the same messages published pipelined in windows of the relay's batch size.
    await ensureLogStream(jsm, raw);
    const js = jetstream(nats);
    const rawStarted = performance.now();
    for (let i = 0; i < events.length; i += 500)
      await Promise.all(
        events.slice(i, i + 500).map((e) => {
          const body = relayedEventOf(e);
          const h = headers();
          h.set('Murmur-Event-Id', body.eventId);
          return js.publish(`${raw.subjectPrefix}.other.${e.streamId}`, JSON.stringify(body), { msgID: body.eventId, headers: h });
        }),
      );
    const rawPerSecond = events.length / ((performance.now() - rawStarted) / 1000);

    const publisher = await NatsLogPublisher.connect(relayed);
    const relay = new LogRelay(db.pool, db.url, publisher, { batchSize: 500 });
    const started = performance.now();
    await relay.start();
    const deadline = Date.now() + 120_000;
    while ((await jsm.streams.info(relayed.stream)).state.messages < events.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const perSecond = events.length / ((performance.now() - started) / 1000);
    await relay.stop();
    await publisher.close();
    const stored = (await jsm.streams.info(relayed.stream)).state.messages;
    report({
      bench: 'relay',
      case: `log relay to JetStream, ${events.length} events from the log`,
      value: perSecond,
      unit: 'events/s',
      baseline: rawPerSecond,
      extra: { stored, failures: Math.abs(stored - events.length) },
    });
  } finally {
    for (const t of [raw, relayed]) await jsm.streams.delete(t.stream).catch(() => undefined);
    await nats.drain();
    await db.drop();
  }
}
