// Loads the demo data once: only into a database whose log is empty.
import { signAccessToken, type RoleCode } from '@murmur/contracts';
import { logIsEmpty, type PostgresEventStore } from '@murmur/eventstore';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { registerSession } from '../../command-api/src/identity/sessions.ts';
import type { SeedContext } from './context.ts';
import { seeders } from './index.ts';

const DEMO_SECRET = process.env.JWT_SECRET ?? 'murmur-demo-secret-change-me-in-production-0123456789';

export async function seedDemo(base: { pool: pg.Pool; store: PostgresEventStore; commandUrl: string; queryUrl: string }): Promise<void> {
  if (!(await logIsEmpty(base.pool))) return;
  const ctx: SeedContext = {
    ...base,
    shared: {},
    // The session guard accepts only registered sessions, so the demo token's session is registered.
    async tokenFor(uid: string, roles: RoleCode[] = ['co']) {
      const sid = randomUUID();
      await registerSession(base.pool, uid, sid);
      return signAccessToken(DEMO_SECRET, { sub: uid, sid, roles, anon: false, onb: true }, 3600);
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
  for (const seeder of seeders) {
    try {
      await seeder.run(ctx);
    } catch (error) {
      console.error(`demo seeder ${seeder.name} failed:`, (error as Error).message);
    }
  }
  console.log(`Demo data loaded (${seeders.map((s) => s.name).join(', ') || 'no seeders'}).`);
}
