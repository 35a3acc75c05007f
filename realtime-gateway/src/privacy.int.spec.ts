// Against the real gateway: a ban or a sign-in on another device closes the
// user's open sockets at once, with a documented close code and the spec's text, also a socket that
// was reconnecting or whose session check was under way when the ban was read; invite ids never
// reach a listener of a private lobby's channel; a personal event's private fields (e-mail, payment
// reference, address, session, ip hash) never reach even its owner.
import { channels, realtimeCloseCodes, texts } from '@murmur/contracts';
import { RealtimeClient, type WebSocketConstructor } from '@murmur/contracts/realtime-client';
import { PostgresEventStore } from '@murmur/eventstore';
import { PostgresSessionGuard } from '@murmur/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
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
  gateway = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test' }), {
    pool: stack.db.pool,
  });
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
    const ban = await stack.api(`/admin/users/${second.uid}/ban`, {
      method: 'POST',
      token: await stack.tokenFor('privacy-admin', ['ad']),
      body: { banned: true },
    });
    expect(ban.status).toBe(200);
    const banned = await Promise.race([newer.closed, new Promise((r) => setTimeout(() => r('still open'), 10_000))]);
    expect(banned).toEqual({ code: realtimeCloseCodes.banned, reason: texts.banned });
    // And the token opens nothing any more: its socket is closed at once with the same code.
    const again = await openSocket(url, second.token);
    expect(await again.closed).toEqual({ code: realtimeCloseCodes.banned, reason: texts.banned });
    expect(again.messages).toEqual([]);
  });

  it('tells a page that reconnects after its ban with its still-signed token, instead of refusing it unread', async () => {
    const user = await signUpWithWallet(stack.commandUrl);
    const ended: Array<{ code: number; reason: string }> = [];
    const client = new RealtimeClient({
      url,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      getToken: () => user.token,
      initialBackoffMs: 20,
      onSessionEnded: (info) => ended.push(info),
    });
    client.subscribe(channels.user(user.uid), { onEvent: () => undefined });
    client.connect();
    await vi.waitUntil(() => client.state === 'CONNECTED', { timeout: 10_000 });
    // The page's socket is down (a network blip) while the ban is read.
    client.close();
    await vi.waitUntil(() => client.state === 'DISCONNECTED', { timeout: 10_000 });
    const position = await ban(user.uid);
    await vi.waitUntil(() => gateway.checkpoint.globalPosition >= position, { timeout: 10_000 });
    client.connect();
    // A browser never sees a refused upgrade's status: only a close code tells it to stop and sign out.
    await vi.waitUntil(() => ended.length > 0, { timeout: 10_000 });
    expect(ended).toEqual([{ code: realtimeCloseCodes.banned, reason: texts.banned }]);
    expect(client.state).toBe('DISCONNECTED');
  });

  it('closes a socket whose session check answered before the ban was read, as it opens', async () => {
    const user = await signUpWithWallet(stack.commandUrl);
    // The real check, held after it answered: on a loaded machine the upgrade's answer can come back
    // after the ban has been committed and read from the log.
    const real = new PostgresSessionGuard(stack.db.pool);
    let answered!: () => void;
    const checkAnswered = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test' }), {
      pool: stack.db.pool,
      sessionGuard: {
        async check(claims) {
          const verdict = await real.check(claims);
          answered();
          await held;
          return verdict;
        },
      },
    });
    const slowUrl = `ws://127.0.0.1:${await slow.start(0)}/ws`;
    try {
      const opening = openSocket(slowUrl, user.token);
      await checkAnswered;
      const position = await ban(user.uid);
      await vi.waitUntil(() => slow.checkpoint.globalPosition >= position, { timeout: 10_000 });
      release();
      const socket = await opening;
      const closed = await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('still open'), 10_000))]);
      expect(closed).toEqual({ code: realtimeCloseCodes.banned, reason: texts.banned });
      expect(socket.messages).toEqual([]);
      expect(slow.connectionCount).toBe(0);
    } finally {
      release();
      await slow.stop();
    }
  });
});

/** Bans a user through the admin route; answers the position the ban was written at (or after). */
async function ban(uid: string): Promise<bigint> {
  const res = await stack.api(`/admin/users/${uid}/ban`, {
    method: 'POST',
    token: await stack.tokenFor('privacy-admin', ['ad']),
    body: { banned: true },
  });
  expect(res.status).toBe(200);
  return BigInt(res.body.position);
}

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

describe('allow-listed payloads', () => {
  it("sends a user's own events without their e-mail, device, wallet, payment reference, address or ip hash", async () => {
    const uid = 'pp-owner';
    const socket = await listening(uid, await stack.tokenFor(uid));
    const store = new PostgresEventStore(stack.db.pool);
    const at = new Date().toISOString();
    const metadata = { clientIpHash: 'ip-hash-7f3a', actorUid: uid };
    await store.append(`user-${uid}`, [
      {
        type: 'GuestUpgraded',
        data: {
          uid,
          method: 'email',
          email: 'private.person@example.com',
          walletAddress: null,
          walletEnvironment: null,
          provider: null,
          providerSubject: 'oidc-sub-991',
          telegramId: 'tg-5511',
          upgradedAt: at,
        },
        metadata,
      },
      {
        // (A UserSignedIn would close this socket: a sign-in elsewhere ends the older session.)
        type: 'UserRegistered',
        data: {
          uid,
          method: 'email',
          anonymous: false,
          username: 'pp_owner',
          profilePicUrl: null,
          roles: ['co'],
          referralCode: 'PPOWNER',
          referredByCode: null,
          email: 'private.person@example.com',
          walletAddress: '0x9999aaaa',
          walletEnvironment: 'evm',
          providerSubject: null,
          provider: null,
          telegramId: null,
          visitorId: 'visitor-8812',
          deviceInfo: { os: 'Secret OS', fingerprint: 'fp-4471' },
          registeredAt: at,
        },
        metadata,
      },
    ]);
    await store.append(
      'payment-pp-1',
      [
        {
          type: 'PaymentConfirmed',
          data: {
            paymentId: 'pp-1',
            uid,
            provider: 'stripe',
            purpose: 'topup',
            amountUsdCents: 500,
            diamonds: 500,
            providerRef: 'pi_private_ref_123',
            confirmedAt: at,
          },
          metadata,
        },
      ],
      { idempotencyKey: 'pp-payment-1' },
    );
    await store.append(
      `earnings-${uid}`,
      [
        {
          type: 'CharmWithdrawn',
          data: {
            withdrawalId: 'pp-w1',
            uid,
            charm: 10,
            usdCents: 10,
            kind: 'withdrawal',
            method: 'ewallet',
            address: 'GCASH-09171234567',
            withdrawnAt: at,
          },
          metadata,
        },
      ],
      { idempotencyKey: 'pp-withdraw-1' },
    );
    const upgraded = await socket.next('event', (m) => m.event.type === 'GuestUpgraded');
    expect(upgraded.event.data).toEqual({ uid, method: 'email', upgradedAt: at });
    const registered = await socket.next('event', (m) => m.event.type === 'UserRegistered');
    expect(registered.event.data).toEqual({ uid, username: 'pp_owner', profilePicUrl: null, anonymous: false, registeredAt: at });
    const paid = await socket.next('event', (m) => m.event.type === 'PaymentConfirmed');
    expect(paid.event.data).toMatchObject({ paymentId: 'pp-1', diamonds: 500 });
    await socket.next('event', (m) => m.event.type === 'CharmWithdrawn');
    const frames = JSON.stringify(socket.messages);
    for (const secret of [
      'private.person@example.com',
      'oidc-sub-991',
      'tg-5511',
      'fp-4471',
      '0x9999aaaa',
      'visitor-8812',
      'Secret OS',
      'pi_private_ref_123',
      'GCASH-09171234567',
      'ip-hash-7f3a',
      'pp-payment-1',
    ]) {
      expect(frames).not.toContain(secret);
    }
    socket.ws.close();
  });
});
