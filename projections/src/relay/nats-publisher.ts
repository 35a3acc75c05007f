// Publishes the log to a NATS JetStream stream. The stream's order is the log's order: each
// message is published with the sequence the stream must have before it (`expect.lastSequence`),
// so when one is lost every later one of the batch is refused too, and the stream only ever holds a
// prefix of the log. On start and after a failure the relay reads the stream's last message to
// know where that prefix ends (the event id as message id is the broker's second guard).
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { relayHeaders, relaySubject } from '@murmur/contracts';
import { checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from '@murmur/eventstore';
import { positionOfText, positionText, relayedEventOf, type LogPublisher, type PublishOutcome } from './publisher.ts';

export interface NatsLogTarget {
  servers: string;
  /** The JetStream stream's name, e.g. MURMUR_LOG. */
  stream: string;
  /** Subjects are `{prefix}.{stream kind}.{stream id}`. */
  subjectPrefix: string;
  /** How long the broker remembers message ids to drop republished events. */
  duplicateWindowMs?: number;
  publishTimeoutMs?: number;
}

interface StreamHead {
  sequence: number;
  position: Checkpoint | null;
}

const nanos = (ms: number) => ms * 1_000_000;

/** Creates the stream when missing; an existing one keeps its settings (an operator may have tuned them). */
export async function ensureLogStream(jsm: JetStreamManager, target: NatsLogTarget): Promise<void> {
  try {
    await jsm.streams.info(target.stream);
  } catch {
    await jsm.streams.add({
      name: target.stream,
      subjects: [`${target.subjectPrefix}.>`],
      duplicate_window: nanos(target.duplicateWindowMs ?? 10 * 60_000),
    });
  }
}

/** The stream's last sequence and the log position of its last message. */
export async function readStreamHead(jsm: JetStreamManager, stream: string): Promise<StreamHead> {
  const info = await jsm.streams.info(stream);
  if (info.state.messages === 0) return { sequence: info.state.last_seq, position: null };
  const last = await jsm.streams.getMessage(stream, { seq: info.state.last_seq });
  return { sequence: info.state.last_seq, position: positionOfText(last?.header.get(relayHeaders.position)) };
}

export class NatsLogPublisher implements LogPublisher {
  readonly broker = 'nats';
  /** What the stream holds last, as this publisher last saw it; null means "read it again". */
  private head: StreamHead | null = null;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly client: JetStreamClient,
    private readonly target: NatsLogTarget,
  ) {}

  static async connect(target: NatsLogTarget): Promise<NatsLogPublisher> {
    const connection = await connect({ servers: target.servers, name: 'murmur-log-relay', maxReconnectAttempts: -1 });
    const manager = await jetstreamManager(connection);
    await ensureLogStream(manager, target);
    return new NatsLogPublisher(connection, manager, jetstream(connection), target);
  }

  async publish(events: RecordedEvent[]): Promise<PublishOutcome> {
    const head = this.head ?? (await readStreamHead(this.manager, this.target.stream));
    const fresh = head.position ? events.filter((e) => compareCheckpoints(checkpointOf(e), head.position!) > 0) : events;
    const skipped = events.length - fresh.length;
    if (fresh.length === 0) {
      this.head = head;
      return { published: 0, skipped };
    }
    this.head = null;
    const acks = await Promise.allSettled(
      fresh.map((event, i) => {
        const h = natsHeaders();
        const relayed = relayedEventOf(event);
        h.set(relayHeaders.eventId, relayed.eventId);
        h.set(relayHeaders.stream, event.streamId);
        h.set(relayHeaders.type, event.type);
        h.set(relayHeaders.position, positionText(checkpointOf(event)));
        return this.client.publish(relaySubject(this.target.subjectPrefix, event.streamId), JSON.stringify(relayed), {
          msgID: relayed.eventId,
          headers: h,
          expect: { lastSequence: head.sequence + i },
          timeout: this.target.publishTimeoutMs ?? 5000,
        });
      }),
    );
    const refused = acks.find((a) => a.status === 'rejected');
    if (refused) throw refused.reason;
    const stored = (acks as Array<PromiseFulfilledResult<{ seq: number; duplicate: boolean }>>).map((a) => a.value);
    // A repeat the broker dropped by its id was stored before (a stream that holds a prefix of the
    // log repeats only the batch's first events, so the sequences above still line up).
    const repeats = stored.filter((a) => a.duplicate).length;
    this.head = { sequence: stored.at(-1)!.seq, position: checkpointOf(fresh.at(-1)!) };
    return { published: fresh.length - repeats, skipped: skipped + repeats };
  }

  async close(): Promise<void> {
    await this.connection.drain().catch(() => undefined);
  }
}
