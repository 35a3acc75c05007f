// WebRTC signalling through the real gateway, with lobbies made through the real command API: only
// members join a lobby's media; a listener may not offer audio (nor answer with media of its own);
// a seat lets them; a mute and leaving reach the peers, losing the seat puts them out of the media;
// outsiders of a private lobby get nothing; a booked session's voice is for its host and buyer while
// it is open.
import { mediaTexts, type MediaServerMessage } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@murmur/contracts';
import { runBookingStep } from '../../../command-api/src/booking/bookings.ts';
import { creditDiamonds } from '../../../command-api/src/wallet/ledger.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { readConfig } from '../config.ts';
import { buildGateway, type Gateway } from '../server.ts';
import { openSocket, type RecordingSocket } from '../test-clients.ts';

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

const { as, post: send } = actors(() => stack);
/** A lobby command, then the wait until the lobbies read model the gateway checks rights against has
 * it: the gateway looks again for a short while only, and a loaded machine can lag longer than that. */
async function post(uid: string, path: string, body?: unknown) {
  const res = await send(uid, path, body);
  if (res.status < 300) await waitForProjection(stack.db.pool, 'lobbies');
  return res;
}

const sdp = (audio: string, video?: string) =>
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' +
  `m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=${audio}\r\n` +
  (video ? `m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\na=${video}\r\n` : '');

type Media<T extends MediaServerMessage['type']> = Extract<MediaServerMessage, { type: T }>;

async function socketOf(uid: string): Promise<RecordingSocket> {
  const socket = await openSocket(url, await as(uid));
  await socket.next('welcome');
  return socket;
}

let refs = 0;
/** Sends a media message and resolves with the gateway's error for it, if any arrives within `ms`
 * (a refusal comes after the gateway's own look-again of up to 1.5 s, so the default leaves room for load). */
async function errorFor(socket: RecordingSocket, message: Record<string, unknown>, ms = 10_000): Promise<Media<'media.error'> | null> {
  const ref = `r${++refs}`;
  socket.send({ ...message, ref });
  return socket.next('media.error', (m) => m.ref === ref, ms).catch(() => null);
}

async function joinMedia(socket: RecordingSocket, lobbyId: string): Promise<Media<'media.joined'>> {
  const ref = `j${++refs}`;
  socket.send({ type: 'media.join', ref, scope: 'lobby', id: lobbyId });
  return socket.next('media.joined', (m) => m.ref === ref);
}

describe('WebRTC signalling in the gateway', () => {
  it('relays between members, refuses a listener who offers audio and lets them once seated', async () => {
    const created = await post('sig-host', '/lobbies', { title: 'Signals', mainCategoryId: 'chatting' });
    const lobbyId = created.body.lobbyId as string;
    expect((await post('sig-listener', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    const host = await socketOf('sig-host');
    const listener = await socketOf('sig-listener');
    const stranger = await socketOf('sig-stranger');

    expect((await joinMedia(host, lobbyId)).peers).toEqual([]);
    expect((await joinMedia(listener, lobbyId)).peers).toEqual(['sig-host']);
    await host.next('media.peer', (m) => m.uid === 'sig-listener' && m.event === 'joined');

    // Someone who did not join the (public) lobby has no part in its media.
    expect(await errorFor(stranger, { type: 'media.join', scope: 'lobby', id: lobbyId })).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.notInLobby,
    });
    expect(
      await errorFor(stranger, {
        type: 'media.signal',
        scope: 'lobby',
        id: lobbyId,
        to: 'sig-host',
        signal: { kind: 'offer', sdp: sdp('sendonly') },
      }),
    ).toMatchObject({ code: 'FORBIDDEN' });

    // The listener may not publish: no audio offer, no answer that sends, no video state.
    const offer = { type: 'media.signal', scope: 'lobby', id: lobbyId, to: 'sig-host', signal: { kind: 'offer', sdp: sdp('sendonly') } };
    expect(await errorFor(listener, offer)).toMatchObject({ code: 'FORBIDDEN', message: mediaTexts.listenerCannotPublish });
    expect(await errorFor(listener, { ...offer, signal: { kind: 'answer', sdp: sdp('sendrecv') } })).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.answersOnlyReceive,
    });
    expect(await errorFor(listener, { ...offer, signal: { kind: 'state', video: 'camera' } })).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.hostOnlyVideo,
    });
    expect(host.messages.filter((m) => m.type === 'media.signal')).toEqual([]);

    // The host (seat 0) offers audio and video; the listener answers receive-only.
    expect(
      await errorFor(
        host,
        {
          type: 'media.signal',
          scope: 'lobby',
          id: lobbyId,
          to: 'sig-listener',
          signal: { kind: 'offer', sdp: sdp('sendonly', 'sendonly') },
        },
        800,
      ),
    ).toBeNull();
    const relayed = await listener.next('media.signal', (m) => m.from === 'sig-host');
    expect(relayed).toMatchObject({ scope: 'lobby', id: lobbyId, signal: { kind: 'offer' } });
    expect(await errorFor(listener, { ...offer, signal: { kind: 'answer', sdp: sdp('recvonly', 'recvonly') } }, 800)).toBeNull();
    await host.next('media.signal', (m) => m.from === 'sig-listener' && m.signal.kind === 'answer');
    await listener.send({
      ...offer,
      signal: {
        kind: 'candidate',
        dir: 'sub',
        candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      },
    });
    await host.next('media.signal', (m) => m.signal.kind === 'candidate');

    // Seated, the listener may offer audio, but not video (only hosts stream).
    expect((await post('sig-host', `/lobbies/${lobbyId}/mic/grant`, { uid: 'sig-listener' })).status).toBe(200);
    expect(await errorFor(listener, offer, 4_000)).toBeNull();
    await host.next('media.signal', (m) => m.from === 'sig-listener' && m.signal.kind === 'offer');
    expect(await errorFor(listener, { ...offer, signal: { kind: 'offer', sdp: sdp('sendonly', 'sendonly') } })).toMatchObject({
      message: mediaTexts.hostOnlyVideo,
    });

    // A mute by the host and the loss of the seat reach everyone in the media.
    expect((await post('sig-host', `/lobbies/${lobbyId}/mic/mute`, { uid: 'sig-listener' })).status).toBe(200);
    await listener.next('media.peer', (m) => m.uid === 'sig-listener' && m.event === 'muted');
    await host.next('media.peer', (m) => m.uid === 'sig-listener' && m.event === 'muted');
    // Losing the seat puts them out of the media (the host closes its connections with them); they
    // are told to stop and come back as a listener.
    expect((await post('sig-host', `/lobbies/${lobbyId}/mic/unseat`, { uid: 'sig-listener' })).status).toBe(200);
    await host.next('media.peer', (m) => m.uid === 'sig-listener' && m.event === 'left');
    await listener.next('media.peer', (m) => m.uid === 'sig-listener' && m.event === 'stopped');
    expect((await joinMedia(listener, lobbyId)).peers).toEqual(['sig-host']);
    expect(await errorFor(listener, offer)).toMatchObject({ message: mediaTexts.listenerCannotPublish });

    // Leaving the lobby ends the media membership; the peers hear of it.
    const mark = host.messages.length;
    expect((await post('sig-listener', `/lobbies/${lobbyId}/leave`)).status).toBe(200);
    await listener.next('media.error', (m) => m.ref === undefined && m.code === 'FORBIDDEN');
    await host.next('media.peer', (m) => host.messages.indexOf(m) >= mark && m.uid === 'sig-listener' && m.event === 'left');
    expect(await errorFor(listener, { ...offer, signal: { kind: 'bye' } })).toMatchObject({ code: 'FORBIDDEN' });
    for (const s of [host, listener, stranger]) s.ws.close();
  });

  it('gives a user outside a private lobby nothing, and a closed socket leaves the media', async () => {
    const created = await post('priv-host', '/lobbies', { title: 'Private signals', mainCategoryId: 'chatting', kind: 'private' });
    const lobbyId = created.body.lobbyId as string;
    expect((await post('priv-outsider', `/lobbies/${lobbyId}/join`)).status).toBe(403);
    const host = await socketOf('priv-host');
    const outsider = await socketOf('priv-outsider');
    const guest = await openSocket(url);
    await guest.next('welcome');
    await joinMedia(host, lobbyId);

    expect(await errorFor(outsider, { type: 'media.join', scope: 'lobby', id: lobbyId })).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await errorFor(outsider, {
        type: 'media.signal',
        scope: 'lobby',
        id: lobbyId,
        to: 'priv-host',
        signal: { kind: 'answer', sdp: sdp('recvonly') },
      }),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await errorFor(guest, { type: 'media.join', scope: 'lobby', id: lobbyId })).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await errorFor(outsider, { type: 'media.join', scope: 'room', id: 'no-such-room' })).toMatchObject({ code: 'FORBIDDEN' });
    // Nothing of the lobby's media ever reached them.
    expect(outsider.messages.filter((m) => m.type === 'media.signal' || m.type === 'media.peer' || m.type === 'media.joined')).toEqual([]);

    const invite = await post('priv-host', `/lobbies/${lobbyId}/invites`);
    expect((await post('priv-member', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`)).status).toBe(200);
    const member = await socketOf('priv-member');
    expect((await joinMedia(member, lobbyId)).peers).toEqual(['priv-host']);
    member.ws.close();
    await host.next('media.peer', (m) => m.uid === 'priv-member' && m.event === 'left');
    for (const s of [host, outsider, guest]) s.ws.close();
  });

  it("a booked session's voice: its host and buyer while it is open, nobody else; its end sends them out", async () => {
    const service = await send('voice-coach', '/user/services', { title: 'Coaching', minutes: 15, price: 100 });
    await creditDiamonds(stack.command.deps, {
      uid: 'voice-buyer',
      amount: 100,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'voice-buyer-grant',
    });
    const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const booked = await send('voice-buyer', '/booking', { hostUid: 'voice-coach', serviceId: service.body.serviceId, startsAt });
    expect(booked.status).toBe(201);
    const bookingId = booked.body.bookingId as string;
    await waitForProjection(stack.db.pool, 'bookings');
    const coach = await socketOf('voice-coach');
    const buyer = await socketOf('voice-buyer');
    const stranger = await socketOf('voice-stranger');
    const join = { type: 'media.join', scope: 'booking', id: bookingId };
    // Booked but not open yet: no voice.
    expect(await errorFor(buyer, join)).toMatchObject({ code: 'FORBIDDEN', message: mediaTexts.notInLobby });

    // The scheduler's step at the start (its own time given, as the scheduler gives it).
    const opened = new Date(Date.parse(startsAt) + 1000).toISOString();
    await runBookingStep(stack.command.deps, { type: 'OpenSession', hostUid: 'voice-coach', bookingId, at: opened }, 'system:test');
    await waitForProjection(stack.db.pool, 'bookings');
    const ref = (socket: RecordingSocket, r: string) => {
      socket.send({ ...join, ref: r });
      return socket.next('media.joined', (m) => m.ref === r);
    };
    expect((await ref(coach, 'bj1')).peers).toEqual([]);
    expect((await ref(buyer, 'bj2')).peers).toEqual(['voice-coach']);
    expect(await errorFor(stranger, join)).toMatchObject({ code: 'FORBIDDEN' });
    // Both talk: the buyer's audio offer reaches the host.
    expect(
      await errorFor(
        buyer,
        { type: 'media.signal', scope: 'booking', id: bookingId, to: 'voice-coach', signal: { kind: 'offer', sdp: sdp('sendonly') } },
        800,
      ),
    ).toBeNull();
    await coach.next('media.signal', (m) => m.from === 'voice-buyer' && m.signal.kind === 'offer');

    // The end (the host paid) sends both out of the media.
    const ended = new Date(Date.parse(startsAt) + 16 * 60_000).toISOString();
    await runBookingStep(
      stack.command.deps,
      { type: 'CompleteSession', hostUid: 'voice-coach', bookingId, charmShare: money.hostCharmShare, at: ended },
      'system:test',
    );
    for (const s of [coach, buyer])
      await s.next('media.error', (m) => m.ref === undefined && m.scope === 'booking' && m.code === 'FORBIDDEN');
    expect(stranger.messages.filter((m) => m.type === 'media.signal' || m.type === 'media.peer' || m.type === 'media.joined')).toEqual([]);
    for (const s of [coach, buyer, stranger]) s.ws.close();
  });
});
