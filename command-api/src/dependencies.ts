// What every command module is built from; passed in, so tests build the real thing on their own database.
import type { PostgresEventStore } from '@murmur/eventstore';
import type { Logger, SessionGuard } from '@murmur/platform';
import type pg from 'pg';
import type { CommandRuntime } from './decider/command-runtime.ts';
import type { IdentityRuntime } from './identity/runtime.ts';
import type { PresenceReaperOptions } from './lobbies/presence-reaper.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface CommandDeps {
  pool: pg.Pool;
  store: PostgresEventStore;
  /** The command handlers' in-memory state of this process: caches, per-stream queues, snapshot marks. */
  commands: CommandRuntime;
  logger: Logger;
  clock: Clock;
  jwtSecret: string;
  sessionGuard?: SessionGuard;
  /** Identity's settings and mailer; built from the environment when absent. */
  identity?: IdentityRuntime;
  /** Lobby members without a live connection leave after a grace (lobbies/presence-reaper.ts);
   * `false` turns it off (tests that join over HTTP without a socket). */
  presenceReaper?: PresenceReaperOptions | false;
}
