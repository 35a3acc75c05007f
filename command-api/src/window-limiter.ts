// How often a key (a user) may do something in a sliding window, counted in this process: for
// limits where an approximate count per process is enough (chat across lobbies, chain reads).
export class WindowLimiter {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** True when `key` may go on now (and counts it); false past the limit. */
  take(key: string, now: number): boolean {
    const recent = (this.seen.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.perWindow) {
      this.seen.set(key, recent);
      return false;
    }
    recent.push(now);
    this.seen.set(key, recent);
    if (this.seen.size > 10_000) this.forgetQuiet(now);
    return true;
  }

  /** Keeps memory bounded: keys with nothing in the window are forgotten. */
  private forgetQuiet(now: number): void {
    for (const [key, times] of this.seen) if (!times.some((t) => t > now - this.windowMs)) this.seen.delete(key);
  }
}
