// Presence over real sockets and the real log: members with no live connection on any gateway for
// longer than the grace leave the lobby (LobbyLeft, reason disconnected); a member connected (on
// this gateway or another one that is still beating) stays; a crashed gateway's members leave.
import { channels } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../realtime-gateway/src/config.ts';
import { buildGateway, type Gateway } from '../../../realtime-gateway/src/server.ts';
import { openSocket, type RecordingSocket } from '../../../realtime-gateway/src/test-clients.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';

const GRACE_MS = 1_500;
let stack: TestStack;
let gateway: Gateway;
let wsUrl: string;
let store: PostgresEventStore;

beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { presenceReaper: { graceMs: GRACE_MS, firstConnectMs: 4_000, intervalMs: 200 } } });
  store = new PostgresEventStore(stack.db.pool);
  gateway = buildGateway(
    readConfig({
      DATABASE_URL: stack.db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: 'test',
      GATEWAY_POLL_MS: '50',
      GATEWAY_OFFLINE_GRACE_MS: '200',
    }),
    { pool: stack.db.pool },
  );
  wsUrl = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});

afterAll(async () => {
  await gateway?.stop();
  await stack?.stop();
});

const post = async (uid: string, path: string, body: unknown = {}) =>
  stack.api(path, { method: 'POST', token: await stack.tokenFor(uid), body });

/** Creates a lobby and waits until the read side (the gateway's access check) knows it. */
async function createLobby(owner: string, title: string): Promise<string> {
  const { body } = await post(owner, '/lobbies', { title });
  await stack.api(`/lobbies/${body.lobbyId}`, { headers: { 'x-min-position': String(body.position) } });
  return body.lobbyId as string;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function members(lobbyId: string): Promise<string[]> {
  const { events } = await store.readStream(`lobby-${lobbyId}`);
  const inside = new Set<string>();
  for (const e of events) {
    const d = e.data as { uid?: string; ownerUid?: string };
    if (e.type === 'LobbyCreated') inside.add(d.ownerUid!);
    if (e.type === 'LobbyJoined') inside.add(d.uid!);
    if (e.type === 'LobbyLeft') inside.delete(d.uid!);
  }
  return [...inside].sort();
}

async function listen(uid: string, lobbyId: string): Promise<RecordingSocket> {
  const socket = await openSocket(wsUrl, await stack.tokenFor(uid));
  socket.send({ type: 'subscribe', channels: [channels.lobbyAll(lobbyId)] });
  await socket.next('event', (m) => m.event.type === 'PresenceChanged' && m.event.data.uid === uid && m.event.data.presence === 'online');
  return socket;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition not met in time');
}

describe('presence reaper', () => {
  it('keeps connected members, removes a member who never connected and one who closed their socket', async () => {
    const lobbyId = await createLobby('pr-owner', 'Squad up');
    const owner = await listen('pr-owner', lobbyId);
    await post('pr-stays', `/lobbies/${lobbyId}/join`);
    const stays = await listen('pr-stays', lobbyId);
    await post('pr-closes', `/lobbies/${lobbyId}/join`);
    const closes = await listen('pr-closes', lobbyId);
    await post('pr-never', `/lobbies/${lobbyId}/join`);

    await waitFor(async () => !(await members(lobbyId)).includes('pr-never'), 10_000);
    expect(await members(lobbyId)).toEqual(['pr-closes', 'pr-owner', 'pr-stays']);

    closes.ws.close();
    const closedAt = Date.now();
    await waitFor(async () => !(await members(lobbyId)).includes('pr-closes'), 10_000);
    // Not before the gateway's debounce and the grace.
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS);
    const { events } = await store.readStream(`lobby-${lobbyId}`);
    expect(events.find((e) => e.type === 'LobbyLeft' && e.data.uid === 'pr-closes')?.data).toMatchObject({ reason: 'disconnected' });

    // Those still connected stay, well past the grace.
    await sleep(GRACE_MS + 1_000);
    expect(await members(lobbyId)).toEqual(['pr-owner', 'pr-stays']);
    owner.ws.close();
    stays.ws.close();
  });

  it('keeps a member who reconnects within the grace', async () => {
    const lobbyId = await createLobby('rc-owner', 'Reconnect');
    const owner = await listen('rc-owner', lobbyId);
    await post('rc-user', `/lobbies/${lobbyId}/join`);
    const first = await listen('rc-user', lobbyId);
    first.ws.close();
    await sleep(400);
    const second = await listen('rc-user', lobbyId);
    await sleep(GRACE_MS + 1_500);
    expect(await members(lobbyId)).toEqual(['rc-owner', 'rc-user']);
    owner.ws.close();
    second.ws.close();
  });

  it('treats the connections of a gateway that stopped beating as gone, and those of a live one as present', async () => {
    const lobbyId = await createLobby('gw-owner', 'Gateways');
    const owner = await listen('gw-owner', lobbyId);
    await post('gw-crashed', `/lobbies/${lobbyId}/join`);
    await post('gw-elsewhere', `/lobbies/${lobbyId}/join`);
    // Two other gateways' views: one crashed (its last heartbeat a minute ago), one alive.
    await stack.db.pool.query(
      `insert into realtime_gateways (gateway_id, seen_at) values ('gw-dead', now() - interval '1 minute'), ('gw-alive', now())`,
    );
    await store.append(`presence-${lobbyId}`, [
      { type: 'PresenceChanged', data: { lobbyId, uid: 'gw-crashed', presence: 'online', gatewayId: 'gw-dead' } },
      { type: 'PresenceChanged', data: { lobbyId, uid: 'gw-elsewhere', presence: 'online', gatewayId: 'gw-alive' } },
    ]);
    const beat = setInterval(
      () => void stack.db.pool.query(`update realtime_gateways set seen_at = now() where gateway_id = 'gw-alive'`),
      500,
    );
    try {
      await waitFor(async () => !(await members(lobbyId)).includes('gw-crashed'), 15_000);
      await sleep(GRACE_MS + 1_000);
      expect(await members(lobbyId)).toEqual(['gw-elsewhere', 'gw-owner']);
    } finally {
      clearInterval(beat);
      owner.ws.close();
    }
  });
});
