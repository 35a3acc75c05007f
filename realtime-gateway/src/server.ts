// The realtime gateway (docs/decisions/realtime.md): a WebSocket server on /ws that tails the log, maps each
// event to its channels and fans it out to the clients listening there; resumes a reconnecting
// client from its last position; drops slow clients with a resync. /healthz and /metrics share the
// HTTP server.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  MAX_CHANNELS_PER_CONNECTION,
  parseChannel,
  presenceTimings,
  realtimeCloseCodes,
  realtimeTexts,
  REALTIME_PATH,
  texts,
  type RealtimeErrorCode,
  type ResyncReason,
} from '@murmur/contracts';
import {
  checkpointAtPosition,
  checkpointOf,
  compareCheckpoints,
  countEventsBetween,
  createPool,
  createReadPool,
  listenerNameFor,
  LogListener,
  primaryOf,
  PostgresEventStore,
  readAllFrom,
  START,
  type Checkpoint,
  type RecordedEvent,
} from '@murmur/eventstore';
import {
  closeServer,
  createLogger,
  listen,
  observabilityRouter,
  PostgresSessionGuard,
  toApiError,
  unstorableTextAt,
  type AccessPolicy,
  type Logger,
  type SessionGuard,
} from '@murmur/platform';
import express from 'express';
import type pg from 'pg';
import client from 'prom-client';
import { WebSocketServer, type WebSocket } from 'ws';
import { channelAccess, type AccessVerdict } from './access.ts';
import { authenticateUpgrade, type UpgradeAuth } from './auth.ts';
import { clientAddressResolver, MessageBudget, OpenCounter } from './client-limits.ts';
import { channelsOf, presenceLobbyOf, toRealtimeEvent } from './channels.ts';
import type { GatewayConfig } from './config.ts';
import { ClientConnection, type ChannelState } from './connection.ts';
import { GatewayLiveness } from './liveness.ts';
import { LogTailer } from './log-tailer.ts';
import { PresenceTracker } from './presence.ts';
import { closeForRefusal, endsSession, sessionEndOf, type SessionEnd } from './session-ends.ts';
import { ReplayRing, type RingEntry } from './replay-ring.ts';
import { LobbyStages } from './signalling/lobby-stage.ts';
import { MediaRightsReader } from './signalling/rights.ts';
import { Signalling } from './signalling/signalling.ts';

export type GatewaySettings = Omit<GatewayConfig, 'NODE_ENV'>;

export interface GatewayDeps {
  pool: pg.Pool;
  logger: Logger;
  sessionGuard?: SessionGuard;
}

const verdictErrors: Record<Exclude<AccessVerdict, 'ok' | 'member'>, { code: RealtimeErrorCode; message: string }> = {
  forbidden: { code: 'FORBIDDEN', message: realtimeTexts.forbidden },
  not_found: { code: 'NOT_FOUND', message: realtimeTexts.notFound },
  unauthenticated: { code: 'UNAUTHENTICATED', message: realtimeTexts.signIn },
};

const DB_REPLAY_PAGE = 1_000;

function eventFrame(channel: string, position: bigint, eventJson: string): Buffer {
  return Buffer.from(`{"type":"event","channel":${JSON.stringify(channel)},"position":"${position}","event":${eventJson}}`);
}

function lazyEntry(event: RecordedEvent, channels: string[] = channelsOf(event)): RingEntry {
  let json: string | null = null;
  return {
    event,
    channels,
    get json() {
      return (json ??= JSON.stringify(toRealtimeEvent(event)));
    },
  };
}

/** Events that end a membership: the grant they revoke and whose. */
const leavingEvents = new Set(['LobbyLeft', 'LobbyUserKicked', 'LobbyUserBlocked', 'RoomLeft']);

function revokedGrant(event: RecordedEvent): { uid: string; grant: string } | null {
  if (!leavingEvents.has(event.type)) return null;
  const uid = typeof event.data.uid === 'string' ? event.data.uid : null;
  if (!uid) return null;
  if (event.type === 'RoomLeft') return typeof event.data.roomId === 'string' ? { uid, grant: `room:${event.data.roomId}` } : null;
  return typeof event.data.lobbyId === 'string' ? { uid, grant: `lobby:${event.data.lobbyId}` } : null;
}

function gatewayMetrics(registry: client.Registry) {
  return {
    connections: new client.Gauge({ name: 'murmur_gateway_connections', help: 'Open WebSocket connections', registers: [registry] }),
    subscriptions: new client.Gauge({ name: 'murmur_gateway_subscriptions', help: 'Channel subscriptions held', registers: [registry] }),
    delivered: new client.Counter({
      name: 'murmur_gateway_messages_sent_total',
      help: 'Event messages sent to clients',
      registers: [registry],
    }),
    replayed: new client.Counter({ name: 'murmur_gateway_replayed_total', help: 'Event messages sent by resumes', registers: [registry] }),
    resyncs: new client.Counter({
      name: 'murmur_gateway_resyncs_total',
      help: 'Resync instructions sent',
      labelNames: ['reason'],
      registers: [registry],
    }),
    slowDropped: new client.Counter({
      name: 'murmur_gateway_slow_clients_dropped_total',
      help: 'Clients dropped for falling behind',
      registers: [registry],
    }),
    position: new client.Gauge({
      name: 'murmur_gateway_log_position',
      help: 'Global position the gateway has read up to',
      registers: [registry],
    }),
  };
}

export class Gateway {
  readonly server: http.Server;
  readonly registry = new client.Registry();
  private readonly wss: WebSocketServer;
  private readonly listener: LogListener;
  private readonly tailer: LogTailer;
  private ring: ReplayRing;
  private readonly access: AccessPolicy;
  private readonly presence: PresenceTracker;
  private readonly signalling: Signalling;
  private readonly liveness: GatewayLiveness;
  private readonly clients = new Set<ClientConnection>();
  /** Signed-in clients by uid, to revoke membership grants. */
  private readonly clientsOf = new Map<string, Set<ClientConnection>>();
  private readonly openPerAddress: OpenCounter;
  private readonly addressOf: (req: http.IncomingMessage) => string;
  /** Each socket's client address and message budget. */
  private readonly limitsOf = new WeakMap<ClientConnection, { address: string; budget: MessageBudget }>();
  private readonly subscribers = new Map<string, Set<ClientConnection>>();
  /** Upgrades whose session check is running, each with the session ends read meanwhile: the check
   * may have answered from before them, and the socket is not yet among `clientsOf` to be closed. */
  private readonly authenticating = new Set<SessionEnd[]>();
  private readonly metrics = gatewayMetrics(this.registry);
  private heartbeat: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly settings: GatewaySettings,
    private readonly deps: GatewayDeps,
  ) {
    const app = express();
    app.disable('x-powered-by');
    app.use(observabilityRouter('realtime-gateway', deps.pool, this.registry));
    app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
    this.server = http.createServer(app);
    this.openPerAddress = new OpenCounter(settings.GATEWAY_MAX_CONNECTIONS_PER_ADDRESS);
    this.addressOf = clientAddressResolver(settings.TRUST_PROXY);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
    this.server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
    this.listener = new LogListener(settings.DATABASE_URL, listenerNameFor(deps.pool));
    this.tailer = new LogTailer(deps.pool, this.listener, deps.logger, {
      batchSize: settings.GATEWAY_BATCH_SIZE,
      pollIntervalMs: settings.GATEWAY_POLL_MS,
      onEvent: (event) => this.dispatch(event),
      yieldAfter: 2_000,
      onReplica: primaryOf(deps.pool) !== deps.pool,
    });
    this.ring = new ReplayRing(settings.GATEWAY_RING_SIZE, START);
    this.access = channelAccess(deps.pool);
    // What writes (presence, heartbeats) and the lobby stage, decided on the newest commit of its
    // stream, go to the primary when the gateway reads from a replica (docs/decisions/realtime.md).
    const primary = primaryOf(deps.pool);
    const store = new PostgresEventStore(primary);
    this.signalling = new Signalling(new MediaRightsReader(deps.pool, new LobbyStages(store)), deps.logger);
    this.liveness = new GatewayLiveness(primary, randomUUID(), presenceTimings.gatewayHeartbeatMs, deps.logger, async () => ({
      connections: (await this.metrics.connections.get()).values[0]?.value ?? 0,
      subscriptions: (await this.metrics.subscriptions.get()).values[0]?.value ?? 0,
    }));
    this.presence = new PresenceTracker(store, deps.logger, {
      offlineGraceMs: settings.GATEWAY_OFFLINE_GRACE_MS,
      flushIntervalMs: 50,
      gatewayId: this.liveness.gatewayId,
    });
  }

  /** Starts tailing the log at its head and listening; resolves with the port. */
  async start(port = this.settings.GATEWAY_PORT, host = '127.0.0.1'): Promise<number> {
    await this.listener.start();
    await this.liveness.start();
    const head = await this.tailer.start();
    this.ring = new ReplayRing(this.settings.GATEWAY_RING_SIZE, head);
    this.metrics.position.set(Number(head.globalPosition));
    this.heartbeat = setInterval(() => this.beat(), this.settings.GATEWAY_HEARTBEAT_MS);
    this.heartbeat.unref();
    return listen(this.server, port, host);
  }

  /** The last checkpoint the gateway has read and delivered. */
  get checkpoint(): Checkpoint {
    return this.tailer.checkpoint;
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const c of [...this.clients]) {
      c.ws.close(realtimeCloseCodes.goingAway, 'gateway stopping');
      this.removeClient(c);
    }
    await this.presence.close();
    await this.liveness.stop();
    await this.tailer.stop();
    await this.listener.close();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    await closeServer(this.server);
  }

  // ---- the log -> channels -> clients ----

  /** Hands one event to the ring and to every client of its channels; returns the messages sent. */
  private dispatch(event: RecordedEvent): number {
    let sent = 0;
    const entry = lazyEntry(event);
    this.ring.push(entry);
    if (entry.channels.length > 0) {
      const checkpoint = checkpointOf(event);
      for (const channel of entry.channels) {
        const subs = this.subscribers.get(channel);
        if (!subs || subs.size === 0) continue;
        const frame = eventFrame(channel, event.globalPosition, entry.json);
        for (const c of subs) sent += c.deliver(channel, checkpoint, frame);
      }
    }
    if (sent) this.metrics.delivered.inc(sent);
    this.metrics.position.set(Number(event.globalPosition));
    const revoked = revokedGrant(event);
    if (revoked) this.revoke(revoked.uid, revoked.grant);
    const ended = sessionEndOf(event);
    if (ended) this.endSessions(ended);
    this.signalling.onEvent(event);
    return sent;
  }

  /** A banned account, or one signed in elsewhere, loses its open sockets now, told why. */
  private endSessions(ended: SessionEnd): void {
    for (const meanwhile of this.authenticating) meanwhile.push(ended);
    for (const c of [...(this.clientsOf.get(ended.uid) ?? [])]) {
      if (!c.auth || !endsSession(ended, c.auth)) continue;
      c.ws.close(ended.code, ended.reason);
      this.removeClient(c);
      setTimeout(() => c.ws.terminate(), 2_000).unref();
    }
  }

  /** A member who left (or was kicked or blocked) stops hearing what membership alone let them hear. */
  private revoke(uid: string, grant: string): void {
    for (const c of this.clientsOf.get(uid) ?? []) {
      for (const [channel, state] of [...c.channels]) {
        if (state.grantedBy !== grant) continue;
        this.unsubscribe(c, channel);
        this.sendError(c, 'FORBIDDEN', realtimeTexts.forbidden, undefined, channel);
      }
    }
  }

  // ---- connections ----

  private onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://gateway').pathname;
    if (path !== REALTIME_PATH || this.stopped) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const refuse = (status: number, code: string, message: string) => {
      const body = JSON.stringify({ error: { code, message } });
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    const address = this.addressOf(req);
    if (!this.openPerAddress.take(address)) {
      refuse(429, 'RATE_LIMITED', realtimeTexts.tooManyConnections);
      return;
    }
    // Taken before the session check reads anything: a ban read from the log after this point may
    // be missing from the check's answer, and is applied to the socket as it opens.
    const endedMeanwhile: SessionEnd[] = [];
    this.authenticating.add(endedMeanwhile);
    authenticateUpgrade(req, this.settings.JWT_SECRET, this.deps.sessionGuard).then(
      (upgrade) => {
        this.authenticating.delete(endedMeanwhile);
        const auth = upgrade.auth;
        const ended = auth && endedMeanwhile.find((e) => endsSession(e, auth));
        if (ended) {
          this.openPerAddress.release(address);
          this.openToClose(req, socket, head, ended);
          return;
        }
        if (auth && (this.clientsOf.get(auth.uid)?.size ?? 0) >= this.settings.GATEWAY_MAX_CONNECTIONS_PER_USER) {
          this.openPerAddress.release(address);
          refuse(429, 'RATE_LIMITED', realtimeTexts.tooManyConnections);
          return;
        }
        this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, upgrade, address));
      },
      (error: unknown) => {
        this.authenticating.delete(endedMeanwhile);
        this.openPerAddress.release(address);
        const apiError = toApiError(error);
        const close = closeForRefusal(apiError.code);
        if (close) this.openToClose(req, socket, head, close);
        else refuse(apiError.status, apiError.code, apiError.message);
      },
    );
  }

  /** A socket whose session has ended is opened only to be closed with the code and text the client
   * acts on (it signs out and says why), never joined to anything. */
  private openToClose(req: http.IncomingMessage, socket: Duplex, head: Buffer, close: { code: number; reason: string }): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      ws.close(close.code, close.reason);
      setTimeout(() => ws.terminate(), 2_000).unref();
    });
  }

  private onConnection(ws: WebSocket, upgrade: UpgradeAuth, address: string): void {
    const c = new ClientConnection(
      ws,
      upgrade.auth,
      {
        maxBufferedBytes: this.settings.GATEWAY_MAX_BUFFERED_BYTES,
        maxHeldEvents: 10_000,
        drainTimeoutMs: 10_000,
      },
      (slow) => this.dropSlow(slow),
    );
    this.clients.add(c);
    this.limitsOf.set(c, { address, budget: new MessageBudget(this.settings.GATEWAY_MESSAGES_PER_10S) });
    if (c.auth) {
      let mine = this.clientsOf.get(c.auth.uid);
      if (!mine) this.clientsOf.set(c.auth.uid, (mine = new Set()));
      mine.add(c);
    }
    this.metrics.connections.inc();
    if (upgrade.expiresAt !== null) {
      // Timers overflow past 2^31-1 ms; a token that long-lived is closed then and re-checked.
      const delay = Math.min(2 ** 31 - 1, Math.max(0, upgrade.expiresAt - Date.now()));
      c.expiryTimer = setTimeout(() => ws.close(realtimeCloseCodes.unauthenticated, 'token expired'), delay);
      c.expiryTimer.unref();
    }
    ws.on('pong', () => (c.alive = true));
    ws.on('message', (raw) => this.onMessage(c, raw.toString()));
    ws.on('close', () => this.removeClient(c));
    ws.on('error', () => ws.terminate());
    c.sendMessage({
      type: 'welcome',
      uid: upgrade.auth?.uid ?? null,
      position: this.tailer.checkpoint.globalPosition.toString(),
      heartbeatMs: this.settings.GATEWAY_HEARTBEAT_MS,
    });
  }

  private removeClient(c: ClientConnection): void {
    if (!this.clients.delete(c)) return;
    const limits = this.limitsOf.get(c);
    if (limits) this.openPerAddress.release(limits.address);
    if (c.auth) {
      const mine = this.clientsOf.get(c.auth.uid);
      mine?.delete(c);
      if (mine?.size === 0) this.clientsOf.delete(c.auth.uid);
    }
    this.metrics.connections.dec();
    if (c.expiryTimer) clearTimeout(c.expiryTimer);
    this.unsubscribeAll(c);
    this.signalling.drop(c);
    c.forgetHeld();
  }

  private beat(): void {
    const now = Date.now();
    for (const c of this.clients) {
      if (!c.alive) {
        c.ws.terminate();
        this.removeClient(c);
        continue;
      }
      if (c.channels.size === 0 && now - c.lastActivity > this.settings.GATEWAY_IDLE_MS) {
        c.ws.close(realtimeCloseCodes.idle, 'idle');
        this.removeClient(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  /** A client whose socket stays full is cut off: bounded memory, and it is told to resync. */
  private dropSlow(c: ClientConnection): void {
    if (c.dropped) return;
    const channels = [...c.channels.keys()];
    c.dropped = true;
    this.metrics.slowDropped.inc();
    this.metrics.resyncs.inc({ reason: 'slow_consumer' });
    this.unsubscribeAll(c);
    c.forgetHeld();
    const resync = { type: 'resync', reason: 'slow_consumer', channels, position: this.tailer.checkpoint.globalPosition.toString() };
    c.ws.send(JSON.stringify(resync));
    c.ws.close(realtimeCloseCodes.slowConsumer, 'slow consumer');
    // A client that does not even read the close frame is not waited for.
    setTimeout(() => c.ws.terminate(), 2_000).unref();
  }

  // ---- client messages ----

  private onMessage(c: ClientConnection, raw: string): void {
    c.alive = true;
    c.lastActivity = Date.now();
    const budget = this.limitsOf.get(c)?.budget;
    const spent = budget?.spend(c.lastActivity) ?? 'ok';
    if (spent === 'close') {
      c.ws.close(realtimeCloseCodes.rateLimited, 'too many messages');
      this.removeClient(c);
      return;
    }
    if (spent === 'drop') {
      if (budget?.justExceeded) this.sendError(c, 'RATE_LIMITED', realtimeTexts.tooFast);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      this.sendError(c, 'BAD_MESSAGE', realtimeTexts.badMessage);
      return;
    }
    // A channel, a ref or a signal with a NUL or a lone surrogate: refused before anything reads it.
    if (unstorableTextAt(body) !== null) {
      const ref = (body as { ref?: unknown })?.ref;
      this.sendError(
        c,
        'BAD_MESSAGE',
        texts.unstorableText,
        typeof ref === 'string' && unstorableTextAt(ref) === null ? ref.slice(0, 64) : undefined,
      );
      return;
    }
    const parsed = ClientMessage.safeParse(body);
    if (!parsed.success) {
      const ref = typeof (body as { ref?: unknown })?.ref === 'string' ? (body as { ref: string }).ref.slice(0, 64) : undefined;
      this.sendError(c, 'BAD_MESSAGE', parsed.error.issues[0]?.message ?? realtimeTexts.badMessage, ref);
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        c.sendMessage({ type: 'pong', ref: message.ref, ...this.confirmedPosition(c) });
        return;
      case 'subscribe':
        this.subscribe(c, Object.fromEntries(message.channels.map((ch) => [ch, null])), message.ref).catch((error: unknown) =>
          this.failed(c, error),
        );
        return;
      case 'resume':
        this.subscribe(c, message.positions, message.ref).catch((error: unknown) => this.failed(c, error));
        return;
      case 'unsubscribe':
        for (const ch of message.channels) this.unsubscribe(c, ch);
        c.sendMessage({ type: 'unsubscribed', ref: message.ref, channels: message.channels });
        return;
      case 'media.join':
      case 'media.leave':
      case 'media.signal':
        this.signalling.handle(c, message);
        return;
      default: {
        const exhaustive: never = message;
        return exhaustive;
      }
    }
  }

  /** A subscription that failed half-way (the database went away): the client reconnects and resumes. */
  private failed(c: ClientConnection, error: unknown): void {
    this.deps.logger.error({ err: error }, 'subscription failed');
    c.ws.close(1011, 'try again');
    this.removeClient(c);
  }

  /** The position up to which every live channel of this client has been sent everything (so a pong
   * may carry it), unless some channel is mid-replay or ahead of this gateway. */
  private confirmedPosition(c: ClientConnection): { position?: string } {
    const checkpoint = this.tailer.checkpoint;
    for (const state of c.channels.values()) {
      if (state.replaying) return {};
      if (state.floor) {
        if (compareCheckpoints(checkpoint, state.floor) < 0) return {};
        state.floor = null;
      }
    }
    return { position: checkpoint.globalPosition.toString() };
  }

  private sendError(c: ClientConnection, code: RealtimeErrorCode, message: string, ref?: string, channel?: string): void {
    c.sendMessage({ type: 'error', code, message, ...(ref !== undefined ? { ref } : {}), ...(channel ? { channel } : {}) });
  }

  private unsubscribe(c: ClientConnection, channel: string): void {
    if (!c.channels.delete(channel)) return;
    this.metrics.subscriptions.dec();
    const subs = this.subscribers.get(channel);
    subs?.delete(c);
    if (subs?.size === 0) this.subscribers.delete(channel);
    const lobbyId = presenceLobbyOf(channel);
    if (lobbyId && c.auth) this.presence.leave(lobbyId, c.auth.uid);
  }

  private unsubscribeAll(c: ClientConnection): void {
    for (const channel of [...c.channels.keys()]) this.unsubscribe(c, channel);
  }

  /**
   * Subscribes to channels; those with a position first get every event after it, in log order.
   * Live events of a channel being replayed are held back and sent after the replay.
   */
  private async subscribe(c: ClientConnection, positions: Record<string, string | null>, ref: string | undefined): Promise<void> {
    const requested = Object.keys(positions).filter((ch) => !c.channels.has(ch));
    const already = Object.keys(positions).filter((ch) => c.channels.has(ch));
    if (c.channels.size + requested.length > MAX_CHANNELS_PER_CONNECTION) {
      this.sendError(c, 'TOO_MANY_CHANNELS', realtimeTexts.tooManyChannels, ref);
      return;
    }
    const verdicts = await Promise.all(
      requested.map(async (ch) => {
        try {
          return await this.access.channel(c.auth, parseChannel(ch)!);
        } catch (error) {
          this.deps.logger.error({ err: error, channel: ch }, 'access check failed');
          return 'not_found' as const;
        }
      }),
    );
    if (!c.open) return;
    const allowed: string[] = [];
    const grants = new Map<string, string>();
    requested.forEach((ch, i) => {
      const verdict = verdicts[i]!;
      if (verdict === 'ok' || verdict === 'member') {
        allowed.push(ch);
        const parsed = parseChannel(ch)!;
        if (verdict === 'member')
          grants.set(ch, 'roomId' in parsed ? `room:${parsed.roomId}` : `lobby:${(parsed as { lobbyId: string }).lobbyId}`);
      } else {
        this.sendError(c, verdictErrors[verdict].code, verdictErrors[verdict].message, ref, ch);
      }
    });

    // From here to the snapshot of the tailer's checkpoint nothing awaits: every event up to `head`
    // has been dispatched before these channels existed, every later one will reach them (held).
    const states = new Map<string, ChannelState>();
    for (const ch of allowed) {
      if (c.channels.has(ch)) continue; // a concurrent subscribe of the same channel won
      const grantedBy = grants.get(ch);
      const state: ChannelState = { replaying: positions[ch] !== null, floor: null, ...(grantedBy ? { grantedBy } : {}) };
      c.channels.set(ch, state);
      states.set(ch, state);
      let subs = this.subscribers.get(ch);
      if (!subs) this.subscribers.set(ch, (subs = new Set()));
      subs.add(c);
      this.metrics.subscriptions.inc();
      const lobbyId = presenceLobbyOf(ch);
      if (lobbyId && c.auth) this.presence.join(lobbyId, c.auth.uid);
    }
    const head = this.tailer.checkpoint;

    const byPosition = new Map<string, string[]>();
    for (const ch of states.keys()) {
      const p = positions[ch];
      if (p === null || p === undefined) continue;
      byPosition.set(p, [...(byPosition.get(p) ?? []), ch]);
    }
    for (const [position, group] of byPosition) {
      await this.replay(c, BigInt(position), group, states, head);
      if (!c.open) return;
    }
    const done = [...states.keys()].filter((ch) => c.channels.get(ch) === states.get(ch));
    if (done.length + already.length === 0 && allowed.length < requested.length) return;
    // Each channel is confirmed at what it has been sent: the gateway's position, or the client's
    // own when it is ahead of this gateway (a channel must never be moved past what it was sent).
    const now = this.tailer.checkpoint;
    const byConfirmed = new Map<string, string[]>([[now.globalPosition.toString(), [...already]]]);
    for (const ch of done) {
      const floor = states.get(ch)!.floor;
      const at = (floor && compareCheckpoints(floor, now) > 0 ? floor : now).globalPosition.toString();
      byConfirmed.set(at, [...(byConfirmed.get(at) ?? []), ch]);
    }
    for (const [position, confirmed] of byConfirmed) {
      if (confirmed.length > 0 || byConfirmed.size === 1) c.sendMessage({ type: 'subscribed', ref, channels: confirmed, position });
    }
  }

  /** Sends one group's gap (after `position`, up to `head`), then what was held back meanwhile. */
  private async replay(
    c: ClientConnection,
    position: bigint,
    group: string[],
    states: Map<string, ChannelState>,
    head: Checkpoint,
  ): Promise<void> {
    const wanted = new Set(group);
    const stillMine = (ch: string) => c.channels.get(ch) === states.get(ch);
    const after = await this.locate(position);
    let resync: ResyncReason | null = null;
    if (!after) {
      resync = 'unknown_position';
    } else if (compareCheckpoints(after, head) >= 0) {
      // The client saw more than this gateway has read: skip what it already has.
      for (const ch of group) if (stillMine(ch)) states.get(ch)!.floor = after;
    } else {
      resync = await this.sendGap(c, after, head, wanted, stillMine);
    }
    if (!c.open) return;
    if (resync) {
      this.metrics.resyncs.inc({ reason: resync });
      const channels = group.filter(stillMine);
      c.sendMessage({ type: 'resync', reason: resync, channels, position: head.globalPosition.toString() });
    }
    await c.releaseHeld(wanted);
  }

  /** The checkpoint of the event at a position: from the ring, else from the events table. */
  private async locate(position: bigint): Promise<Checkpoint | null> {
    if (position === 0n) return START;
    return this.ring.find(position) ?? checkpointAtPosition(this.deps.pool, position);
  }

  /** Sends the events of `wanted` channels in (after, head]; returns a resync reason when the gap is
   * too old to replay. */
  private async sendGap(
    c: ClientConnection,
    after: Checkpoint,
    head: Checkpoint,
    wanted: Set<string>,
    stillMine: (ch: string) => boolean,
  ): Promise<ResyncReason | null> {
    const send = async (entries: RingEntry[]): Promise<boolean> => {
      for (const entry of entries) {
        for (const ch of entry.channels) {
          if (!wanted.has(ch) || !stillMine(ch)) continue;
          if (!(await c.sendPaced(eventFrame(ch, entry.event.globalPosition, entry.json)))) return false;
          this.metrics.replayed.inc();
        }
      }
      return true;
    };
    const fromRing = this.ring.between(after, head);
    if (fromRing) {
      await send(fromRing);
      return null;
    }
    // Older than the ring: read the log from the database, up to a bound.
    if (
      (await countEventsBetween(this.deps.pool, after, head, this.settings.GATEWAY_REPLAY_MAX_EVENTS + 1)) >
      this.settings.GATEWAY_REPLAY_MAX_EVENTS
    )
      return 'gap_too_old';
    let cursor = after;
    for (;;) {
      const page = await readAllFrom(this.deps.pool, cursor, DB_REPLAY_PAGE);
      const inGap = page.filter((e) => compareCheckpoints(checkpointOf(e), head) <= 0);
      if (!(await send(inGap.map((e) => lazyEntry(e))))) return null;
      if (inGap.length < page.length || page.length < DB_REPLAY_PAGE) return null;
      cursor = checkpointOf(page[page.length - 1]!);
    }
  }
}

/** Builds a gateway on its own pool (main.ts) or a given one (tests). */
export function buildGateway(settings: GatewaySettings, overrides: Partial<GatewayDeps> = {}): Gateway {
  const deps: GatewayDeps = {
    pool:
      overrides.pool ??
      createReadPool(createPool(settings.DATABASE_URL, { max: 10, applicationName: 'realtime-gateway' }), settings.READ_DATABASE_URL, {
        max: 10,
        applicationName: 'realtime-gateway',
      }),
    logger: overrides.logger ?? createLogger('realtime-gateway'),
  };
  // The same single-device and ban check as the HTTP services.
  deps.sessionGuard = overrides.sessionGuard ?? new PostgresSessionGuard(deps.pool);
  return new Gateway(settings, deps);
}
