// Loads the demo data once: only into a database whose log is empty.
import { signAccessToken, streamIds, type RoleCode } from '@murmur/contracts';
import { logIsEmpty, type PostgresEventStore } from '@murmur/eventstore';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { registerSession } from '../../command-api/src/identity/sessions.ts';
import type { SeedContext } from './context.ts';
import { seeders } from './index.ts';

const DEMO_SECRET = process.env.JWT_SECRET ?? 'murmur-demo-secret-change-me-in-production-0123456789';

export interface SeedTarget {
  pool: pg.Pool;
  store: PostgresEventStore;
  commandUrl: string;
  queryUrl: string;
  /** The secret the command-api verifies tokens with (the demo's, unless JWT_SECRET says otherwise). */
  jwtSecret?: string;
}

/** Loads the demo data; answers what the seeders shared (the demo users' uids, the lobby ids), or
 * null when the log already held events and nothing was loaded. */
export async function seedDemo(target: SeedTarget): Promise<Record<string, unknown> | null> {
  const { jwtSecret = DEMO_SECRET, ...base } = target;
  // The projections process records a ledger digest as it starts, which may land before this check:
  // a log holding only that has never been used.
  if (!(await logIsEmpty(base.pool, [streamIds.ledgerDigest()]))) return null;
  const ctx: SeedContext = {
    ...base,
    shared: {},
    // The session guard accepts only registered sessions, so the demo token's session is registered.
    async tokenFor(uid: string, roles: RoleCode[] = ['co']) {
      const sid = randomUUID();
      await registerSession(base.pool, uid, sid);
      return signAccessToken(jwtSecret, { sub: uid, sid, roles, anon: false, onb: true }, 3600);
    },
    async post(path, token, body, method = 'POST') {
      const res = await fetch(`${base.commandUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`seed ${method} ${path} -> ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
  };
  const failed: string[] = [];
  for (const seeder of seeders) {
    try {
      await seeder.run(ctx);
    } catch (error) {
      failed.push(seeder.name);
      console.error(`demo seeder ${seeder.name} failed:`, (error as Error).message);
    }
  }
  console.log(
    seedSummary(
      seeders.map((s) => s.name),
      failed,
    ),
  );
  return ctx.shared;
}

/** What `npm start` says after seeding: the parts loaded, and the parts that failed with how to load
 * them again (the seed runs into an empty log only, so the next start would not retry them). */
export function seedSummary(names: readonly string[], failed: readonly string[]): string {
  const loaded = names.filter((n) => !failed.includes(n));
  const done = `Demo data loaded (${loaded.join(', ') || 'nothing'}).`;
  if (failed.length === 0) return done;
  return (
    `${done} Not loaded: ${failed.join(', ')} (see above). The demo data goes only into an empty database: ` +
    'stop, delete .data/ and run npm start again to load it all.'
  );
}
