// What a crash must not break, checked against the database after the platform recovered: every
// acknowledged command persisted exactly once, every realtime listener got every event of its
// channel once (resumed, no gap, no resync), the read models caught up and the ledger audit passes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import WebSocket from 'ws';
import { RealtimeClient, type WebSocketConstructor } from '@murmur/contracts/realtime-client';
import {
  checkpointAtPosition,
  checkpointOf,
  compareCheckpoints,
  lastPositionInLogOrder,
  readAllFrom,
  START,
  subscriptionReached,
  type Checkpoint,
} from '@murmur/eventstore';
import { channelsOf } from '../realtime-gateway/src/channels.ts';
import { projectors } from '../projections/src/registry.ts';
import type { LoadUser, RetryingClient } from './load-traffic.ts';

const NodeWebSocket: WebSocketConstructor = WebSocket;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

export interface Listener {
  user: LoadUser;
  channel: string;
  client: RealtimeClient;
  /** Where the channel stood when all listeners were confirmed; everything after it must arrive. */
  from: bigint;
  delivered: bigint[];
  /** Events it got before `from` (while the other listeners were still being confirmed), not counted. */
  beforeStart: number;
  resyncs: string[];
  errors: string[];
}

/** Opens one realtime client per user (the app's own client: reconnects with backoff and resumes
 * each channel from its last position), each on its channel; resolves once every one is confirmed. */
export async function openListeners(gatewayUrl: string, users: LoadUser[], channelOf: (i: number) => string): Promise<Listener[]> {
  const listeners = users.map((user, i): Listener => {
    const client = new RealtimeClient({
      url: gatewayUrl,
      WebSocket: NodeWebSocket,
      getToken: () => user.token,
      initialBackoffMs: 200,
      maxBackoffMs: 2_000,
    });
    const listener: Listener = { user, channel: channelOf(i), client, from: -1n, delivered: [], beforeStart: 0, resyncs: [], errors: [] };
    client.subscribe(listener.channel, {
      onEvent: (m) => listener.delivered.push(BigInt(m.position)),
      onResync: (r) => listener.resyncs.push(r.reason),
      onError: (e) => listener.errors.push(`${e.code} ${e.message}`),
    });
    return listener;
  });
  for (const l of listeners) l.client.connect();
  await until(
    'every listener confirmed on its channel',
    () => listeners.every((l) => l.client.position(l.channel) !== undefined || l.errors.length > 0),
    60_000,
  );
  for (const l of listeners) {
    if (l.errors.length > 0) throw new Error(`listener ${l.user.uid} was refused: ${l.errors.join('; ')}`);
    // The first listeners were confirmed while the last were still connecting and have had live
    // events since: the start is where each one stands NOW, and what it got up to here is not
    // counted (both in one synchronous step, so no event falls between them).
    l.from = BigInt(l.client.position(l.channel)!);
    l.beforeStart = l.delivered.length;
    l.delivered.length = 0;
  }
  return listeners;
}

interface ChannelEvent {
  position: bigint;
  checkpoint: Checkpoint;
  type: string;
  channels: string[];
}

/** Every event of the log (small test logs only), in the log's order, with the channels the
 * gateway sends it on. */
async function channelEvents(pool: pg.Pool): Promise<ChannelEvent[]> {
  const out: ChannelEvent[] = [];
  let cursor = START;
  for (;;) {
    const page = await readAllFrom(pool, cursor, 5_000);
    for (const e of page) out.push({ position: e.globalPosition, checkpoint: checkpointOf(e), type: e.type, channels: channelsOf(e) });
    if (page.length < 5_000) return out;
    cursor = checkpointOf(page[page.length - 1]!);
  }
}

/** Waits until each listener has every event its channel holds after its start, then holds the two
 * lists: the same positions, each once. Returns the number of events delivered. "After its start"
 * is in the log's order, (transaction id, position), as the gateway sends: an event with a lower
 * position whose transaction committed after the confirmed one comes after it.
 *
 * The platform keeps writing after the traffic stops (the gateway's presence of clients still
 * resuming, the presence reaper), and the gateway keeps delivering it. So the deliveries are
 * compared with a read of the log taken AFTER them: the lists are copied, the log is read again,
 * and while the channels gained events the copies lack, the wait goes on from that read. A
 * delivered position the final read lacks is then truly not in the log (a read of the log only
 * ever grows: the gateway sends only rows it read, below the same horizon). */
export async function checkDeliveries(
  pool: pg.Pool,
  listeners: Listener[],
  timeoutMs = 45_000,
): Promise<{
  delivered: number;
  expected: number;
  problems: string[];
  /** Expected events not delivered, and deliveries of an event a listener already had (all listeners). */
  missing: number;
  twice: number;
  belowStartPosition: number;
  aboveStartPositionBefore: number;
  beforeStart: number;
  logReads: number;
}> {
  const starts = new Map<Listener, Checkpoint>();
  for (const l of listeners) {
    const start = await checkpointAtPosition(pool, l.from);
    if (!start) throw new Error(`listener ${l.user.uid} was confirmed at ${l.from}, which is no event`);
    starts.set(l, start);
  }
  const expectedIn = (events: ChannelEvent[], l: Listener) =>
    events.filter((e) => compareCheckpoints(e.checkpoint, starts.get(l)!) > 0 && e.channels.includes(l.channel)).map((e) => e.position);
  const deadline = Date.now() + timeoutMs;
  let events: ChannelEvent[] = [];
  let expected = new Map<Listener, bigint[]>();
  let received = new Map<Listener, bigint[]>();
  let logReads = 0;
  for (;;) {
    // The deliveries first, then the log: everything delivered is in this read.
    received = new Map(listeners.map((l) => [l, [...l.delivered]]));
    events = await channelEvents(pool);
    logReads++;
    expected = new Map(listeners.map((l) => [l, expectedIn(events, l)]));
    const settled = listeners.every((l) => {
      const got = new Set(received.get(l)!);
      return l.resyncs.length > 0 || expected.get(l)!.every((p) => got.has(p));
    });
    if (settled || Date.now() > deadline) break;
    // Waits for every expected position, not a count: a count is met early by an event that should
    // not have come, and the tail still on its way then looks missing.
    const hasAll = (l: Listener) => {
      const got = new Set(l.delivered);
      return expected.get(l)!.every((p) => got.has(p));
    };
    await until(
      'every listener to receive its channel',
      () => listeners.every((l) => l.resyncs.length > 0 || hasAll(l)),
      Math.max(0, deadline - Date.now()),
    ).catch(() => undefined);
  }
  const byPosition = new Map(events.map((e) => [e.position, e]));
  const problems: string[] = [];
  let delivered = 0;
  let total = 0;
  // Expected deliveries whose position is at or below the listener's start (their transaction
  // committed after it): a check by position alone would call them unexpected.
  let belowStartPosition = 0;
  // And the other way round: channel events above the start position that come before it in log order.
  let aboveStartPositionBefore = 0;
  let beforeStart = 0;
  let missingTotal = 0;
  let twiceTotal = 0;
  for (const l of listeners) {
    const want = expected.get(l)!;
    belowStartPosition += want.filter((p) => p <= l.from).length;
    aboveStartPositionBefore += events.filter(
      (e) => e.position > l.from && e.channels.includes(l.channel) && compareCheckpoints(e.checkpoint, starts.get(l)!) < 0,
    ).length;
    beforeStart += l.beforeStart;
    const got = [...received.get(l)!].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    delivered += got.length;
    total += want.length;
    const gotSet = new Set(got);
    const missing = want.filter((p) => !gotSet.has(p));
    const twice = got.filter((p, i) => i > 0 && got[i - 1] === p);
    const wantSet = new Set(want);
    const foreign = got.filter((p) => !wantSet.has(p));
    missingTotal += missing.length;
    twiceTotal += twice.length;
    if (missing.length || twice.length || foreign.length || l.resyncs.length || l.errors.length) {
      // An unexpected one is told with its type and why: not of this channel, before the start, or not in the log.
      const why = (p: bigint) => {
        const e = byPosition.get(p);
        if (!e) return `${p} not in the log`;
        return `${p} ${e.type} ${e.channels.includes(l.channel) ? 'before the start' : `on ${e.channels.join('+') || 'no channel'}`}`;
      };
      problems.push(
        `${l.user.uid} on ${l.channel} from ${l.from}: ${missing.length} missing (${missing.slice(0, 5).join(',')}), ${twice.length} twice, ${foreign.length} unexpected (${foreign.slice(0, 5).map(why).join('; ')}), resyncs [${l.resyncs.join(',')}], errors [${l.errors.join(',')}]`,
      );
    }
  }
  return {
    delivered,
    expected: total,
    problems,
    missing: missingTotal,
    twice: twiceTotal,
    belowStartPosition,
    aboveStartPositionBefore,
    beforeStart,
    logReads,
  };
}

export interface PersistedCounts {
  acknowledged: Record<string, number>;
  persisted: Record<string, number>;
  problems: string[];
}

/** Holds the log against the acknowledged commands: each gift, chat message and join exactly once. */
export async function checkPersisted(pool: pg.Pool, client: RetryingClient, run: string): Promise<PersistedCounts> {
  const problems: string[] = [];
  const acked = (kind: string) => client.acknowledged.filter((o) => o.kind === kind && o.key.startsWith(`${run}-`));
  for (const o of client.lost) problems.push(`${o.kind} ${o.key} never answered (last status ${o.status})`);
  for (const o of client.refused) problems.push(`${o.kind} ${o.key} refused ${o.status}: ${JSON.stringify(o.body).slice(0, 200)}`);

  // Gifts: the positions answered are GiftSent events, and each sender has exactly as many as acknowledged.
  const gifts = acked('send-gift');
  const { rows: giftRows } = await pool.query<{ uid: string; n: number; positions: string[] }>(
    `select data->>'senderUid' as uid, count(*)::int as n, array_agg(global_position::text) as positions from events where type = 'GiftSent' and data->>'senderUid' = any($1) group by 1`,
    [[...new Set(gifts.map((g) => g.uid))]],
  );
  const giftPositions = new Set(giftRows.flatMap((r) => r.positions));
  const persistedGifts = giftRows.reduce((a, r) => a + r.n, 0);
  for (const r of giftRows) {
    const mine = gifts.filter((g) => g.uid === r.uid).length;
    if (mine !== r.n) problems.push(`sender ${r.uid}: ${mine} gifts acknowledged, ${r.n} persisted`);
  }
  for (const g of gifts) {
    const position = (g.body as { position?: string }).position;
    if (!position || !giftPositions.has(position)) problems.push(`gift ${g.key} answered position ${position}, which is no GiftSent`);
  }

  // Chat: the text is the key, so each acknowledged message must be in the log once.
  const chats = acked('lobby-chat');
  const { rows: chatRows } = await pool.query<{ body: string; n: number }>(
    `select data->>'body' as body, count(*)::int as n from events where type = 'ChatMessagePosted' and data->>'body' like $1 group by 1`,
    [`${run}-chat-%`],
  );
  const chatCount = new Map(chatRows.map((r) => [r.body, r.n]));
  for (const c of chats) if (chatCount.get(c.key) !== 1) problems.push(`chat ${c.key} persisted ${chatCount.get(c.key) ?? 0} times`);
  const persistedChats = chatRows.reduce((a, r) => a + r.n, 0);

  // Joins: one LobbyJoined per joiner.
  const joins = acked('lobby-join');
  const { rows: joinRows } = await pool.query<{ uid: string; n: number }>(
    `select data->>'uid' as uid, count(*)::int as n from events where type = 'LobbyJoined' and data->>'uid' = any($1) group by 1`,
    [joins.map((j) => j.uid)],
  );
  for (const r of joinRows) if (r.n !== 1) problems.push(`joiner ${r.uid} joined ${r.n} times`);
  const persistedJoins = joinRows.reduce((a, r) => a + r.n, 0);

  return {
    acknowledged: { gifts: gifts.length, chats: chats.length, joins: joins.length },
    persisted: { gifts: persistedGifts, chats: persistedChats, joins: persistedJoins },
    problems,
  };
}

/** Waits until every projection has applied the log up to its present last event, in log order. */
export async function waitForProjections(pool: pg.Pool, timeoutMs = 90_000): Promise<void> {
  const head = await lastPositionInLogOrder(pool);
  let behind: string[] = [];
  await until(
    'projections to catch up',
    async () => {
      behind = [];
      for (const p of projectors) if (!(await subscriptionReached(pool, p.name, head))) behind.push(p.name);
      return behind.length === 0;
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message} to position ${head}: ${behind.join(', ')}`);
  });
}

/** `npm run projections -- audit` as an operator runs it; resolves with its exit code and output. */
export function ledgerAudit(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'projections/src/cli.ts'), 'audit'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
