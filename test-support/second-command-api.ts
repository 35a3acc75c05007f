// A second command-api process on a test stack's database: what it decides is not in the first
// process's held state, so races between processes can be played in one test file. Call it after the
// stack's own beforeAll; it starts in a beforeAll and closes in an afterAll of its own.
import { closeServer, listen } from '@murmur/platform';
import { afterAll, beforeAll } from 'vitest';
import { buildCommandApi } from '../command-api/src/server.ts';
import { actors, TEST_JWT_SECRET, type TestStack } from './stack.ts';

export function secondCommandApi(stackOf: () => TestStack) {
  let second: ReturnType<typeof buildCommandApi> | undefined;
  let url = '';
  beforeAll(async () => {
    const stack = stackOf();
    second = buildCommandApi({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET }, { pool: stack.db.pool, presenceReaper: false });
    url = `http://127.0.0.1:${await listen(second.server, 0)}`;
  });
  afterAll(async () => {
    if (second) await closeServer(second.server);
  });
  const { as } = actors(stackOf);
  return {
    url: () => url,
    async post(uid: string, path: string, body: unknown = {}) {
      const res = await fetch(`${url}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await as(uid)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}
