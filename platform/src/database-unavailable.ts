// Failures that mean "the database cannot be reached for now" (a restart, a crash recovery, a
// failover, a full connection table), as opposed to a bug: the request decided nothing that was
// acknowledged, so it is answered 503 and the client sends it again with the same idempotency key
// (which answers the first result if the first attempt did commit before its connection died).

/** SQLSTATEs of a server that is going away, starting up or refusing connections. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: terminated by a shutdown or pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, every connection is cut
  '57P03', // cannot_connect_now: starting up, in recovery, shutting down
  '53300', // too_many_connections
]);

/** Errors of the socket under a connection. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Messages node-postgres gives a connection that ended or could not be made. */
const connectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (unavailableStates.has(e.code) || e.code.startsWith('08') || networkCodes.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && connectionMessages.some((m) => (e.message as string).startsWith(m))) return true;
  // Node's happy-eyeballs connect rejects with an AggregateError of every address's refusal.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}
