// query-api reading a replica that trails its primary, made deterministic: the "replica" is a second
// database that simply lacks the primary's newest commits. The session guard asks the primary before
// refusing, and X-Min-Position compares against the primary's log head, not the replica's
// (docs/decisions/foundation.md, "Reads may come from a streaming replica").
import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '@murmur/contracts';
import { PostgresEventStore, primaryOf } from '@murmur/eventstore';
import { closeServer, listen } from '@murmur/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSession } from '../../command-api/src/identity/sessions.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { TEST_JWT_SECRET } from '../../test-support/stack.ts';
import { buildQueryApi } from './server.ts';

let primary: TestDatabase;
let behind: TestDatabase;
let api: ReturnType<typeof buildQueryApi>;
let base: string;

beforeAll(async () => {
  [primary, behind] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  api = buildQueryApi({ DATABASE_URL: primary.url, READ_DATABASE_URL: behind.url, JWT_SECRET: TEST_JWT_SECRET });
  base = `http://127.0.0.1:${await listen(api.server, 0)}/api/v1`;
});
afterAll(async () => {
  await closeServer(api.server as http.Server);
  await Promise.all([api.deps.pool.end(), primaryOf(api.deps.pool).end()]);
  await Promise.all([primary.drop(), behind.drop()]);
});

async function signedIn(uid: string, where: TestDatabase[]): Promise<string> {
  const sid = randomUUID();
  for (const db of where) await registerSession(db.pool, uid, sid);
  return signAccessToken(TEST_JWT_SECRET, { sub: uid, sid, roles: ['co'], anon: false, onb: true }, 3600);
}

const balance = async (token: string, minPosition?: string) => {
  const res = await fetch(`${base}/wallet/balance`, {
    headers: { authorization: `Bearer ${token}`, ...(minPosition ? { 'x-min-position': minPosition } : {}) },
  });
  return { status: res.status, stale: res.headers.get('x-stale'), logHead: res.headers.get('x-log-head') };
};

describe('query-api on a replica that trails the primary', () => {
  it('lets in a session signed in on the primary a moment ago, and still refuses one the primary does not know', async () => {
    expect(primaryOf(api.deps.pool)).not.toBe(api.deps.pool);
    const fresh = await signedIn(`fresh-${randomUUID()}`, [primary]);
    const unknown = await signedIn(`unknown-${randomUUID()}`, []);
    expect((await balance(fresh)).status).toBe(200);
    expect((await balance(unknown)).status).toBe(401);
  });

  it('waits for a position the primary has written but the replica has not replayed, and answers one beyond the primary at once', async () => {
    const token = await signedIn(`reader-${randomUUID()}`, [primary, behind]);
    const onPrimary = new PostgresEventStore(primary.pool);
    let written = 0n;
    for (let i = 0; i < 3; i++)
      written = (await onPrimary.append(`replica-check-${randomUUID()}`, [{ type: 'TestWritten', data: {} }])).lastPosition;
    // The replica's own head is below `written`: judged by it, the read would be answered at once.
    const asked = Date.now();
    const notYet = await balance(token, written.toString());
    expect(notYet).toEqual({ status: 200, stale: 'true', logHead: null });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(2_900);

    const beyond = await balance(token, (written + 100n).toString());
    expect(beyond).toEqual({ status: 200, stale: 'true', logHead: written.toString() });
  });
});
