// Keeps recently folded stream states in memory, so a command on a long stream (a wallet with
// 100,000 events) reads only the events appended since, not the whole stream.
export interface CachedState<State> {
  version: bigint;
  state: State;
}

export class StateCache {
  private readonly entries = new Map<string, CachedState<unknown>>();
  constructor(private readonly capacity = 50_000) {}

  get<State>(key: string): CachedState<State> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit as CachedState<State>;
  }

  set<State>(key: string, value: CachedState<State>): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
