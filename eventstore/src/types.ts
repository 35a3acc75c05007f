// The event store's small interface (docs/decisions/foundation.md): append, readStream, readAll, subscribe.
import type { EventData, EventType } from '@murmur/contracts';
import type { PoolClient } from 'pg';

export type JsonObject = { [key: string]: unknown };

/** What an appended event may carry besides its type and data. */
export interface NewEventExtras {
  schemaVersion?: number;
  metadata?: EventMetadata;
}

/** An event of the registry in `contracts`: its data is its own type's data (`{ type: T; data:
 * EventData<T> }`), so a misspelt, missing or renamed field is a compile error where it is written. */
export type TypedNewEvent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventData<K> } & NewEventExtras }[T];

/** A type the registry does not know: the store's own tests and benchmarks use made-up types, named
 * `Test...` so that none can be a registered type with unchecked data. */
export type TestEventType = `Test${string}`;
export type TestNewEvent = { type: TestEventType; data: JsonObject } & NewEventExtras;

/** What `append` takes: registry events typed by their type, or test events. An event whose type is
 * a plain `string` is neither: narrow it first (`eventOf`, `parseEvent`). The store still checks
 * every registered type's data at run time, whatever the caller's types said. */
export type NewEvent = TypedNewEvent | TestNewEvent;

export interface EventMetadata {
  causationId?: string;
  correlationId?: string;
  actorUid?: string;
  idempotencyKey?: string;
  clientIpHash?: string;
  [key: string]: unknown;
}

export interface RecordedEvent<Data extends JsonObject = JsonObject> {
  globalPosition: bigint;
  transactionId: bigint;
  streamId: string;
  streamVersion: bigint;
  type: string;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

/** Where a global reader stands: the last (transaction id, global position) pair it has seen. */
export interface Checkpoint {
  transactionId: bigint;
  globalPosition: bigint;
}
export const START: Checkpoint = Object.freeze({ transactionId: 0n, globalPosition: 0n });

/** The stream's version is the count of its events; 'no_stream' is version 0. */
export type ExpectedVersion = bigint | number | 'no_stream' | 'any';

export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
  idempotencyKey?: string;
  /** Append inside the caller's transaction (the caller commits). */
  client?: PoolClient;
  /** Append only while another stream is still at this version, in the same statement, with that
   * stream's row locked against writers until the append commits: a rule decided on the other
   * stream's state (a chat sender still a member of the lobby) still holds when the events are
   * written. Otherwise WrongExpectedVersion names the guard's stream and nothing is written. */
  guard?: StreamGuard;
}

export interface StreamGuard {
  streamId: string;
  version: bigint;
}

export interface AppendResult {
  streamId: string;
  firstPosition: bigint;
  lastPosition: bigint;
  /** The stream's version after this append. */
  nextExpectedVersion: bigint;
  /** True when the idempotency key was seen before: nothing was written, the first result is returned. */
  duplicate: boolean;
}

export interface ReadStreamResult {
  streamId: string;
  version: bigint;
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  fromVersion?: bigint;
  limit?: number;
  requireExisting?: boolean;
  client?: PoolClient;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** An unknown stream reads as empty at version 0, or throws StreamNotFound with `requireExisting`. */
  /** `client`: read inside that transaction (a command holding a connection must not wait for a second one). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult>;
  readAll(from: Checkpoint, limit: number): Promise<RecordedEvent[]>;
}
