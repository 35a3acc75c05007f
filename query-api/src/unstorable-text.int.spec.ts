// A NUL byte or a lone surrogate in a path, a query string, a JSON body or a socket message is
// refused with a 400 (an error message on the socket) and the one text, never a 500 or the
// database's words, and nothing is written.
import { texts } from '@murmur/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../../realtime-gateway/src/config.ts';
import { buildGateway, type Gateway } from '../../realtime-gateway/src/server.ts';
import { openSocket } from '../../realtime-gateway/src/test-clients.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
let gateway: Gateway;
let wsUrl: string;
beforeAll(async () => {
  stack = await startTestStack();
  gateway = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test' }), {
    pool: stack.db.pool,
  });
  wsUrl = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});
afterAll(async () => {
  await gateway?.stop();
  await stack?.stop();
});

const refused = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: texts.unstorableText });
};
const eventsOf = async (uid: string) =>
  Number(
    (
      await stack.db.pool.query<{ n: string }>(`select count(*) as n from events where stream_id like $1 or metadata->>'actorUid' = $2`, [
        `%${uid}%`,
        uid,
      ])
    ).rows[0]!.n,
  );

it('refuses a NUL in a path parameter or a query string with a 400', async () => {
  const token = await stack.tokenFor('nul-reader');
  refused(await stack.api('/booking/a%00b', { token }));
  refused(await stack.api('/console/users?q=%00', { token: await stack.tokenFor('nul-admin', ['co', 'ad']) }));
  refused(await stack.api('/user/feed/for-you?q=a%00', { token }));
  refused(await stack.api('/lobbies/x%00y/join', { method: 'POST', token }));
  // A lone surrogate as the bytes a client sends in a path, and a cut escape.
  refused(await stack.api('/booking/end%ED%A0%BD', { token }));
  refused(await stack.api('/lobbies/x%ED%B0%80y/info', { method: 'POST', token, body: {} }));
  refused(await stack.api('/console/users/a%E2%82', { token: await stack.tokenFor('nul-admin', ['co', 'ad']) }));
});

it('refuses a lone surrogate or a NUL in a JSON body and writes nothing, for two users alike', async () => {
  for (const uid of ['sur-one', 'sur-two']) {
    const token = await stack.tokenFor(uid);
    const before = await eventsOf(uid);
    const lobby = await fetch(`${stack.commandUrl}/api/v1/lobbies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"title":"\\ud800","kind":"public"}',
    });
    refused({ status: lobby.status, body: await lobby.json() });
    refused(await stack.api('/user/wall/post', { method: 'POST', token, body: { content: 'hello\u0000world' } }));
    refused(await stack.api('/user/wall/post', { method: 'POST', token, body: { content: 'ok', ['k\udc00']: 1 } }));
    expect(await eventsOf(uid)).toBe(before);
    // A well-formed pair (an emoji) is text like any other.
    expect((await stack.api('/user/wall/post', { method: 'POST', token, body: { content: 'hi 💎' } })).status).toBe(201);
  }
});

it('answers a socket message with a NUL or a lone surrogate with an error and keeps the socket', async () => {
  const socket = await openSocket(wsUrl, await stack.tokenFor('ws-nul'));
  socket.send({ type: 'subscribe', ref: 'nul', channels: ['lobbies/a\u0000b/events/all'] });
  const error = await socket.next('error', (m) => m.ref === 'nul');
  expect(error).toMatchObject({ code: 'BAD_MESSAGE', message: texts.unstorableText });
  socket.ws.send('{"type":"subscribe","ref":"sur","channels":["lobbies/\\ud800/events/all"]}');
  expect(await socket.next('error', (m) => m.ref === 'sur')).toMatchObject({ message: texts.unstorableText });
  socket.send({ type: 'ping', ref: 'alive' });
  await socket.next('pong', (m) => m.ref === 'alive');
  socket.ws.close();
});
