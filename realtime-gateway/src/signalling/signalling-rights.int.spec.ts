// A lobby's media rights come from the lobby's own stream, and every signal is checked against them:
// this stack projects nothing at all (no read model ever moves), so whatever the gateway allows here
// it decided on the stream. A speaker who loses the seat is put out of the media as a kick does; a
// listener may not answer them, nor exchange ICE candidates with them, and only the main host sends a
// video state.
import { mediaTexts, type MediaServerMessage } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { readConfig } from '../config.ts';
import { buildGateway, type Gateway } from '../server.ts';
import { openSocket, type RecordingSocket } from '../test-clients.ts';

let stack: TestStack;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  stack = await startTestStack({ projections: false });
  gateway = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test' }), {
    pool: stack.db.pool,
  });
  url = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});
afterAll(async () => {
  await gateway?.stop();
  await stack?.stop();
});

const { as, post } = actors(() => stack);

const sdp = (audio: string, video?: string) =>
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' +
  `m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=${audio}\r\n` +
  (video ? `m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\na=${video}\r\n` : '');
const candidate = (dir: 'pub' | 'sub') => ({
  kind: 'candidate',
  dir,
  candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
});

type Media<T extends MediaServerMessage['type']> = Extract<MediaServerMessage, { type: T }>;

async function socketOf(uid: string): Promise<RecordingSocket> {
  const socket = await openSocket(url, await as(uid));
  await socket.next('welcome');
  return socket;
}

let refs = 0;
/** Sends a signal and resolves with the gateway's refusal, or null when it was relayed to `to`. */
async function outcome(
  from: RecordingSocket,
  to: RecordingSocket,
  lobbyId: string,
  toUid: string,
  signal: Record<string, unknown>,
): Promise<Media<'media.error'> | null> {
  const ref = `s${++refs}`;
  const before = to.messages.length;
  from.send({ type: 'media.signal', ref, scope: 'lobby', id: lobbyId, to: toUid, signal });
  const neither = () => 'neither' as const;
  const refused = from.next('media.error', (m) => m.ref === ref, 10_000).catch(neither);
  const relayed = to
    .next('media.signal', (m) => to.messages.indexOf(m) >= before && m.signal.kind === signal.kind, 10_000)
    .then(() => null, neither);
  const first = await Promise.race([refused, relayed]);
  if (first === 'neither') throw new Error(`${String(signal.kind)} was neither refused nor relayed`);
  return first;
}

async function joinMedia(socket: RecordingSocket, lobbyId: string): Promise<Media<'media.joined'>> {
  const ref = `j${++refs}`;
  socket.send({ type: 'media.join', ref, scope: 'lobby', id: lobbyId });
  return socket.next('media.joined', (m) => m.ref === ref);
}

async function lobbyWith(
  prefix: string,
): Promise<{ lobbyId: string; host: RecordingSocket; speaker: RecordingSocket; listener: RecordingSocket; cohostOnly: RecordingSocket }> {
  const created = await post(`${prefix}-host`, '/lobbies', { title: 'Stage rights', mainCategoryId: 'chatting' });
  expect(created.status).toBe(201);
  const lobbyId = (created.body as { lobbyId: string }).lobbyId;
  for (const who of ['speaker', 'listener', 'cohost'])
    expect((await post(`${prefix}-${who}`, `/lobbies/${lobbyId}/join`)).status).toBe(200);
  for (const who of ['speaker', 'cohost'])
    expect((await post(`${prefix}-host`, `/lobbies/${lobbyId}/mic/grant`, { uid: `${prefix}-${who}` })).status).toBe(200);
  const [host, speaker, listener, cohostOnly] = await Promise.all(
    ['host', 'speaker', 'listener', 'cohost'].map((who) => socketOf(`${prefix}-${who}`)),
  );
  for (const s of [host!, speaker!, listener!, cohostOnly!]) await joinMedia(s, lobbyId);
  return { lobbyId, host: host!, speaker: speaker!, listener: listener!, cohostOnly: cohostOnly! };
}

describe('lobby media rights from the lobby stream, for every signal', () => {
  it('with no read model at all: members join, the seated offer, the others may not', async () => {
    const { lobbyId, host, speaker, listener, cohostOnly } = await lobbyWith('st');
    expect(await outcome(speaker, listener, lobbyId, 'st-listener', { kind: 'offer', sdp: sdp('sendonly') })).toBeNull();
    expect(await outcome(host, listener, lobbyId, 'st-listener', { kind: 'offer', sdp: sdp('sendonly', 'sendonly') })).toBeNull();
    expect(await outcome(listener, speaker, lobbyId, 'st-speaker', { kind: 'offer', sdp: sdp('sendonly') })).toMatchObject({
      message: mediaTexts.listenerCannotPublish,
    });
    // A co-host talks but does not stream, nor says what its video shows.
    expect(await outcome(cohostOnly, listener, lobbyId, 'st-listener', { kind: 'offer', sdp: sdp('sendonly', 'sendonly') })).toMatchObject({
      message: mediaTexts.hostOnlyVideo,
    });
    expect(await outcome(cohostOnly, listener, lobbyId, 'st-listener', { kind: 'state', video: null })).toMatchObject({
      message: mediaTexts.hostOnlyVideo,
    });
    expect(await outcome(host, listener, lobbyId, 'st-listener', { kind: 'state', video: 'camera' })).toBeNull();
    for (const s of [host, speaker, listener, cohostOnly]) s.ws.close();
  });

  it('ICE candidates and answers only for a connection whose sender may send', async () => {
    const { lobbyId, host, speaker, listener, cohostOnly } = await lobbyWith('ice');
    // The listener's receiving connection from the speaker: its candidates and its answer pass.
    expect(await outcome(listener, speaker, lobbyId, 'ice-speaker', candidate('sub'))).toBeNull();
    expect(await outcome(listener, speaker, lobbyId, 'ice-speaker', { kind: 'answer', sdp: sdp('recvonly') })).toBeNull();
    expect(await outcome(speaker, listener, lobbyId, 'ice-listener', candidate('pub'))).toBeNull();
    // A listener has no sending connection, and nobody has a receiving one from a listener.
    expect(await outcome(listener, speaker, lobbyId, 'ice-speaker', candidate('pub'))).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.listenerCannotPublish,
    });
    expect(await outcome(speaker, listener, lobbyId, 'ice-listener', candidate('sub'))).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.peerNotOnSeat,
    });
    expect(await outcome(host, listener, lobbyId, 'ice-listener', { kind: 'answer', sdp: sdp('recvonly') })).toMatchObject({
      code: 'FORBIDDEN',
      message: mediaTexts.peerNotOnSeat,
    });
    // Stopping is always allowed.
    expect(await outcome(listener, speaker, lobbyId, 'ice-speaker', { kind: 'bye' })).toBeNull();
    for (const s of [host, speaker, listener, cohostOnly]) s.ws.close();
  });

  it('an unseated speaker is put out of the media as a kick does, and nothing of theirs is relayed after', async () => {
    const { lobbyId, host, speaker, listener, cohostOnly } = await lobbyWith('un');
    expect(await outcome(speaker, listener, lobbyId, 'un-listener', { kind: 'offer', sdp: sdp('sendonly') })).toBeNull();

    expect((await post('un-host', `/lobbies/${lobbyId}/mic/unseat`, { uid: 'un-speaker' })).status).toBe(200);
    // Every peer closes its connections with them; their own app is told to stop and come back.
    await listener.next('media.peer', (m) => m.uid === 'un-speaker' && m.event === 'left');
    await host.next('media.peer', (m) => m.uid === 'un-speaker' && m.event === 'left');
    await speaker.next('media.peer', (m) => m.uid === 'un-speaker' && m.event === 'stopped');
    expect(await outcome(speaker, listener, lobbyId, 'un-listener', candidate('pub'))).toMatchObject({ message: mediaTexts.notInLobby });

    // Back as a listener: no offer, no candidate of a sending connection, no answer from others.
    expect((await joinMedia(speaker, lobbyId)).peers.sort()).toEqual(['un-cohost', 'un-host', 'un-listener']);
    expect(await outcome(speaker, listener, lobbyId, 'un-listener', { kind: 'offer', sdp: sdp('sendonly') })).toMatchObject({
      message: mediaTexts.listenerCannotPublish,
    });
    expect(await outcome(speaker, listener, lobbyId, 'un-listener', candidate('pub'))).toMatchObject({
      message: mediaTexts.listenerCannotPublish,
    });
    expect(await outcome(listener, speaker, lobbyId, 'un-speaker', { kind: 'answer', sdp: sdp('recvonly') })).toMatchObject({
      message: mediaTexts.peerNotOnSeat,
    });
    expect(await outcome(listener, speaker, lobbyId, 'un-speaker', candidate('sub'))).toMatchObject({ message: mediaTexts.peerNotOnSeat });
    // The listener's own media membership is untouched.
    expect(listener.messages.filter((m) => m.type === 'media.error' && m.ref === undefined)).toEqual([]);

    // A new seat lets them talk again at once.
    expect((await post('un-host', `/lobbies/${lobbyId}/mic/grant`, { uid: 'un-speaker' })).status).toBe(200);
    expect(await outcome(speaker, listener, lobbyId, 'un-listener', { kind: 'offer', sdp: sdp('sendonly') })).toBeNull();
    for (const s of [host, speaker, listener, cohostOnly]) s.ws.close();
  });
});
