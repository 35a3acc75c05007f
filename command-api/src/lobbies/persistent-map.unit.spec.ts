import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map.ts';

describe('PersistentMap', () => {
  it('sets, gets and deletes without changing earlier versions', () => {
    const a = PersistentMap.empty<number>();
    const b = a.set('x', 1).set('y', 2);
    const c = b.delete('x').set('y', 3);
    expect([a.size, b.size, c.size]).toEqual([0, 2, 1]);
    expect([b.get('x'), b.get('y'), c.get('x'), c.get('y')]).toEqual([1, 2, undefined, 3]);
    expect(c.has('y') && !c.has('x') && !a.has('x')).toBe(true);
    expect(c.delete('nope')).toBe(c);
    expect(b.keys().sort()).toEqual(['x', 'y']);
  });

  // Speed is the lobbies bench's business (bench/lobbies.bench.ts); a timed assertion here fails on a loaded CI machine.
  it('folds 20,000 additions, each version keeping its own entries', () => {
    let m = PersistentMap.empty<true>();
    const halfway: PersistentMap<true>[] = [];
    for (let i = 0; i < 20_000; i++) {
      m = m.set(`user-${i}`, true);
      if (i === 9_999) halfway.push(m);
    }
    expect(m.size).toBe(20_000);
    expect(halfway[0]!.size).toBe(10_000);
    expect(halfway[0]!.has('user-10000')).toBe(false);
    expect(m.has('user-19999') && m.has('user-0')).toBe(true);
    expect(PersistentMap.of(m.entries()).size).toBe(20_000);
  }, 60_000); // ~0.3 s on a quiet machine; the 5 s default timed out at a load average of 35
});
