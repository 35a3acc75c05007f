// What every command module is built from; passed in, so tests build the real thing on their own database.
import type { PostgresEventStore } from '@murmur/eventstore';
import type { ErrorReporter, Logger, SessionGuard } from '@murmur/platform';
import type { ObjectStore } from '@murmur/platform/object-store';
import type pg from 'pg';
import type { CommandRuntime } from './decider/command-runtime.ts';
import type { IdentityRuntime } from './identity/runtime.ts';
import type { PresenceReaperOptions } from './lobbies/presence-reaper.ts';
import type { PaymentPorts } from './payments/ports.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What the command handlers and the wallet ledger need: enough for tests and benches that run
 * commands without the HTTP service. */
export type LedgerDeps = Pick<CommandDeps, 'store' | 'pool' | 'logger' | 'commands' | 'clock'>;

export interface CommandDeps {
  pool: pg.Pool;
  store: PostgresEventStore;
  /** The command handlers' in-memory state of this process: caches, per-stream queues, snapshot marks. */
  commands: CommandRuntime;
  logger: Logger;
  clock: Clock;
  jwtSecret: string;
  sessionGuard?: SessionGuard;
  /** Card provider, chain verifier and payment configuration (payments/config.ts). */
  payments: PaymentPorts;
  /** Identity's settings and mailer. */
  identity: IdentityRuntime;
  /** Uploaded media (local disk or S3); query-api reads the same store. */
  objects: ObjectStore;
  /** Where unexpected errors are reported (null: nowhere); from the environment when not given. */
  errorReporter?: ErrorReporter | null;
  /** Lobby members without a live connection leave after a grace (lobbies/presence-reaper.ts);
   * `false` turns it off (tests that join over HTTP without a socket). */
  presenceReaper?: PresenceReaperOptions | false;
  /** The chat window in ms (CHAT_WINDOW_MS); the product's limits.chatWindowSeconds when not given. */
  chatWindowMs?: number;
}
