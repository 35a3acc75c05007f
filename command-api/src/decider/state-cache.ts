// Keeps recently folded stream states in memory, so a command on a long stream (a wallet with
// 100,000 events) reads only the events appended since, not the whole stream.
export interface CachedState<State> {
  version: bigint;
  state: State;
  /** The decider whose fold this is: two deciders may fold one stream (identity and profiles
   * both read `user-{uid}`) into different states. Unset when a module seeds it itself. */
  owner?: object;
}

export class StateCache {
  private readonly entries = new Map<string, CachedState<unknown>>();
  constructor(private readonly capacity = 50_000) {}

  get<State>(key: string, owner?: object): CachedState<State> | undefined {
    const hit = this.entries.get(key);
    if (!hit || (owner && hit.owner && hit.owner !== owner)) return undefined;
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
