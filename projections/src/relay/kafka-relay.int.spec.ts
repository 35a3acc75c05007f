// The log relay's Kafka adapter against a real Kafka, where one runs: set KAFKA_BROKERS
// (host:port,...). No Kafka server can run on our machines, so here this file reports its tests as
// skipped; NATS JetStream (nats-relay.int.spec.ts) is what runs here.
import { randomBytes } from 'node:crypto';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayedEvent } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { KafkaLogPublisher } from './kafka-publisher.ts';
import { LogRelay } from './relay.ts';

const brokers = process.env.KAFKA_BROKERS?.split(',').map((b) => b.trim());

describe.skipIf(!brokers)('the log relay to Kafka', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('publishes every event, each stream in order on its key, with its event id', async () => {
    const store = new PostgresEventStore(db.pool);
    for (let i = 0; i < 30; i++)
      await store.append(`relaytest-${i % 3}`, [{ type: 'TestRelayed', data: { n: i } }], { expectedVersion: 'any' });
    const topic = `murmur-test-${randomBytes(4).toString('hex')}`;
    const publisher = await KafkaLogPublisher.connect({ brokers: brokers!, topic });
    const relay = new LogRelay(db.pool, db.url, publisher, { batchSize: 7 });
    await relay.start();
    const kafka = new Kafka({ clientId: 'murmur-test', brokers: brokers! });
    const consumer = kafka.consumer({ groupId: `${topic}-reader` });
    const seen: RelayedEvent[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const all = new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            seen.push(RelayedEvent.parse(JSON.parse(message.value!.toString())));
            if (seen.length >= 30) resolve();
          },
        });
      });
      await Promise.race([all, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 60_000))]);
      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(30);
      for (const stream of ['relaytest-0', 'relaytest-1', 'relaytest-2']) {
        const versions = seen.filter((e) => e.streamId === stream).map((e) => Number(e.streamVersion));
        expect(versions).toEqual(versions.map((_, i) => i + 1));
      }
    } finally {
      await consumer.disconnect();
      await relay.stop();
      await publisher.close();
    }
  });
});
