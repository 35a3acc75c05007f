// The gift animation queue, owning the spec's rules: one animation at a time, then the next;
// only gifts newer than the page load; cleared when the tab becomes hidden; a gift is queued only
// for a recipient who is the host, a cohost or active in the lobby; a gift expires 60 minutes after
// it was sent (docs/decisions/lobbies.md): never queued then, and dropped when its turn comes.
import { giftAnimationExpiryMs } from '@murmur/contracts/gifting';

export interface QueuedGift {
  /** Unique per send (the event's position), so a replay after reconnect is not shown twice. */
  id: string;
  giftName: string;
  quantity: number;
  senderUid: string;
  recipients: string[];
  /** When the gift was sent, epoch ms. */
  sentAt: number;
}

export interface LobbyStage {
  hostUid: string | null;
  cohostUids: readonly string[];
  activeUids: readonly string[];
}

export interface GiftQueueState {
  playing: QueuedGift | null;
  waiting: QueuedGift[];
}

/** The recipients the gift may be animated for (host, cohost or active in the lobby). */
export function eligibleRecipients(recipients: readonly string[], stage: LobbyStage): string[] {
  return recipients.filter((uid) => uid === stage.hostUid || stage.cohostUids.includes(uid) || stage.activeUids.includes(uid));
}

export class GiftQueue {
  private state: GiftQueueState = { playing: null, waiting: [] };
  private readonly seen = new Set<string>();
  private readonly listeners = new Set<(state: GiftQueueState) => void>();

  /**
   * @param loadedAt the page load time (epoch ms); older gifts are never queued.
   * @param now the clock (epoch ms) that decides whether a gift has expired.
   */
  constructor(
    private readonly loadedAt: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the gift's 60 minutes are over. */
  expired(gift: Pick<QueuedGift, 'sentAt'>): boolean {
    return this.now() - gift.sentAt >= giftAnimationExpiryMs;
  }

  get snapshot(): GiftQueueState {
    return this.state;
  }

  subscribe(listener: (state: GiftQueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Offers a sent gift; returns whether it was queued. */
  offer(gift: QueuedGift, stage: LobbyStage): boolean {
    if (gift.sentAt < this.loadedAt) return false;
    if (this.expired(gift)) return false;
    if (this.seen.has(gift.id)) return false;
    const recipients = eligibleRecipients(gift.recipients, stage);
    if (recipients.length === 0) return false;
    this.seen.add(gift.id);
    const queued = { ...gift, recipients };
    if (this.state.playing === null) this.set({ playing: queued, waiting: this.state.waiting });
    else this.set({ playing: this.state.playing, waiting: [...this.state.waiting, queued] });
    return true;
  }

  /** The playing animation ended: the next one starts. */
  finish(id: string): void {
    if (this.state.playing?.id !== id) return;
    // Those that expired while they waited are skipped.
    const [next = null, ...rest] = this.state.waiting.filter((g) => !this.expired(g));
    this.set({ playing: next, waiting: rest });
  }

  /** The tab became hidden (or visible): hidden clears everything, so no backlog plays on return. */
  visibilityChanged(hidden: boolean): void {
    if (hidden) this.clear();
  }

  clear(): void {
    if (this.state.playing === null && this.state.waiting.length === 0) return;
    this.set({ playing: null, waiting: [] });
  }

  private set(state: GiftQueueState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}
