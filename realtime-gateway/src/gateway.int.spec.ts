// The gateway over real sockets: two gateway processes both deliver a gift; a client that was away
// during 50 gifts gets exactly those 50 on resume (from the ring, from the database, or a resync);
// private lobbies, users' channels and tokens are guarded (a refused token is told with 4401); slow clients are dropped with a resync.
import { randomUUID } from 'node:crypto';
import { channels, moderationTexts, realtimeCloseCodes, signAccessToken, texts, type EventMessage } from '@murmur/contracts';
import { RealtimeClient, type WebSocketConstructor } from '@murmur/contracts/realtime-client';
import { PostgresEventStore, readAllFrom, START } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../test-support/stack.ts';
import { readConfig } from './config.ts';
import { buildGateway, type Gateway } from './server.ts';
import { openSocket, seedLobby, spawnGateway, type GatewayProcess } from './test-clients.ts';

let stack: TestStack;
let store: PostgresEventStore;
let local: Gateway;
let localUrl: string;
let small: Gateway;
let smallUrl: string;
let remote: GatewayProcess;

const settings = (extra: Record<string, string> = {}) =>
  readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test', GATEWAY_OFFLINE_GRACE_MS: '100', ...extra });

beforeAll(async () => {
  stack = await startTestStack();
  store = new PostgresEventStore(stack.db.pool);
  local = buildGateway(settings(), { pool: stack.db.pool });
  localUrl = `ws://127.0.0.1:${await local.start(0)}/ws`;
  // A ring of 5 events and at most 20 from the database: resumes beyond that get a resync.
  small = buildGateway(
    settings({ GATEWAY_RING_SIZE: '5', GATEWAY_REPLAY_MAX_EVENTS: '20', GATEWAY_IDLE_MS: '800', GATEWAY_HEARTBEAT_MS: '400' }),
    { pool: stack.db.pool },
  );
  smallUrl = `ws://127.0.0.1:${await small.start(0)}/ws`;
  remote = await spawnGateway({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET });
});

afterAll(async () => {
  await remote?.stop();
  await small?.stop();
  await local?.stop();
  await stack?.stop();
});

/** Gifts in a lobby, as the money module records them, in one append (one transaction). */
async function sendGifts(senderUid: string, lobbyId: string, recipients: string[], count: number) {
  const giftIds = Array.from({ length: count }, () => randomUUID());
  const result = await store.append(
    `wallet-${senderUid}`,
    giftIds.map((giftId) => ({
      type: 'GiftSent',
      data: {
        senderUid,
        giftId,
        giftName: 'rose',
        quantity: 1,
        unitPrice: 10,
        diamondsTotal: 10 * recipients.length,
        recipients,
        charmPerRecipient: 5,
        lobbyId,
        sentAt: new Date().toISOString(),
      },
    })),
  );
  return giftIds.map((giftId, i) => ({ giftId, position: (result.firstPosition + BigInt(i)).toString() }));
}

async function sendGift(senderUid: string, lobbyId: string, recipients: string[]) {
  return (await sendGifts(senderUid, lobbyId, recipients, 1))[0]!;
}

/** Records a channel's gifts (presence changes of the listener itself also flow on the channel). */
function collect(client: RealtimeClient, channel: string) {
  const events: EventMessage[] = [];
  const resyncs: { reason: string; position: string }[] = [];
  const errors: string[] = [];
  client.subscribe(channel, {
    onEvent: (m) => m.event.type === 'GiftSent' && events.push(m),
    onResync: (r) => resyncs.push(r),
    onError: (e) => errors.push(e.code),
  });
  return { events, resyncs, errors };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const NodeWebSocket: WebSocketConstructor = WebSocket;

describe('fan-out across gateway processes', () => {
  it('delivers a gift sent over HTTP to clients of two different gateway processes', async () => {
    const post = async (uid: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await stack.api(path, { method: 'POST', token: await stack.tokenFor(uid), body, headers });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };
    const { lobbyId } = await post('host-a', '/lobbies', { title: 'Gifts live', kind: 'public' });
    await post('fan-a', `/lobbies/${lobbyId}/join`, {});
    await until(async () => (await stack.db.pool.query('select 1 from rm.lobbies where lobby_id = $1', [lobbyId])).rowCount === 1);
    await creditDiamonds(stack.command.deps, {
      uid: 'fan-a',
      amount: 100,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-fan-a',
    });

    const member = await openSocket(localUrl, await stack.tokenFor('fan-a'));
    const guest = await openSocket(remote.url);
    for (const s of [member, guest]) {
      s.send({ type: 'subscribe', ref: 's', channels: [channels.lobbyAll(lobbyId)] });
      await s.next('subscribed');
    }
    const sent = await post(
      'fan-a',
      '/gifting/send-gift',
      { giftName: 'rose', quantity: 1, recipients: ['host-a'], lobbyId },
      { 'idempotency-key': 'gift-1' },
    );
    for (const s of [member, guest]) {
      const message = await s.next('event', (m) => m.event.type === 'GiftSent');
      expect(message).toMatchObject({ channel: channels.lobbyAll(lobbyId), position: sent.position });
      expect(message.event.data).toMatchObject({ senderUid: 'fan-a', giftName: 'rose', recipients: ['host-a'] });
      expect(message.event.realtime).toMatchObject({ type: 'gift_sent', uid: 'fan-a', recipients: ['host-a'] });
      s.ws.close();
    }
  });

  it('pushes global leaderboard rank changes to anyone listening, guests included', async () => {
    const guest = await openSocket(remote.url);
    guest.send({ type: 'subscribe', ref: 'lb', channels: [channels.leaderboard('global')] });
    await guest.next('subscribed');
    const appended = await store.append('leaderboard-global', [
      {
        type: 'LeaderboardChanged',
        data: { boards: [{ board: 'global', period: 'weekly', top: [] }], changedAt: new Date().toISOString() },
      },
    ]);
    const message = await guest.next('event', (m) => m.event.type === 'LeaderboardChanged');
    expect(message).toMatchObject({ channel: 'leaderboards/global', position: appended.lastPosition.toString() });
    guest.ws.close();
  });
});

describe('resume', () => {
  it('gives a client that was away during 50 gifts exactly those 50, in log order, then live events', async () => {
    const lobbyId = 'lobby-resume';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-r', members: [] });
    const channel = channels.lobbyAll(lobbyId);
    const client = new RealtimeClient({
      url: localUrl,
      WebSocket: NodeWebSocket,
      getToken: () => stack.tokenFor('viewer-r'),
      initialBackoffMs: 20,
    });
    const seen = collect(client, channel);
    client.connect();
    await until(() => client.position(channel) !== undefined, 10_000, 'subscribed');
    await sendGift('early', lobbyId, ['host-r']);
    await until(() => seen.events.length === 1);

    client.close();
    await until(() => client.state === 'DISCONNECTED');
    // 50 gifts from 50 senders at once: their transactions commit in any order.
    const gifts = await Promise.all(Array.from({ length: 50 }, (_, i) => sendGift(`sender-${i}`, lobbyId, ['host-r'])));
    const positionBefore = client.position(channel);
    client.connect();
    await until(() => seen.events.length >= 51, 10_000, '50 replayed gifts');
    const replayed = seen.events.slice(1);
    expect(replayed.map((m) => m.event.data.giftId).sort()).toEqual(gifts.map((g) => g.giftId).sort());
    expect(new Set(replayed.map((m) => m.position)).size).toBe(50);
    // Log order is (transaction id, position): the order every gateway reads.
    const log = (await readAllFrom(stack.db.pool, START, 10_000)).filter((e) => e.type === 'GiftSent' && e.data.lobbyId === lobbyId);
    expect(replayed.map((m) => m.position)).toEqual(log.slice(1).map((e) => e.globalPosition.toString()));
    expect(positionBefore).not.toBe(client.position(channel));

    const live = await sendGift('late', lobbyId, ['host-r']);
    await until(() => seen.events.length === 52);
    expect(seen.events[51]!.position).toBe(live.position);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.events).toHaveLength(52);
    expect(seen.resyncs).toEqual([]);
    client.close();
  });

  it('resumes on another gateway process from a position seen on the first', async () => {
    const lobbyId = 'lobby-hop';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-h', members: [] });
    const channel = channels.lobbyAll(lobbyId);
    const first = await openSocket(localUrl);
    first.send({ type: 'subscribe', channels: [channel] });
    await first.next('subscribed');
    const g1 = await sendGift('hopper', lobbyId, ['host-h']);
    await first.next('event', (m) => m.position === g1.position);
    first.ws.close();
    const missed = await sendGifts('hop', lobbyId, ['host-h'], 10);
    const second = await openSocket(remote.url);
    second.send({ type: 'resume', ref: 'r', positions: { [channel]: g1.position } });
    await second.next('subscribed', (m) => m.ref === 'r');
    // What that gateway had read is replayed; what it reads later follows live.
    const events = () => second.messages.filter((m): m is EventMessage => m.type === 'event');
    await until(() => events().length >= 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(events().map((m) => m.position)).toEqual(missed.map((g) => g.position));
    second.ws.close();
  });

  it('replays a gap older than the ring from the database, and answers a gap too old with a resync', async () => {
    const lobbyId = 'lobby-old';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-o', members: [] });
    const channel = channels.lobbyAll(lobbyId);
    const start = await sendGift('old-0', lobbyId, ['host-o']);
    const ten = await sendGifts('old-1', lobbyId, ['host-o'], 10);
    await until(() => small.checkpoint.globalPosition >= BigInt(ten.at(-1)!.position));

    const fromDb = await openSocket(smallUrl);
    fromDb.send({ type: 'resume', ref: 'db', positions: { [channel]: start.position } });
    await fromDb.next('subscribed');
    expect(fromDb.messages.filter((m) => m.type === 'event').map((m) => (m as EventMessage).position)).toEqual(ten.map((g) => g.position));
    fromDb.ws.close();

    // A client that last saw `start`: 30 events since then are more than the 20 allowed.
    const last = (await sendGifts('old-more', lobbyId, ['host-o'], 20)).at(-1)!.position;
    await until(() => small.checkpoint.globalPosition >= BigInt(last));
    const tooOld = new RealtimeClient({ url: smallUrl, WebSocket: NodeWebSocket, initialBackoffMs: 20 });
    const resyncs: string[] = [];
    const events: EventMessage[] = [];
    tooOld.subscribe(channel, { onEvent: (m) => events.push(m), onResync: (r) => resyncs.push(r.reason) }, { after: start.position });
    tooOld.connect();
    await until(() => resyncs.length === 1, 10_000, 'resync');
    expect(resyncs).toEqual(['gap_too_old']);
    expect(events).toEqual([]);
    const live = await sendGift('after-resync', lobbyId, ['host-o']);
    await until(() => events.length === 1);
    expect(events[0]!.position).toBe(live.position);
    tooOld.close();

    const invented = await openSocket(smallUrl);
    invented.send({ type: 'resume', positions: { [channel]: '999999999' } });
    expect(await invented.next('resync')).toMatchObject({ reason: 'unknown_position', channels: [channel] });
    invented.ws.close();
  });
});

describe('access', () => {
  it('lets only members listen to a private lobby, and only a user to their own channels', async () => {
    const lobbyId = 'lobby-private';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'private', ownerUid: 'owner-p', members: ['member-p'] });
    const channel = channels.lobbyAll(lobbyId);

    const stranger = await openSocket(localUrl, await stack.tokenFor('stranger-p'));
    stranger.send({ type: 'subscribe', ref: 'x', channels: [channel, channels.user('member-p'), channels.lobbyUid(lobbyId, 'member-p')] });
    const refused = await Promise.all([
      stranger.next('error', (m) => m.channel === channel),
      stranger.next('error', (m) => m.channel === channels.user('member-p')),
      stranger.next('error', (m) => m.channel === channels.lobbyUid(lobbyId, 'member-p')),
    ]);
    expect(refused.map((e) => e.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(refused[0]!.message).toBe('You cannot listen to this channel.');

    const guest = await openSocket(localUrl);
    guest.send({ type: 'subscribe', channels: [channel] });
    expect((await guest.next('error')).code).toBe('UNAUTHENTICATED');

    const member = await openSocket(remote.url, await stack.tokenFor('member-p'));
    member.send({ type: 'subscribe', ref: 'm', channels: [channel, channels.user('member-p'), channels.lobbyUid(lobbyId, 'member-p')] });
    expect((await member.next('subscribed')).channels).toHaveLength(3);
    const gift = await sendGift('owner-p', lobbyId, ['member-p']);
    const got = await Promise.all([
      member.next('event', (m) => m.channel === channel && m.event.type === 'GiftSent'),
      member.next('event', (m) => m.channel === channels.user('member-p') && m.event.type === 'GiftSent'),
      member.next('event', (m) => m.channel === channels.lobbyUid(lobbyId, 'member-p') && m.event.type === 'GiftSent'),
    ]);
    expect(got.map((m) => m.position)).toEqual([gift.position, gift.position, gift.position]);

    // Leaving the private lobby ends what membership alone allowed; the user's own channel stays.
    await store.append(`lobby-${lobbyId}`, [{ type: 'LobbyLeft', data: { lobbyId, uid: 'member-p', leftAt: new Date().toISOString() } }]);
    await member.next('event', (m) => m.channel === channel && m.event.type === 'LobbyLeft');
    const revoked = await Promise.all([
      member.next('error', (m) => m.channel === channel),
      member.next('error', (m) => m.channel === channels.lobbyUid(lobbyId, 'member-p')),
    ]);
    expect(revoked.map((e) => e.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    const after = await sendGift('owner-p', lobbyId, ['member-p']);
    await member.next('event', (m) => m.position === after.position && m.channel === channels.user('member-p'));
    await new Promise((r) => setTimeout(r, 100));
    expect(member.messages.filter((m) => m.type === 'event' && m.position === after.position)).toHaveLength(1);

    const unknown = await openSocket(localUrl);
    unknown.send({ type: 'subscribe', channels: [channels.lobbyAll('no-such-lobby')] });
    expect((await unknown.next('error')).code).toBe('NOT_FOUND');
    unknown.send({ type: 'subscribe', channels: ['lobbies/x/secret'] });
    expect((await unknown.next('error', (m) => m.code === 'BAD_MESSAGE')).message).toBe('Unknown channel.');
    for (const s of [stranger, guest, member, unknown]) s.ws.close();
  });

  it('lets only those inside a private timed room listen to it, until they leave', async () => {
    const lobbyId = 'lobby-rooms';
    const roomId = 'room-1';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'owner-r', members: ['host-r1', 'guest-r1', 'outsider-r'] });
    const at = new Date().toISOString();
    await store.append(`room-${roomId}`, [
      {
        type: 'RoomCreated',
        data: {
          roomId,
          lobbyId,
          hostUid: 'host-r1',
          title: 'Duet',
          mins: 15,
          roomBannerPhoto: null,
          requiredBalance: 0,
          inviteKey: 'k-secret',
          createdAt: at,
        },
      },
      { type: 'RoomJoined', data: { roomId, lobbyId, uid: 'guest-r1', paidDiamonds: 0, joinedAt: at } },
    ]);
    await until(async () => (await stack.db.pool.query('select 1 from rm.room_members where room_id = $1', [roomId])).rowCount === 2);
    const channel = channels.roomAll(roomId);

    const anonymous = await openSocket(localUrl);
    anonymous.send({ type: 'subscribe', channels: [channel] });
    expect((await anonymous.next('error')).code).toBe('UNAUTHENTICATED');
    const outsider = await openSocket(localUrl, await stack.tokenFor('outsider-r'));
    outsider.send({ type: 'subscribe', channels: [channel] });
    expect((await outsider.next('error')).code).toBe('FORBIDDEN');

    const host = await openSocket(localUrl, await stack.tokenFor('host-r1'));
    const guest = await openSocket(remote.url, await stack.tokenFor('guest-r1'));
    for (const s of [host, guest]) {
      s.send({ type: 'subscribe', channels: [channel] });
      await s.next('subscribed');
    }
    await store.append('room-' + roomId, [
      { type: 'RoomLeft', data: { roomId, lobbyId, uid: 'guest-r1', leftAt: new Date().toISOString() } },
    ]);
    expect((await guest.next('error', (m) => m.channel === channel)).code).toBe('FORBIDDEN');
    const left = await host.next('event', (m) => m.event.type === 'RoomLeft');
    expect(left.event.data).toMatchObject({ uid: 'guest-r1' });
    for (const s of [anonymous, outsider, host, guest]) s.ws.close();
  });

  // A browser cannot read a refused upgrade's status: the upgrade is accepted and closed with 4401 and
  // the text, which the web app answers with one token refresh (and a sign-out when that is refused).
  it('closes a forged, an expired, a malformed, an unissued or a revoked-session token with 4401 at once', async () => {
    const refused = { code: realtimeCloseCodes.unauthenticated, reason: texts.sessionExpired };
    const closedAtOnce = async (url: string, token: string) => {
      const socket = await openSocket(url, token);
      expect(await socket.closed).toEqual(refused);
      expect(socket.messages).toEqual([]);
    };
    const forged = await signAccessToken(
      'another-secret-another-secret-0123456789',
      { sub: 'eve', sid: 's', roles: ['co'], anon: false, onb: true },
      900,
    );
    const expired = await signAccessToken(
      TEST_JWT_SECRET,
      { sub: 'old', sid: 's', roles: ['co'], anon: false, onb: true },
      60,
      Date.now() - 3_600_000,
    );
    // Signed with the right secret, but for a session identity never issued.
    const unissued = await signAccessToken(
      TEST_JWT_SECRET,
      { sub: 'mallory', sid: 'never-issued', roles: ['co'], anon: false, onb: true },
      900,
    );
    for (const token of [forged, expired, 'not-a-token', unissued]) {
      await closedAtOnce(localUrl, token);
      await closedAtOnce(remote.url, token);
    }

    // Revoked: the account signed out its other devices (settings) while this token's socket was down.
    const user = await signUpWithWallet(stack.commandUrl);
    const before = await openSocket(localUrl, user.token);
    expect((await before.next('welcome')).uid).toBe(user.uid);
    before.ws.close();
    await before.closed;
    const here = await stack.tokenFor(user.uid);
    const ended = await stack.api('/user/sessions/end-others', { method: 'POST', token: here });
    expect(ended.status).toBe(200);
    await closedAtOnce(localUrl, user.token);
    await closedAtOnce(remote.url, user.token);

    // Revoked by an operator's sign out everywhere: the open socket is closed with the operator's words
    // when the gateway reads it; the same token reconnecting afterwards gets 4401.
    const open = await openSocket(localUrl, here);
    await open.next('welcome');
    const operator = await stack.tokenFor('gateway-operator', ['co', 'ad']);
    const signedOut = await stack.api(`/console/users/${user.uid}/sign-out`, { method: 'POST', token: operator, body: { reason: 'test' } });
    expect(signedOut.status).toBe(200);
    expect(await open.closed).toEqual({ code: realtimeCloseCodes.sessionReplaced, reason: moderationTexts.signedOutByOperator });
    await closedAtOnce(localUrl, here);

    // A valid token still opens.
    const valid = await openSocket(localUrl, await stack.tokenFor('alice'));
    expect((await valid.next('welcome')).uid).toBe('alice');
    valid.ws.close();
  });
});

describe('presence, heartbeat and backpressure', () => {
  it('appends PresenceChanged online when a user listens to a lobby and offline after they leave', async () => {
    const lobbyId = 'lobby-presence';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-pr', members: ['pr-user'] });
    const socket = await openSocket(localUrl, await stack.tokenFor('pr-user'));
    socket.send({ type: 'subscribe', channels: [channels.lobbyAll(lobbyId)] });
    await socket.next('event', (m) => m.event.type === 'PresenceChanged' && m.event.data.presence === 'online');
    socket.ws.close();
    const deadline = Date.now() + 5_000;
    let presences: unknown[] = [];
    while (Date.now() < deadline) {
      presences = (await store.readStream(`presence-${lobbyId}`)).events.map((e) => e.data);
      if (presences.length === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Each names the gateway process, so connections on several gateways are counted apart.
    expect(presences).toEqual([
      { lobbyId, uid: 'pr-user', presence: 'online', gatewayId: expect.any(String) },
      { lobbyId, uid: 'pr-user', presence: 'offline', gatewayId: expect.any(String) },
    ]);
    const { rows } = await stack.db.pool.query('select 1 from realtime_gateways where gateway_id = $1', [
      (presences[0] as { gatewayId: string }).gatewayId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('closes an idle connection', async () => {
    const socket = await openSocket(smallUrl);
    expect((await socket.closed).code).toBe(4000);
  });

  it('cuts off a client that stops answering heartbeats', async () => {
    const lobbyId = 'lobby-heartbeat';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-hb', members: [] });
    const before = small.connectionCount;
    const silent = await openSocket(smallUrl);
    silent.send({ type: 'subscribe', channels: [channels.lobbyAll(lobbyId)] });
    await silent.next('subscribed');
    expect(small.connectionCount).toBe(before + 1);
    // It no longer reads, so it never sees a ping nor answers with a pong.
    (silent.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => small.connectionCount === before, 5_000, 'the silent client to be cut off');
    silent.ws.terminate();
  });

  it('drops a client that stops reading, with a resync, instead of buffering without bound', async () => {
    const lobbyId = 'lobby-slow';
    await seedLobby(stack.db.pool, { lobbyId, kind: 'public', ownerUid: 'host-s', members: [] });
    const channel = channels.lobbyAll(lobbyId);
    // Heartbeats would cut this client off as dead first: this gateway pings rarely.
    const gateway = buildGateway(settings({ GATEWAY_MAX_BUFFERED_BYTES: '65536' }), { pool: stack.db.pool });
    const slow = await openSocket(`ws://127.0.0.1:${await gateway.start(0)}/ws`);
    slow.send({ type: 'subscribe', channels: [channel] });
    await slow.next('subscribed');
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = 'x'.repeat(60_000);
    const dropped = () => gateway.registry.getSingleMetric('murmur_gateway_slow_clients_dropped_total')!.get();
    const before = (await dropped()).values[0]?.value ?? 0;
    // Far more than the socket and the 64 KiB allowance hold.
    for (let i = 0; i < 20; i++) {
      await store.append(
        `chat-${lobbyId}-talker`,
        Array.from({ length: 10 }, (_, j) => ({
          type: 'ChatMessagePosted',
          data: {
            lobbyId,
            roomId: null,
            messageId: `m-${i}-${j}`,
            uid: 'talker',
            messageType: 'text',
            title: null,
            body: big,
            postedAt: new Date().toISOString(),
          },
        })),
      );
    }
    const deadline = Date.now() + 20_000;
    while (((await dropped()).values[0]?.value ?? 0) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await dropped()).values[0]?.value).toBe(before + 1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const close = await slow.closed;
    expect([4008, 1006]).toContain(close.code);
    if (close.code === 4008) expect(slow.messages.some((m) => m.type === 'resync' && m.reason === 'slow_consumer')).toBe(true);
    await gateway.stop();
  });
});
