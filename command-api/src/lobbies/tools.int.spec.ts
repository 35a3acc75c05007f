// The lobby's interactive tools over real HTTP, the real log and a real gateway: a roll by one member
// reaches another's socket with the server's dice; a poll takes one vote per member even when the
// same member votes ten times at once; limits answer 429; a page reading the tools after a reload
// sees the poll, its counts and its own vote; a private lobby's tools are for its members.
import { channels, lobbyToolTexts } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../realtime-gateway/src/config.ts';
import { buildGateway, type Gateway } from '../../../realtime-gateway/src/server.ts';
import { openSocket, type RecordingSocket } from '../../../realtime-gateway/src/test-clients.ts';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let gateway: Gateway;
let wsUrl: string;
let store: PostgresEventStore;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  store = new PostgresEventStore(stack.db.pool);
  gateway = buildGateway(readConfig({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'test', GATEWAY_POLL_MS: '50' }), {
    pool: stack.db.pool,
  });
  wsUrl = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});

afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await gateway?.stop();
  await stack?.stop();
});

const { post, get } = actors(() => stack);

async function lobbyWith(owner: string, members: string[], kind: 'public' | 'private' = 'public'): Promise<string> {
  const created = await post(owner, '/lobbies', { title: 'Game night', kind });
  expect(created.status).toBe(201);
  const lobbyId = created.body.lobbyId as string;
  for (const m of members) {
    let path = `/lobbies/${lobbyId}/join`;
    if (kind === 'private') {
      const invite = await post(owner, `/lobbies/${lobbyId}/invites`);
      path = `/lobbies/${lobbyId}/join/${invite.body.inviteId}`;
    }
    expect((await post(m, path)).status).toBe(200);
  }
  await get(owner, `/lobbies/${lobbyId}`, created.body.position);
  return lobbyId;
}

async function listen(uid: string, lobbyId: string): Promise<RecordingSocket> {
  const socket = await openSocket(wsUrl, await stack.tokenFor(uid));
  sockets.push(socket);
  socket.send({ type: 'subscribe', channels: [channels.lobbyAll(lobbyId)] });
  await socket.next('subscribed');
  return socket;
}

const toolEvents = async (lobbyId: string, type: string) =>
  (await store.readStream(`lobby-${lobbyId}`)).events.filter((e) => e.type === type);

describe('interactive tools', () => {
  it('shows one member’s roll and lucky number live to another, with the values the server drew', async () => {
    const lobbyId = await lobbyWith('t-owner', ['t-ann', 't-bob']);
    const bob = await listen('t-bob', lobbyId);
    const roll = await post('t-ann', `/lobbies/${lobbyId}/tools/dice`);
    expect(roll.status).toBe(200);
    expect(roll.body.dice).toHaveLength(2);
    for (const d of roll.body.dice) expect(d >= 1 && d <= 6).toBe(true);
    const seen = await bob.next('event', (m) => m.event.type === 'LobbyDiceRolled');
    expect(seen.event.data).toMatchObject({ lobbyId, uid: 't-ann', dice: roll.body.dice });

    const lucky = await post('t-bob', `/lobbies/${lobbyId}/tools/lucky-number`);
    expect(lucky.status).toBe(200);
    expect(lucky.body.number >= 1 && lucky.body.number <= 100).toBe(true);
    const drawn = await bob.next('event', (m) => m.event.type === 'LobbyLuckyNumberDrawn');
    expect(drawn.event.data.number).toBe(lucky.body.number);

    // After a reload, the page reads both, newest first.
    const tools = await get('t-bob', `/lobbies/${lobbyId}/tools`, lucky.body.position);
    expect(tools.body.recent.map((r: { kind: string }) => r.kind)).toEqual(['lucky_number', 'dice']);
    expect(tools.body.recent[1]).toMatchObject({ kind: 'dice', dice: roll.body.dice, user: { uid: 't-ann' } });
  });

  it('answers 429 past the member’s cooldown and writes nothing; someone outside is refused', async () => {
    const lobbyId = await lobbyWith('t2-owner', ['t2-ann']);
    expect((await post('t2-ann', `/lobbies/${lobbyId}/tools/dice`)).status).toBe(200);
    const again = await post('t2-ann', `/lobbies/${lobbyId}/tools/lucky-number`);
    expect([again.status, again.body.error.message]).toEqual([429, lobbyToolTexts.tooFast]);
    const outside = await post('t2-zed', `/lobbies/${lobbyId}/tools/dice`);
    expect([outside.status, outside.body.error.message]).toEqual([403, lobbyToolTexts.notInside]);
    expect(await toolEvents(lobbyId, 'LobbyDiceRolled')).toHaveLength(1);
    expect(await toolEvents(lobbyId, 'LobbyLuckyNumberDrawn')).toHaveLength(0);
  });

  it('takes one vote per member on the lobby stream, even ten at once, and shows the counts live', async () => {
    const lobbyId = await lobbyWith('t3-owner', ['t3-ann', 't3-bob']);
    const ann = await listen('t3-ann', lobbyId);
    const refused = await post('t3-ann', `/lobbies/${lobbyId}/tools/poll`, { question: 'Play what?', options: ['Chess', 'Cards'] });
    expect([refused.status, refused.body.error.message]).toEqual([403, lobbyToolTexts.pollNeedsStage]);
    const bad = await post('t3-owner', `/lobbies/${lobbyId}/tools/poll`, { question: 'Play what?', options: ['Chess'] });
    expect([bad.status, bad.body.error.message]).toEqual([400, lobbyToolTexts.optionsCount]);
    const opened = await post('t3-owner', `/lobbies/${lobbyId}/tools/poll`, {
      question: 'Play what?',
      options: ['Chess', 'Cards', 'Charades'],
    });
    expect(opened.status).toBe(201);
    const pollId = opened.body.pollId as string;
    expect((await ann.next('event', (m) => m.event.type === 'LobbyPollOpened')).event.data).toMatchObject({
      pollId,
      question: 'Play what?',
      options: ['Chess', 'Cards', 'Charades'],
    });

    // Ten votes by one member at once, two options: exactly one is recorded.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('t3-bob', `/lobbies/${lobbyId}/tools/poll/vote`, { pollId, option: i % 2 })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409).every((r) => r.body.error.message === lobbyToolTexts.alreadyVoted)).toBe(true);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(9);
    const annVote = await post('t3-ann', `/lobbies/${lobbyId}/tools/poll/vote`, { pollId, option: 2 });
    expect(annVote.status).toBe(200);
    const votes = await toolEvents(lobbyId, 'LobbyPollVoted');
    expect(votes.map((e) => (e.data as { uid: string }).uid).sort()).toEqual(['t3-ann', 't3-bob']);
    const bobOption = (votes.find((e) => (e.data as { uid: string }).uid === 't3-bob')!.data as { option: number }).option;
    expect((await ann.next('event', (m) => m.event.type === 'LobbyPollVoted' && m.event.data.uid === 't3-ann')).event.data.option).toBe(2);

    // A reload: counts and each reader's own vote.
    const asAnn = await get('t3-ann', `/lobbies/${lobbyId}/tools`, annVote.body.position);
    const expected = [0, 0, 1];
    expected[bobOption]! += 1;
    expect(asAnn.body.poll).toMatchObject({ pollId, counts: expected, myVote: 2, closedAt: null, openedBy: { uid: 't3-owner' } });
    expect((await get('t3-owner', `/lobbies/${lobbyId}/tools`)).body.poll.myVote).toBeNull();

    // Only its opener or staff closes it; then it takes no vote.
    expect((await post('t3-ann', `/lobbies/${lobbyId}/tools/poll/close`, { pollId })).status).toBe(403);
    const closed = await post('t3-owner', `/lobbies/${lobbyId}/tools/poll/close`, { pollId });
    expect(closed.status).toBe(200);
    expect((await ann.next('event', (m) => m.event.type === 'LobbyPollClosed')).event.data.counts).toEqual(expected);
    const late = await post('t3-owner', `/lobbies/${lobbyId}/tools/poll/vote`, { pollId, option: 0 });
    expect([late.status, late.body.error.message]).toEqual([422, lobbyToolTexts.pollClosed]);
    expect((await get('t3-ann', `/lobbies/${lobbyId}/tools`, closed.body.position)).body.poll.closedAt).not.toBeNull();
  });

  it('keeps a private lobby’s tools for its members', async () => {
    const lobbyId = await lobbyWith('t4-owner', ['t4-ann'], 'private');
    const roll = await post('t4-ann', `/lobbies/${lobbyId}/tools/dice`);
    expect(roll.status).toBe(200);
    expect((await get('t4-ann', `/lobbies/${lobbyId}/tools`, roll.body.position)).body.recent).toHaveLength(1);
    expect((await get('t4-outsider', `/lobbies/${lobbyId}/tools`)).status).toBe(403);
    expect((await get(null, `/lobbies/${lobbyId}/tools`)).status).toBe(401);
  });
});
