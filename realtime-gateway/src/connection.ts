// One client's socket: its channels, the events held back while a channel is being replayed, and
// the send path that never lets the socket's buffer grow past a bound.
import type { Checkpoint } from '@murmur/eventstore';
import type { AuthContext } from '@murmur/platform';
import type WebSocket from 'ws';
import { compareCheckpoints } from '@murmur/eventstore';

export interface ChannelState {
  /** Live events are held in `held` until the replay of this channel has been sent. */
  replaying: boolean;
  /** Events at or before this checkpoint were already delivered (by another gateway, ahead of this one). */
  floor: Checkpoint | null;
  /** Set when only membership grants the channel: `lobby:{id}` or `room:{id}`. */
  grantedBy?: string;
}

interface HeldEvent {
  channel: string;
  checkpoint: Checkpoint;
  frame: Buffer;
}

export interface ConnectionLimits {
  maxBufferedBytes: number;
  /** Live events a replaying client may have held back before it counts as too slow. */
  maxHeldEvents: number;
  /** How long a replay may wait for the socket to drain before the client counts as too slow. */
  drainTimeoutMs: number;
}

const sendOptions = { binary: false } as const;

export class ClientConnection {
  readonly channels = new Map<string, ChannelState>();
  private held: HeldEvent[] = [];
  alive = true;
  lastActivity = Date.now();
  dropped = false;
  expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly auth: AuthContext | null,
    private readonly limits: ConnectionLimits,
    private readonly onSlow: (client: ClientConnection) => void,
  ) {}

  get open(): boolean {
    return !this.dropped && this.ws.readyState === 1;
  }

  /** Sends a frame unless the socket is already too far behind; then the client is dropped. */
  send(frame: Buffer | string): boolean {
    if (!this.open) return false;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.onSlow(this);
      return false;
    }
    this.ws.send(frame, sendOptions);
    return true;
  }

  sendMessage(message: object): boolean {
    return this.send(JSON.stringify(message));
  }

  /** Sends while pacing on the socket's buffer: for replays, which may be large but are bounded. */
  async sendPaced(frame: Buffer | string): Promise<boolean> {
    const started = Date.now();
    while (this.open && this.ws.bufferedAmount > this.limits.maxBufferedBytes / 2) {
      if (Date.now() - started > this.limits.drainTimeoutMs) {
        this.onSlow(this);
        return false;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.send(frame);
  }

  /** A live event of one of this client's channels. */
  deliver(channel: string, checkpoint: Checkpoint, frame: Buffer): number {
    const state = this.channels.get(channel);
    if (!state) return 0;
    if (state.floor) {
      if (compareCheckpoints(checkpoint, state.floor) <= 0) return 0;
      state.floor = null;
    }
    if (state.replaying) {
      this.held.push({ channel, checkpoint, frame });
      if (this.held.length > this.limits.maxHeldEvents) this.onSlow(this);
      return 0;
    }
    return this.send(frame) ? 1 : 0;
  }

  /** Ends the replay of these channels: sends what was held back for them, in order, and goes live. */
  async releaseHeld(channels: Set<string>): Promise<void> {
    for (;;) {
      const mine = this.held.filter((h) => channels.has(h.channel));
      if (mine.length === 0) break;
      this.held = this.held.filter((h) => !channels.has(h.channel));
      for (const h of mine) {
        const state = this.channels.get(h.channel);
        if (!state) continue;
        if (state.floor && compareCheckpoints(h.checkpoint, state.floor) <= 0) continue;
        state.floor = null;
        if (!(await this.sendPaced(h.frame))) return;
      }
      // Events that arrived while those were sent were held as well: go round again.
    }
    for (const channel of channels) {
      const state = this.channels.get(channel);
      if (state) state.replaying = false;
    }
  }

  forgetHeld(): void {
    this.held = [];
  }
}
