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

  it('folds 20,000 additions quickly', () => {
    const started = performance.now();
    let m = PersistentMap.empty<true>();
    for (let i = 0; i < 20_000; i++) m = m.set(`user-${i}`, true);
    expect(m.size).toBe(20_000);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(PersistentMap.of(m.entries()).size).toBe(20_000);
  });
});
