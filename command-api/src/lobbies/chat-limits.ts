// A user's chat across every lobby and room: at most chatMessagesPerWindowAllLobbies in the chat
// window, counted in this process. The per-lobby limit is decided on the chat stream; this one only
// stops spraying many lobbies at once, so an approximate count per process is enough.
import { limits } from '@murmur/contracts';

export class ChatLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly perWindow = limits.chatMessagesPerWindowAllLobbies, private readonly windowMs = limits.chatWindowSeconds * 1000) {}

  /** True when uid may post now (and counts the post); false past the limit. */
  take(uid: string, now: number): boolean {
    const recent = (this.sent.get(uid) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.perWindow) {
      this.sent.set(uid, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(uid, recent);
    if (this.sent.size > 10_000) this.forgetQuiet(now);
    return true;
  }

  /** Keeps memory bounded: users with nothing in the window are forgotten. */
  private forgetQuiet(now: number): void {
    for (const [uid, times] of this.sent) if (!times.some((t) => t > now - this.windowMs)) this.sent.delete(uid);
  }
}
