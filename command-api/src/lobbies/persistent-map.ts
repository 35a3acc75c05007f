// An immutable string-keyed map whose updates copy one of 64 buckets, not the whole map. Lobby state
// is folded immutably (the StateCache shares states between concurrent commands), and copying a
// whole member list on every join made folding a lobby's history quadratic: 1,500 joins took 1.6 s.
const BUCKETS = 64;

function bucketOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
}

export class PersistentMap<V> {
  private static readonly none: ReadonlyArray<ReadonlyMap<string, unknown> | undefined> = new Array(BUCKETS).fill(undefined);

  private constructor(
    private readonly buckets: ReadonlyArray<ReadonlyMap<string, V> | undefined>,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(PersistentMap.none as ReadonlyArray<ReadonlyMap<string, V> | undefined>, 0);
  }

  static of<V>(entries: Iterable<[string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [k, v] of entries) map = map.set(k, v);
    return map;
  }

  get(key: string): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.buckets[bucketOf(key)]?.has(key) ?? false;
  }

  set(key: string, value: V): PersistentMap<V> {
    const b = bucketOf(key);
    const bucket = new Map(this.buckets[b]);
    const added = !bucket.has(key);
    bucket.set(key, value);
    const buckets = this.buckets.slice();
    buckets[b] = bucket;
    return new PersistentMap(buckets, this.size + (added ? 1 : 0));
  }

  delete(key: string): PersistentMap<V> {
    const b = bucketOf(key);
    if (!this.buckets[b]?.has(key)) return this;
    const bucket = new Map(this.buckets[b]);
    bucket.delete(key);
    const buckets = this.buckets.slice();
    buckets[b] = bucket.size > 0 ? bucket : undefined;
    return new PersistentMap(buckets, this.size - 1);
  }

  *entries(): IterableIterator<[string, V]> {
    for (const bucket of this.buckets) if (bucket) yield* bucket.entries();
  }

  keys(): string[] {
    return [...this.entries()].map(([k]) => k);
  }
}
