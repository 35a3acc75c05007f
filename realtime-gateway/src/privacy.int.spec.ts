// Issue 12 points 8 and 9 against the real gateway: a ban or a sign-in on another device closes the
// user's open sockets at once, with a documented close code and the spec's text; invite ids never
// reach a listener of a private lobby's channel.
import { channels, realtimeCloseCodes, texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../test-support/stack.ts';
import { readConfig } from './config.ts';
import { buildGateway, type Gateway } from './server.ts';
import { openSocket } from './test-clients.ts';

let stack: TestStack;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  stack = await startTestStack();
  gateway = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test' }), { pool: stack.db.pool });
  url = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});
afterAll(async () => {
  await gateway?.stop();
  await stack?.stop();
});

const { post, get } = actors(() => stack);

/** Opens a socket listening to the user's own channel, confirmed. */
async function listening(uid: string, token: string) {
  const socket = await openSocket(url, token);
  socket.send({ type: 'subscribe', ref: 'me', channels: [channels.user(uid)] });
  await socket.next('subscribed', (m) => m.ref === 'me');
  return socket;
}

describe('sessions that end while connected', () => {
  it('closes the older device at its sign-in on another, and every device at a ban, with the spec texts', async () => {
    const first = await signUpWithWallet(stack.commandUrl);
    const older = await listening(first.uid, first.token);
    const second = await signUpWithWallet(stack.commandUrl, { privateKey: first.privateKey });
    expect(second.uid).toBe(first.uid);
    const replaced = await Promise.race([older.closed, new Promise((r) => setTimeout(() => r('still open'), 10_000))]);
    expect(replaced).toEqual({ code: realtimeCloseCodes.sessionReplaced, reason: texts.loggedInElsewhere });

    const newer = await listening(second.uid, second.token);
    const ban = await stack.api(`/admin/users/${second.uid}/ban`, { method: 'POST', token: await stack.tokenFor('privacy-admin', ['ad']), body: { banned: true } });
    expect(ban.status).toBe(200);
    const banned = await Promise.race([newer.closed, new Promise((r) => setTimeout(() => r('still open'), 10_000))]);
    expect(banned).toEqual({ code: realtimeCloseCodes.banned, reason: texts.banned });
    // And the token opens nothing any more.
    await expect(openSocket(url, second.token)).rejects.toMatchObject({ status: 403 });
  });
});

describe('invite ids', () => {
  it('never pushes a private lobby invite id to a listener, member or staff', async () => {
    const { body: lobby } = await post('gi-owner', '/lobbies', { title: 'Keys', kind: 'private' });
    const first = await post('gi-owner', `/lobbies/${lobby.lobbyId}/invites`);
    const joined = await post('gi-member', `/lobbies/${lobby.lobbyId}/join/${first.body.inviteId}`);
    // The gateway decides on the read model: wait until it shows the member inside.
    expect((await get('gi-member', `/lobbies/${lobby.lobbyId}`, joined.body.position)).status).toBe(200);
    const member = await openSocket(url, await stack.tokenFor('gi-member'));
    const owner = await openSocket(url, await stack.tokenFor('gi-owner'));
    for (const socket of [member, owner]) {
      socket.send({ type: 'subscribe', ref: 's', channels: [channels.lobbyAll(lobby.lobbyId)] });
      await socket.next('subscribed', (m) => m.ref === 's');
    }
    const second = await post('gi-owner', `/lobbies/${lobby.lobbyId}/invites`);
    await post('gi-friend', `/lobbies/${lobby.lobbyId}/join/${second.body.inviteId}`);
    for (const socket of [member, owner]) {
      await socket.next('event', (m) => m.event.type === 'LobbyJoined' && m.event.data.uid === 'gi-friend');
      const created = await socket.next('event', (m) => m.event.type === 'LobbyInviteCreated');
      expect(created.event.data).not.toHaveProperty('inviteId');
      const frames = JSON.stringify(socket.messages);
      expect(frames).not.toContain(second.body.inviteId);
      expect(frames).not.toContain(first.body.inviteId);
      socket.ws.close();
    }
  });
});
