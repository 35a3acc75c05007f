// The realtime client against a scripted socket (the network is the outside service here): what it
// sends on connect and reconnect, how it keeps positions, backoff with jitter, resync and errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeClient, type WebSocketLike } from './realtime-client.ts';
import { channels, parseChannel } from './realtime.ts';

class ScriptedSocket implements WebSocketLike {
  static opened: ScriptedSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    ScriptedSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose({ code, reason });
  }
  onopen(_event: unknown): void {}
  onmessage(_event: { data: unknown }): void {}
  onclose(_event: { code: number; reason: string }): void {}
  onerror(_event: unknown): void {}
  /** The gateway side of the script. */
  open(position = '100'): void {
    this.readyState = 1;
    this.onopen({});
    this.receive({ type: 'welcome', uid: null, position, heartbeatMs: 30_000 });
  }
  receive(message: object): void {
    this.onmessage({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose({ code: 1006, reason: '' });
  }
}

const lobby = channels.lobbyAll('l1');
const mine = channels.user('u1');
const event = (channel: string, position: string) => ({
  type: 'event',
  channel,
  position,
  event: { type: 'GiftSent', streamId: 'wallet-a', data: { n: position }, createdAt: '2026-01-01T00:00:00.000Z' },
});

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function lastSocket(): ScriptedSocket {
  return ScriptedSocket.opened.at(-1)!;
}

beforeEach(() => {
  ScriptedSocket.opened = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it('waits a random time below a cap that doubles up to the maximum', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(2_000);
    expect(backoffDelay(20, 500, 30_000, () => 0.999)).toBe(29_970);
    expect(backoffDelay(5, 500, 30_000, () => 0)).toBe(0);
  });
});

describe('RealtimeClient', () => {
  it('subscribes on welcome, passing the token, and resumes every channel from its last position after a drop', async () => {
    const client = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      getToken: () => 'tok en',
      random: () => 0.5,
      initialBackoffMs: 100,
    });
    const seen: string[] = [];
    client.subscribe(lobby, { onEvent: (m) => seen.push(m.position) });
    client.subscribe(mine, { onEvent: (m) => seen.push(`u${m.position}`) }, { after: '40' });
    client.connect();
    await flush();
    const first = lastSocket();
    expect(first.url).toBe('ws://gw/ws?access_token=tok%20en');
    first.open();
    expect(client.state).toBe('CONNECTED');
    expect(first.sent).toEqual([
      { type: 'resume', ref: '1', positions: { [mine]: '40' } },
      { type: 'subscribe', ref: '2', channels: [lobby] },
    ]);
    first.receive({ type: 'subscribed', ref: '2', channels: [lobby], position: '100' });
    first.receive(event(lobby, '105'));
    first.receive(event(lobby, '103')); // log order is by transaction: positions need not grow
    first.receive(event(lobby, '103')); // never delivered twice
    first.receive(event(mine, '104'));
    expect(seen).toEqual(['105', '103', 'u104']);

    first.drop();
    expect(client.state).toBe('CONNECTING');
    await vi.advanceTimersByTimeAsync(49); // random 0.5 of a 100 ms cap
    expect(ScriptedSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = lastSocket();
    second.open();
    expect(second.sent).toEqual([{ type: 'resume', ref: '3', positions: { [lobby]: '103', [mine]: '104' } }]);
    client.close();
    expect(client.state).toBe('DISCONNECTED');
  });

  it('backs off further after each failed attempt and starts again from the first delay once connected', async () => {
    const client = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      random: () => 0.999,
      initialBackoffMs: 100,
      maxBackoffMs: 1_000,
    });
    client.connect();
    await flush();
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(99);
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(199);
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(398);
    expect(ScriptedSocket.opened).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(ScriptedSocket.opened).toHaveLength(4);
    lastSocket().open();
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(ScriptedSocket.opened).toHaveLength(5);
    client.close();
  });

  it('hands a resync to the channel and continues from its position; drops a refused channel', async () => {
    const client = new RealtimeClient({ url: 'ws://gw/ws', WebSocket: ScriptedSocket });
    const resyncs: unknown[] = [];
    const errors: string[] = [];
    client.subscribe(lobby, { onEvent: () => undefined, onResync: (r) => resyncs.push(r) }, { after: '5' });
    client.subscribe(mine, { onEvent: () => undefined, onError: (e) => errors.push(e.code) });
    client.connect();
    await flush();
    const socket = lastSocket();
    socket.open();
    socket.receive({ type: 'resync', reason: 'gap_too_old', channels: [lobby], position: '900' });
    socket.receive({ type: 'error', code: 'FORBIDDEN', message: 'You cannot listen to this channel.', channel: mine });
    expect(resyncs).toEqual([{ reason: 'gap_too_old', position: '900' }]);
    expect(errors).toEqual(['FORBIDDEN']);
    expect(client.position(lobby)).toBe('900');
    expect(client.position(mine)).toBeUndefined();
    client.close();
  });

  it('moves confirmed channels forward on a pong that carries a position, and unsubscribes with the last handler', async () => {
    const client = new RealtimeClient({ url: 'ws://gw/ws', WebSocket: ScriptedSocket, pingIntervalMs: 1_000, pongTimeoutMs: 500 });
    const stop = client.subscribe(lobby, { onEvent: () => undefined });
    client.connect();
    await flush();
    const socket = lastSocket();
    socket.open();
    socket.receive({ type: 'subscribed', channels: [lobby], position: '10' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong', position: '77' });
    expect(client.position(lobby)).toBe('77');
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', channels: [lobby] });
    client.close();
  });

  it('gives up on a connection that stops answering and reconnects', async () => {
    const client = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      pingIntervalMs: 1_000,
      pongTimeoutMs: 500,
      random: () => 0,
    });
    client.connect();
    await flush();
    lastSocket().open();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(ScriptedSocket.opened.length).toBeGreaterThanOrEqual(2);
    client.close();
  });
});

describe('RealtimeClient when idle', () => {
  it('stays away after an idle close until something is subscribed again', async () => {
    const client = new RealtimeClient({ url: 'ws://gw/ws', WebSocket: ScriptedSocket, random: () => 0 });
    client.connect();
    await flush();
    lastSocket().open();
    lastSocket().readyState = 3;
    lastSocket().onclose({ code: 4000, reason: 'idle' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ScriptedSocket.opened).toHaveLength(1);
    expect(client.state).toBe('DISCONNECTED');
    client.subscribe(lobby, { onEvent: () => undefined });
    await flush();
    expect(ScriptedSocket.opened).toHaveLength(2);
    lastSocket().open();
    expect(lastSocket().sent).toEqual([{ type: 'subscribe', ref: '1', channels: [lobby] }]);
    client.close();
  });

  it('stops reconnecting and reports why when the gateway ends the session (ban, other device)', async () => {
    for (const [code, reason] of [
      [4403, 'Your account is banned.'],
      [4409, 'Your account is logged in another device.'],
    ] as const) {
      ScriptedSocket.opened = [];
      const ended: Array<{ code: number; reason: string }> = [];
      const client = new RealtimeClient({
        url: 'ws://gw/ws',
        WebSocket: ScriptedSocket,
        random: () => 0,
        getToken: () => 't',
        onSessionEnded: (e) => ended.push(e),
      });
      client.subscribe(mine, { onEvent: () => undefined });
      client.connect();
      await flush();
      lastSocket().open();
      lastSocket().close(code, reason);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ended).toEqual([{ code, reason }]);
      expect(ScriptedSocket.opened).toHaveLength(1);
      expect(client.state).toBe('DISCONNECTED');
    }
  });

  it('renews a refused token once per 4401 close and reconnects with it on the growing backoff', async () => {
    let token = 'stale';
    const renewals: Array<{ code: number; reason: string }> = [];
    const client = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      random: () => 0.999,
      initialBackoffMs: 100,
      maxBackoffMs: 1_000,
      getToken: () => token,
      onUnauthenticated: async (info) => {
        renewals.push(info);
        token = 'fresh';
        return true;
      },
    });
    client.subscribe(mine, { onEvent: () => undefined });
    client.connect();
    await flush();
    expect(lastSocket().url).toBe('ws://gw/ws?access_token=stale');
    // Refused at connect: the upgrade is accepted and closed, before any welcome.
    lastSocket().close(4401, 'Your session has expired. Please sign in again.');
    await flush();
    expect(renewals).toEqual([{ code: 4401, reason: 'Your session has expired. Please sign in again.' }]);
    expect(client.state).toBe('CONNECTING');
    await vi.advanceTimersByTimeAsync(99);
    expect(ScriptedSocket.opened).toHaveLength(2);
    expect(lastSocket().url).toBe('ws://gw/ws?access_token=fresh');
    // Refused again although renewed: one more renewal, and a longer wait, never a tight loop.
    lastSocket().close(4401, 'Your session has expired. Please sign in again.');
    await vi.advanceTimersByTimeAsync(198);
    expect(renewals).toHaveLength(2);
    expect(ScriptedSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ScriptedSocket.opened).toHaveLength(3);
    lastSocket().open();
    expect(client.state).toBe('CONNECTED');
    expect(lastSocket().sent).toEqual([{ type: 'subscribe', ref: '1', channels: [mine] }]);
    client.close();
  });

  it('stops after a 4401 whose renewal is refused, unless the app connected again meanwhile', async () => {
    const client = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      random: () => 0,
      getToken: () => 't',
      onUnauthenticated: async () => false,
    });
    client.subscribe(mine, { onEvent: () => undefined });
    client.connect();
    await flush();
    lastSocket().open();
    lastSocket().close(4401, 'token expired');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ScriptedSocket.opened).toHaveLength(1);
    expect(client.state).toBe('DISCONNECTED');

    // The app's sign-out reconnects as a guest while the renewal is answered: that connection stays.
    ScriptedSocket.opened = [];
    const signingOut = new RealtimeClient({
      url: 'ws://gw/ws',
      WebSocket: ScriptedSocket,
      random: () => 0,
      getToken: () => null,
      onUnauthenticated: async () => {
        signingOut.close();
        signingOut.connect();
        return false;
      },
    });
    signingOut.connect();
    await flush();
    lastSocket().close(4401, 'Your session has expired. Please sign in again.');
    await flush();
    expect(ScriptedSocket.opened).toHaveLength(2);
    lastSocket().open();
    expect(signingOut.state).toBe('CONNECTED');
    signingOut.close();
  });

  it('skips the rest of the backoff when told the network is back', async () => {
    const client = new RealtimeClient({ url: 'ws://gw/ws', WebSocket: ScriptedSocket, random: () => 0.999, initialBackoffMs: 10_000 });
    client.connect();
    await flush();
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(10);
    expect(ScriptedSocket.opened).toHaveLength(1);
    client.reconnectNow();
    await flush();
    expect(ScriptedSocket.opened).toHaveLength(2);
    lastSocket().open();
    client.reconnectNow();
    await flush();
    expect(ScriptedSocket.opened).toHaveLength(2);
    client.close();
  });

  it('opens one socket when closed and connected again while the token is asked for (a sign-out reconnects twice)', async () => {
    const client = new RealtimeClient({ url: 'ws://gw/ws', WebSocket: ScriptedSocket, random: () => 0, getToken: async () => null });
    client.subscribe(lobby, { onEvent: () => undefined });
    client.connect();
    client.close();
    client.connect();
    client.close();
    client.connect();
    await flush();
    expect(ScriptedSocket.opened).toHaveLength(1);
    lastSocket().open();
    expect(client.state).toBe('CONNECTED');
    client.close();
  });
});

describe('parseChannel', () => {
  it('knows the realtime paths and nothing else', () => {
    expect(parseChannel('lobbies/a/events/all')).toEqual({ kind: 'lobbyAll', lobbyId: 'a' });
    expect(parseChannel('lobbies/a/events/uid/u')).toEqual({ kind: 'lobbyUid', lobbyId: 'a', uid: 'u' });
    expect(parseChannel('lobbies/a/users/u')).toEqual({ kind: 'lobbyUser', lobbyId: 'a', uid: 'u' });
    expect(parseChannel('rooms/r/events/all')).toEqual({ kind: 'roomAll', roomId: 'r' });
    expect(parseChannel('users/u')).toEqual({ kind: 'user', uid: 'u' });
    for (const bad of ['lobbies/a', 'lobbies/a/events', 'users/u/x', 'rooms//events/all', 'lobbies/a b/events/all', ''])
      expect(parseChannel(bad)).toBeNull();
  });
});
