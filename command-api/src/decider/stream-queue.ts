// The per-stream queue of a command handler configured with `queue: 'per-stream'`: commands on one
// stream run one after another inside this process, so 300 gifts fired at once from one wallet queue
// here instead of clashing on the expected version 300 times and running out of retries. Other
// processes still meet at the expected-version check.
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  get size(): number {
    return this.tails.size;
  }
}
