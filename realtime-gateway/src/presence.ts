// Presence fed back to the lobby: a signed-in user listening to a lobby's main channel is online in
// it; when their last such connection on this gateway goes, they are offline after a short debounce
// (so a page reload writes nothing). Changes are appended as `PresenceChanged` on
// `presence-{lobbyId}`, naming this gateway, batched per lobby so a crowd reconnecting costs a few
// appends, not one per user. Leaving the lobby is not decided here: command-api's presence reaper
// appends the leave once a member has had no live connection on any gateway for the grace period.
import { streamIds, type PresenceChanged } from '@murmur/contracts';
import type { PostgresEventStore } from '@murmur/eventstore';
import type { Logger } from '@murmur/platform';

type Presence = 'online' | 'offline';

export interface PresenceOptions {
  offlineGraceMs: number;
  flushIntervalMs: number;
  /** Names this gateway process in its events (see liveness.ts). */
  gatewayId: string;
}

export class PresenceTracker {
  /** lobbyId -> uid -> number of subscriptions on this gateway. */
  private readonly counts = new Map<string, Map<string, number>>();
  /** `${lobbyId}\n${uid}` -> timer that will declare the user offline. */
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** What was last appended (or is about to be) per lobby and user. */
  private readonly announced = new Map<string, Presence>();
  private readonly pending = new Map<string, Map<string, Presence>>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: PostgresEventStore,
    private readonly logger: Logger,
    private readonly options: PresenceOptions,
  ) {}

  join(lobbyId: string, uid: string): void {
    let users = this.counts.get(lobbyId);
    if (!users) this.counts.set(lobbyId, (users = new Map()));
    const n = (users.get(uid) ?? 0) + 1;
    users.set(uid, n);
    if (n === 1) {
      const key = `${lobbyId}\n${uid}`;
      const timer = this.graceTimers.get(key);
      if (timer) {
        clearTimeout(timer);
        this.graceTimers.delete(key);
      }
      this.announce(lobbyId, uid, 'online');
    }
  }

  leave(lobbyId: string, uid: string): void {
    const users = this.counts.get(lobbyId);
    const n = (users?.get(uid) ?? 0) - 1;
    if (!users || n < 0) return;
    if (n > 0) {
      users.set(uid, n);
      return;
    }
    users.delete(uid);
    if (users.size === 0) this.counts.delete(lobbyId);
    const key = `${lobbyId}\n${uid}`;
    const timer = setTimeout(() => {
      this.graceTimers.delete(key);
      if (!this.counts.get(lobbyId)?.has(uid)) this.announce(lobbyId, uid, 'offline');
    }, this.options.offlineGraceMs);
    timer.unref();
    this.graceTimers.set(key, timer);
  }

  private announce(lobbyId: string, uid: string, presence: Presence): void {
    const key = `${lobbyId}\n${uid}`;
    if (this.announced.get(key) === presence) return;
    if (presence === 'offline') this.announced.delete(key);
    else this.announced.set(key, presence);
    let users = this.pending.get(lobbyId);
    if (!users) this.pending.set(lobbyId, (users = new Map()));
    users.set(uid, presence);
    this.flushTimer ??= setTimeout(() => void this.flush(), this.options.flushIntervalMs);
  }

  /** Appends every pending change, one append per lobby. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = [...this.pending];
    this.pending.clear();
    this.flushing = this.flushing.then(async () => {
      await Promise.all(
        batch.map(([lobbyId, users]) =>
          this.store
            .append(
              streamIds.presence(lobbyId),
              [...users].map(([uid, presence]) => ({
                type: 'PresenceChanged',
                data: { lobbyId, uid, presence, gatewayId: this.options.gatewayId } satisfies PresenceChanged,
              })),
            )
            .catch((error: unknown) => this.logger.warn({ err: error, lobbyId }, 'presence append failed')),
        ),
      );
    });
    return this.flushing;
  }

  /** On shutdown: everyone this gateway holds goes offline now. */
  async close(): Promise<void> {
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    for (const [key] of this.announced) {
      const [lobbyId, uid] = key.split('\n') as [string, string];
      this.announce(lobbyId, uid, 'offline');
    }
    this.counts.clear();
    await this.flush();
  }
}
