// How a system outside the platform reads the relayed log from NATS JetStream, from any position
// of the log: the stream holds the log in its order, so the first message after a position is
// found by binary search on the messages' position header.
import type { NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { RelayedEvent, relayHeaders } from '@murmur/contracts';
import { compareCheckpoints, type Checkpoint } from '@murmur/eventstore';
import { positionOfText } from './publisher.ts';

/** The first stream sequence whose event comes after `from` in the log (past the end when none does). */
export async function sequenceAfter(jsm: JetStreamManager, stream: string, from: Checkpoint | null): Promise<number> {
  const { state } = await jsm.streams.info(stream);
  if (from === null || state.messages === 0) return state.first_seq;
  let low = state.first_seq;
  let high = state.last_seq + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const message = await jsm.streams.getMessage(stream, { seq: middle });
    const position = positionOfText(message?.header.get(relayHeaders.position));
    if (!position) throw new Error(`${stream} #${middle} carries no ${relayHeaders.position} header`);
    if (compareCheckpoints(position, from) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface RelayedLogReading {
  stream: string;
  /** Events after this position (null: from the start of the stream). */
  from: Checkpoint | null;
  /** Subjects to take, e.g. `murmur.log.wallet.>`; all when left out. */
  subjects?: string[];
  signal?: AbortSignal;
}

/** Every relayed event after `from`, in log order, then new ones as they come, until `signal` aborts. */
export async function* readRelayedLog(connection: NatsConnection, reading: RelayedLogReading): AsyncGenerator<RelayedEvent> {
  const jsm = await jetstreamManager(connection);
  const start = await sequenceAfter(jsm, reading.stream, reading.from);
  const consumer = await jetstream(connection).consumers.get(reading.stream, {
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: start,
    ...(reading.subjects ? { filter_subjects: reading.subjects } : {}),
  });
  const messages = await consumer.consume();
  const stop = () => void messages.close();
  reading.signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const message of messages) yield RelayedEvent.parse(message.json());
  } finally {
    reading.signal?.removeEventListener('abort', stop);
    await messages.close();
  }
}
