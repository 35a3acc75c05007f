// The typed realtime client (browser and Node alike: it is handed a WebSocket constructor). It keeps
// the last position seen per channel, reconnects with jittered exponential backoff, resumes every
// channel from its position (so nothing is missed or repeated) and re-subscribes the rest.
import {
  MAX_CHANNELS_PER_MESSAGE,
  realtimeCloseCodes,
  ServerMessage,
  type ErrorMessage,
  type EventMessage,
  type ResyncReason,
} from './realtime.ts';
import type { MediaClientMessage, MediaServerMessage } from './media.ts';

/** An event handler slot checked bivariantly, so the DOM's and `ws`'s richer event types fit. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'] | null;

/** What the client needs of a WebSocket (the browser's and the `ws` package's both fit). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown>;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<{ code: number; reason: string }>;
  onerror: Handler<unknown>;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Connection states of the spec (section 4). */
export type ConnectionState = 'CONNECTED' | 'CONNECTING' | 'DISCONNECTING' | 'DISCONNECTED';

export interface ChannelHandlers {
  onEvent(message: EventMessage): void;
  /** What was missed cannot be replayed: refetch the channel's state over HTTP. */
  onResync?(info: { reason: ResyncReason; position: string }): void;
  /** The gateway refused the channel (FORBIDDEN, NOT_FOUND, UNAUTHENTICATED); it is dropped. */
  onError?(error: ErrorMessage): void;
}

export interface RealtimeClientOptions {
  /** The gateway's WebSocket URL, e.g. `wss://murmur.example/ws`. */
  url: string;
  WebSocket: WebSocketConstructor;
  /** The current access token, asked for at every (re)connect; null connects as a guest. */
  getToken?: () => string | null | Promise<string | null>;
  /** Backoff: the n-th retry waits a random time in [0, min(maxMs, initialMs * 2^n)). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Application pings (browsers cannot see protocol pings) and how long to wait for any answer. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
  onStateChange?: (state: ConnectionState) => void;
  /** The gateway ended the session (banned, or signed in on another device): the client stops
   * reconnecting with this token; `reason` is the spec's text to show. */
  onSessionEnded?: (info: { code: number; reason: string }) => void;
  /** The gateway refused the token (4401: expired, revoked or forged), at connect or later. Asked once
   * per such close: renew the token and resolve true to reconnect with it (after the usual backoff),
   * or false when the session is gone (the client stops; the app signs out). Without it the client
   * reconnects as after any other close. */
  onUnauthenticated?: (info: { code: number; reason: string }) => Promise<boolean>;
}

interface ChannelEntry {
  handlers: Set<ChannelHandlers>;
  /** The last position delivered on this channel (in log order), or undefined before the first. */
  position: string | undefined;
  /** Confirmed live on the current connection. */
  confirmed: boolean;
}

/** The delay before reconnect attempt `attempt` (0-based): full jitter over an exponential cap. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random: () => number): number {
  const cap = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * cap);
}

export class RealtimeClient {
  private socket: WebSocketLike | null = null;
  private readonly channels = new Map<string, ChannelEntry>();
  private attempt = 0;
  /** Counts `open` calls: only the newest may create a socket once its token is there. */
  private opens = 0;
  private stateValue: ConnectionState = 'DISCONNECTED';
  private wanted = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private refs = 0;
  private readonly mediaHandlers = new Set<(message: MediaServerMessage) => void>();
  private readonly options: Required<Omit<RealtimeClientOptions, 'getToken' | 'onStateChange' | 'onSessionEnded' | 'onUnauthenticated'>> &
    Pick<RealtimeClientOptions, 'getToken' | 'onStateChange' | 'onSessionEnded' | 'onUnauthenticated'>;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      initialBackoffMs: 500,
      maxBackoffMs: 30_000,
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      random: Math.random,
      ...options,
    };
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** The last position seen on a channel (what a resume starts after). */
  position(channel: string): string | undefined {
    return this.channels.get(channel)?.position;
  }

  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    void this.open();
  }

  /** Skips the rest of a reconnect's backoff (the network just came back): the wait grew while it was
   * down, and the page should not sit out up to `maxBackoffMs` more. */
  reconnectNow(): void {
    if (!this.wanted || !this.reconnectTimer) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    void this.open();
  }

  /** Closes for good (until `connect` again); positions are kept for a later resume. */
  close(): void {
    this.wanted = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    if (this.socket) {
      this.setState('DISCONNECTING');
      this.socket.close(1000, 'client closed');
    } else {
      this.setState('DISCONNECTED');
    }
  }

  /**
   * Listens to a channel. With `after`, events after that position are replayed first (for a page
   * that loaded its state at that position). Returns the function that stops listening.
   */
  subscribe(channel: string, handlers: ChannelHandlers, options: { after?: string } = {}): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), position: options.after, confirmed: false };
      this.channels.set(channel, entry);
      if (this.stateValue === 'CONNECTED') this.sendSubscriptions([channel]);
      else if (this.wanted && this.stateValue === 'DISCONNECTED' && !this.socket && !this.reconnectTimer) void this.open();
    }
    entry.handlers.add(handlers);
    return () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.handlers.delete(handlers);
      if (current.handlers.size > 0) return;
      this.channels.delete(channel);
      if (this.stateValue === 'CONNECTED') this.send({ type: 'unsubscribe', channels: [channel] });
    };
  }

  /** Sends a signalling message now; false when not connected (the caller re-joins on reconnect). */
  sendMedia(message: MediaClientMessage): boolean {
    if (this.stateValue !== 'CONNECTED' || !this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Receives the gateway's signalling messages (media.*); returns the function that stops. */
  onMedia(handler: (message: MediaServerMessage) => void): () => void {
    this.mediaHandlers.add(handler);
    return () => this.mediaHandlers.delete(handler);
  }

  private setState(state: ConnectionState): void {
    if (this.stateValue === state) return;
    this.stateValue = state;
    this.options.onStateChange?.(state);
  }

  private async open(): Promise<void> {
    const opening = ++this.opens;
    this.setState('CONNECTING');
    let token: string | null = null;
    try {
      token = (await this.options.getToken?.()) ?? null;
    } catch {
      token = null;
    }
    // Closed and connected again while the token was asked for (a sign-out reconnects): the later
    // open goes on, this one would leave a second socket nobody listens to.
    if (!this.wanted || opening !== this.opens) return;
    const url = token
      ? `${this.options.url}${this.options.url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`
      : this.options.url;
    let socket: WebSocketLike;
    try {
      socket = new this.options.WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => undefined;
    socket.onerror = () => undefined;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.onMessage(String(event.data));
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      for (const entry of this.channels.values()) entry.confirmed = false;
      // Closed for listening to nothing: come back when there is something to listen to.
      const idle = event?.code === realtimeCloseCodes.idle && event.reason === 'idle' && this.channels.size === 0;
      if (event?.code === realtimeCloseCodes.banned || event?.code === realtimeCloseCodes.sessionReplaced) {
        // The same token would only be refused again: stop, and let the app sign out and say why.
        this.wanted = false;
        this.setState('DISCONNECTED');
        this.options.onSessionEnded?.({ code: event.code, reason: event.reason });
        return;
      }
      if (event?.code === realtimeCloseCodes.unauthenticated && this.wanted && this.options.onUnauthenticated) {
        this.renewThenReconnect(this.options.onUnauthenticated, { code: event.code, reason: event.reason });
        return;
      }
      if (this.wanted && !idle) this.scheduleReconnect();
      else this.setState('DISCONNECTED');
    };
  }

  /** One renewal per 4401 close, then a reconnect on the usual backoff (the attempt count only resets
   * on a welcome), so a token the gateway keeps refusing cannot spin. */
  private renewThenReconnect(renew: NonNullable<RealtimeClientOptions['onUnauthenticated']>, info: { code: number; reason: string }): void {
    this.setState('CONNECTING');
    const opening = this.opens;
    void renew(info)
      .catch(() => true)
      .then((renewed) => {
        // Closed, or reconnected by the app meanwhile (a sign-out reconnects as a guest): that one goes on.
        if (!this.wanted || opening !== this.opens || this.socket || this.reconnectTimer) return;
        if (renewed) {
          this.scheduleReconnect();
          return;
        }
        this.wanted = false;
        this.setState('DISCONNECTED');
      });
  }

  private scheduleReconnect(): void {
    this.setState('CONNECTING');
    const delay = backoffDelay(this.attempt++, this.options.initialBackoffMs, this.options.maxBackoffMs, this.options.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted) void this.open();
    }, delay);
  }

  private send(message: object): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  /** Resumes channels that have a position (grouped), subscribes the others. */
  private sendSubscriptions(names: string[]): void {
    const fresh: string[] = [];
    let resume: Record<string, string> = {};
    let resumeCount = 0;
    for (const name of names) {
      const position = this.channels.get(name)?.position;
      if (position === undefined) {
        fresh.push(name);
        continue;
      }
      resume[name] = position;
      if (++resumeCount === MAX_CHANNELS_PER_MESSAGE) {
        this.send({ type: 'resume', ref: this.nextRef(), positions: resume });
        resume = {};
        resumeCount = 0;
      }
    }
    if (resumeCount > 0) this.send({ type: 'resume', ref: this.nextRef(), positions: resume });
    for (let i = 0; i < fresh.length; i += MAX_CHANNELS_PER_MESSAGE) {
      this.send({ type: 'subscribe', ref: this.nextRef(), channels: fresh.slice(i, i + MAX_CHANNELS_PER_MESSAGE) });
    }
  }

  private nextRef(): string {
    return String(++this.refs);
  }

  private startPing(): void {
    this.stopPing();
    this.lastHeard = Date.now();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > this.options.pingIntervalMs + this.options.pongTimeoutMs) {
        // Nothing heard, not even a pong: the connection is dead without having said so.
        const dead = this.socket;
        dead?.close(4000, 'no answer');
        if (dead && this.socket === dead) dead.onclose?.({ code: 4000, reason: 'no answer' });
        return;
      }
      this.send({ type: 'ping' });
    }, this.options.pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private onMessage(raw: string): void {
    this.lastHeard = Date.now();
    let parsed: ServerMessage;
    try {
      const result = ServerMessage.safeParse(JSON.parse(raw));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    switch (parsed.type) {
      case 'welcome':
        this.attempt = 0;
        this.setState('CONNECTED');
        this.startPing();
        this.sendSubscriptions([...this.channels.keys()]);
        return;
      case 'event': {
        const entry = this.channels.get(parsed.channel);
        if (!entry || entry.position === parsed.position) return;
        entry.position = parsed.position;
        for (const h of [...entry.handlers]) h.onEvent(parsed);
        return;
      }
      case 'subscribed':
        for (const name of parsed.channels) {
          const entry = this.channels.get(name);
          if (!entry) continue;
          entry.position = parsed.position;
          entry.confirmed = true;
        }
        return;
      case 'resync':
        for (const name of parsed.channels) {
          const entry = this.channels.get(name);
          if (!entry) continue;
          entry.position = parsed.position;
          for (const h of [...entry.handlers]) h.onResync?.({ reason: parsed.reason, position: parsed.position });
        }
        return;
      case 'error': {
        const entry = parsed.channel ? this.channels.get(parsed.channel) : undefined;
        if (!entry || !parsed.channel) return;
        this.channels.delete(parsed.channel);
        for (const h of [...entry.handlers]) h.onError?.(parsed);
        return;
      }
      case 'pong':
        if (parsed.position === undefined) return;
        for (const entry of this.channels.values()) if (entry.confirmed) entry.position = parsed.position;
        return;
      case 'unsubscribed':
        return;
      case 'media.joined':
      case 'media.peer':
      case 'media.signal':
      case 'media.error':
        for (const h of [...this.mediaHandlers]) h(parsed);
        return;
      default: {
        const exhaustive: never = parsed;
        return exhaustive;
      }
    }
  }
}
