// Groups reads of one stream, as the append batcher groups commits: a read asked while the same read
// (same key) is in flight waits for it to end and then shares ONE next read with every other read
// asked meanwhile. That next read starts after each of them was asked, so each still sees every
// event committed before it asked (read-your-writes holds): never an older snapshot than reading
// alone would give. Each gift in a lobby loads the lobby stream to check its recipients: under a
// burst, several gifts to one lobby cost one round trip instead of one each.

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

export class ReadCoalescer<T> {
  /** Per key with a read in flight: the waiters of the next read (null while there are none). */
  private readonly inFlight = new Map<string, { next: Waiter<T>[] | null }>();

  /** `copy` gives each caller after the first of a shared read its own answer: callers fold what
   * they read, and one that changed a shared event's data would change another's decision. */
  constructor(private readonly copy: (value: T) => T = (value) => value) {}

  /** `read` is what to run for this key (every caller of one key asks the same). */
  run(key: string, read: () => Promise<T>): Promise<T> {
    const entry = this.inFlight.get(key);
    if (entry) return new Promise<T>((resolve, reject) => (entry.next ??= []).push({ resolve, reject }));
    const fresh = { next: null };
    this.inFlight.set(key, fresh);
    return this.start(key, fresh, read);
  }

  private start(key: string, entry: { next: Waiter<T>[] | null }, read: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    try {
      result = read();
    } catch (error) {
      // Thrown before any promise: still settles, so those waiting are never stranded.
      result = Promise.reject(error);
    }
    const settled = () => {
      const waiters = entry.next;
      if (!waiters) {
        this.inFlight.delete(key);
        return;
      }
      entry.next = null;
      this.start(key, entry, read).then(
        (value) => waiters.forEach((w, i) => w.resolve(i === 0 ? value : this.copy(value))),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      );
    };
    result.then(settled, settled);
    return result;
  }
}
