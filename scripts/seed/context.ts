// What a seeder gets: the running command-api, a way to act as any user, and the database.
import type { RoleCode } from '@murmur/contracts';
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';

export interface SeedContext {
  commandUrl: string;
  queryUrl: string;
  pool: pg.Pool;
  store: PostgresEventStore;
  /** An access token for a seeded user (demo only; real users sign in). */
  tokenFor(uid: string, roles?: RoleCode[]): Promise<string>;
  /** POST/PUT to command-api as a user; throws on a non-2xx answer. */
  post(path: string, token: string, body?: unknown, method?: string): Promise<any>;
  /** Values earlier seeders left for later ones (uids, lobby ids). */
  shared: Record<string, unknown>;
}
