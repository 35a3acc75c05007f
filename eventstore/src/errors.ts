// Typed errors of the event store; the command layer maps them to HTTP statuses.
export class EventStoreError extends Error {
  constructor(
    readonly code: 'WRONG_EXPECTED_VERSION' | 'INVALID_EXPECTED_VERSION' | 'INVALID_EVENT' | 'INVALID_STREAM_ID' | 'STREAM_NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class WrongExpectedVersion extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly expected: bigint | 'no_stream',
    readonly actual: bigint | null,
  ) {
    super('WRONG_EXPECTED_VERSION', `Stream ${streamId}: expected version ${expected}, actual ${actual ?? 'no stream'}`);
  }
}

export class InvalidExpectedVersion extends EventStoreError {
  constructor(value: unknown) {
    super('INVALID_EXPECTED_VERSION', `Expected version must be a non-negative integer, 'no_stream' or 'any'; got ${String(value)}`);
  }
}

export class InvalidEvent extends EventStoreError {
  constructor(message: string) {
    super('INVALID_EVENT', message);
  }
}

export class InvalidStreamId extends EventStoreError {
  constructor(streamId: unknown) {
    super('INVALID_STREAM_ID', `Invalid stream id: ${JSON.stringify(streamId)}`);
  }
}

export class StreamNotFound extends EventStoreError {
  constructor(streamId: string) {
    super('STREAM_NOT_FOUND', `Stream ${streamId} does not exist`);
  }
}

/** PostgreSQL rolled the transaction back to break a deadlock (SQLSTATE 40P01): nothing of it was
 * written, so the whole transaction may be made again. */
export const isDeadlock = (error: unknown): boolean => error instanceof Error && (error as { code?: unknown }).code === '40P01';
