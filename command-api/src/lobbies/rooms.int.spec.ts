import { lobbyTexts, texts } from '@murmur/contracts';
import { closeServer, listen } from '@murmur/platform';
import { AccessToken2, kRtcServiceType, type ServiceRtc } from 'agora-token/src/AccessToken2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import type { Clock } from '../dependencies.ts';
import { buildCommandApi } from '../server.ts';
import { creditDiamonds, loadWallet } from '../wallet/ledger.ts';
import { loadRoomMembership } from './membership.ts';
import { MediaConfig } from './media-tokens.ts';

process.env.ROOM_SCHEDULER_INTERVAL_MS = '100';
// This file checks the Agora adapter's tokens (lobbies.int.spec.ts runs the WebRTC default).
process.env.AGORA_APP_ID = '0123456789abcdef0123456789abcdef';
process.env.AGORA_APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

let t = Date.parse('2026-02-10T12:00:00.000Z');
const clock: Clock = { now: () => new Date(t) };
let stack: TestStack;
let commandUrl: string;
let restarted: ReturnType<typeof buildCommandApi> | null = null;

beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { clock } });
  commandUrl = stack.commandUrl;
});
afterAll(async () => {
  if (restarted) await closeServer(restarted.server);
  await stack?.stop();
});

const tokens = new Map<string, string>();
async function as(uid: string): Promise<string> {
  let token = tokens.get(uid);
  if (!token) tokens.set(uid, (token = await stack.tokenFor(uid)));
  return token;
}
async function post(uid: string, path: string, body: unknown = {}) {
  const res = await fetch(`${commandUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await as(uid)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const demo = MediaConfig.parse(process.env);
function parseToken(token: string) {
  const parsed = new AccessToken2();
  expect(parsed.from_string(token)).toBe(true);
  expect(parsed.verifySignature(demo.AGORA_APP_CERTIFICATE)).toBe(true);
  const rtc = parsed.getServices(kRtcServiceType)[0] as ServiceRtc;
  return {
    appId: String(parsed.appId),
    expire: parsed.expire,
    channel: String(rtc.__channel_name),
    uid: String(rtc.__uid),
    privileges: rtc.__privileges,
  };
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('private timed rooms, chat and media tokens', () => {
  let lobbyId: string;
  let roomId: string;

  it('returns tokens that parse back with the channel, uid, role and expiry', async () => {
    const created = await post('host-r', '/lobbies', { title: 'Rooms lobby', mainCategoryId: 'party' });
    lobbyId = created.body.lobbyId;
    const host = parseToken(created.body.agoraToken);
    expect(host).toMatchObject({ appId: demo.AGORA_APP_ID, expire: 3600, channel: lobbyId, uid: 'host-r' });
    expect(Object.keys(host.privileges).sort()).toEqual(['1', '2', '3', '4']);
    const joined = await post('guest-r', `/lobbies/${lobbyId}/join`);
    const guest = parseToken(joined.body.agoraToken);
    expect(guest).toMatchObject({ channel: lobbyId, uid: 'guest-r' });
    expect(Object.keys(guest.privileges)).toEqual(['1']);
    const refreshed = await post('guest-r', '/lobbies/refresh-token', { tokenType: 'rtc', lobbyId });
    expect(parseToken(refreshed.body.agoraToken).uid).toBe('guest-r');
    expect((await post('stranger-r', '/lobbies/refresh-token', { lobbyId })).status).toBe(403);
  });

  it('creates a room, refuses a bad title or duration, charges the fee and fills up', async () => {
    const badTitle = await post('host-r', `/lobbies/${lobbyId}/rooms`, { title: 'no <tags>!' });
    expect(badTitle.status).toBe(400);
    expect(badTitle.body.error.message).toBe(lobbyTexts.roomTitle);
    expect((await post('host-r', `/lobbies/${lobbyId}/rooms`, { title: 'ok', mins: 45 })).status).toBe(400);
    expect((await post('host-r', `/lobbies/${lobbyId}/rooms`, { title: 'ok', requiredBalance: 1.5 })).body.error.message).toBe(
      texts.invalidRequiredBalance,
    );
    expect((await post('stranger-r', `/lobbies/${lobbyId}/rooms`, { title: 'ok' })).status).toBe(403);
    const room = await post('host-r', `/lobbies/${lobbyId}/rooms`, { title: 'Chill room 🎧', requiredBalance: 30 });
    expect(room.status).toBe(201);
    roomId = room.body.roomId;
    expect(parseToken(room.body.agoraToken).channel).toBe(roomId);
    const poor = await post('guest-r', `/lobbies/${lobbyId}/rooms/${roomId}/join`);
    expect(poor.body.error.code).toBe('INSUFFICIENT_BALANCE');
    await creditDiamonds(stack.command.deps, {
      uid: 'guest-r',
      amount: 100,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-guest-r',
    });
    const joined = await post('guest-r', `/lobbies/${lobbyId}/rooms/${roomId}/join`);
    expect(joined.status).toBe(200);
    expect((await loadWallet(stack.command.deps, 'guest-r')).balance).toBe(70);
    await post('third-r', `/lobbies/${lobbyId}/join`);
    const full = await post('third-r', `/lobbies/${lobbyId}/rooms/${roomId}/join`);
    expect(full.status).toBe(422);
    expect(full.body.error.message).toBe(lobbyTexts.roomFull);
    expect((await loadRoomMembership(stack.command.deps, roomId)).activeUids.sort()).toEqual(['guest-r', 'host-r']);
  });

  it('chats with the rate limit, and refuses silenced users', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('guest-r', `/lobbies/${lobbyId}/chat`, { payload: { body: `hi ${i}` } })).status).toBe(201);
    const tooFast = await post('guest-r', `/lobbies/${lobbyId}/chat`, { payload: { body: 'again' } });
    expect(tooFast.status).toBe(429);
    expect(tooFast.body.error.message).toBe('You are sending messages too quickly.');
    t += 11_000;
    expect((await post('guest-r', `/lobbies/${lobbyId}/chat`, { payload: { messageType: 'gif', body: '/gifs/hello.gif' } })).status).toBe(
      201,
    );
    expect((await post('stranger-r', `/lobbies/${lobbyId}/chat`, { payload: { body: 'hello' } })).status).toBe(403);
    expect((await post('host-r', `/lobbies/${lobbyId}/users/guest-r/silence`)).status).toBe(200);
    const silenced = await post('guest-r', `/lobbies/${lobbyId}/chat`, { payload: { body: 'hello' } });
    expect(silenced.status).toBe(403);
    expect(silenced.body.error.message).toBe(lobbyTexts.silenced);
    expect((await post('host-r', `/lobbies/${lobbyId}/users/guest-r/unsilence`)).status).toBe(200);
    const viaBody = await post('guest-r', `/lobbies/${lobbyId}/chat`, {
      lobbyId,
      roomId,
      payload: { messageType: 'emoji', title: null, body: '🎉' },
    });
    expect(viaBody.status).toBe(201);
    const inRoom = await post('guest-r', `/lobbies/${lobbyId}/rooms/${roomId}/chat`, {
      payload: { messageType: 'sticker', body: '/gifs/cat.svg' },
    });
    expect(inRoom.status).toBe(201);
    const member = await as('guest-r');
    const history = await waitFor(
      () => stack.api(`/lobbies/${lobbyId}/chat?roomId=${roomId}`, { token: member, headers: { 'x-min-position': inRoom.body.position } }),
      (r) => r.headers.get('x-stale') !== 'true',
      30_000,
    );
    expect(history.body.items[0].payload).toEqual({ messageType: 'sticker', title: null, body: '/gifs/cat.svg' });
  });

  it('ends a started room on time even when the service was restarted in between', async () => {
    expect((await post('guest-r', `/lobbies/${lobbyId}/rooms/${roomId}/start`)).status).toBe(403);
    const started = await post('host-r', `/lobbies/${lobbyId}/rooms/${roomId}/start`);
    expect(started.status).toBe(200);
    expect(Date.parse(started.body.endsAt) - t).toBe(15 * 60_000);
    await waitFor(
      () => stack.db.pool.query(`select status from rm.rooms where room_id = $1`, [roomId]),
      (r) => r.rows[0]?.status === 'started',
    );

    // Stop the service; time passes beyond the room's end; start a new one on the same database.
    await closeServer(stack.command.server);
    t += 10 * 60_000;
    restarted = buildCommandApi({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET }, { pool: stack.db.pool, clock });
    commandUrl = `http://127.0.0.1:${await listen(restarted.server, 0)}`;
    await new Promise((r) => setTimeout(r, 400));
    expect((await loadRoomMembership(restarted.deps, roomId)).status).toBe('started');

    t += 6 * 60_000;
    const ended = await waitFor(
      () => loadRoomMembership(restarted!.deps, roomId),
      (m) => m.status === 'ended',
    );
    expect(ended.status).toBe('ended');
    const { events } = await restarted.deps.store.readStream(`room-${roomId}`);
    expect(events.at(-1)).toMatchObject({ type: 'RoomEnded', data: { reason: 'time_up', by: null } });
    expect((await post('guest-r', `/lobbies/${lobbyId}/rooms/${roomId}/chat`, { payload: { body: 'late' } })).status).toBe(422);
  });

  it('ends the open rooms of a lobby that ends', async () => {
    const room = await post('host-r', `/lobbies/${lobbyId}/rooms`, { title: 'Second', mins: 30 });
    await waitFor(
      () => stack.db.pool.query(`select status from rm.rooms where room_id = $1`, [room.body.roomId]),
      (r) => r.rows[0]?.status === 'waiting',
    );
    expect((await post('host-r', `/lobbies/${lobbyId}/end`)).status).toBe(200);
    const m = await waitFor(
      () => loadRoomMembership(restarted!.deps, room.body.roomId),
      (x) => x.status === 'terminated',
    );
    expect(m.status).toBe('terminated');
  });
});
