// Publishes the log to a Kafka topic (the design card's broker, for deployments that run Kafka):
// the stream id is the message key, so a stream's events stay in order on one partition; the
// producer is idempotent with one request in flight, so a retry within a session is not doubled.
// Kafka keeps no message ids across producer sessions: after a crash the relay may publish a batch
// again, and consumers drop an event id they have seen (docs/decisions/log-relay.md). Tested where
// KAFKA_BROKERS is set; no Kafka server runs on our machines.
import { Kafka, type Producer } from 'kafkajs';
import { relayHeaders } from '@murmur/contracts';
import { checkpointOf, type RecordedEvent } from '@murmur/eventstore';
import { positionText, relayedEventOf, type LogPublisher, type PublishOutcome } from './publisher.ts';

export interface KafkaLogTarget {
  brokers: string[];
  topic: string;
  clientId?: string;
}

export class KafkaLogPublisher implements LogPublisher {
  readonly broker = 'kafka';

  private constructor(
    private readonly producer: Producer,
    private readonly topic: string,
  ) {}

  static async connect(target: KafkaLogTarget): Promise<KafkaLogPublisher> {
    const kafka = new Kafka({ clientId: target.clientId ?? 'murmur-log-relay', brokers: target.brokers });
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
    await producer.connect();
    return new KafkaLogPublisher(producer, target.topic);
  }

  async publish(events: RecordedEvent[]): Promise<PublishOutcome> {
    if (events.length === 0) return { published: 0, skipped: 0 };
    await this.producer.send({
      topic: this.topic,
      acks: -1,
      messages: events.map((event) => {
        const relayed = relayedEventOf(event);
        return {
          key: event.streamId,
          value: JSON.stringify(relayed),
          headers: {
            [relayHeaders.eventId]: relayed.eventId,
            [relayHeaders.stream]: event.streamId,
            [relayHeaders.type]: event.type,
            [relayHeaders.position]: positionText(checkpointOf(event)),
          },
        };
      }),
    });
    return { published: events.length, skipped: 0 };
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }
}
