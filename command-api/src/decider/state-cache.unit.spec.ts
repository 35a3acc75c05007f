import { describe, expect, it } from 'vitest';
import { StateCache } from './state-cache.ts';

describe('StateCache', () => {
  it('evicts the least recently used entry past its capacity', () => {
    const cache = new StateCache(2);
    cache.set('a', { version: 1n, state: 'A' });
    cache.set('b', { version: 1n, state: 'B' });
    cache.get('a');
    cache.set('c', { version: 1n, state: 'C' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.state).toBe('A');
    expect(cache.get('c')?.state).toBe('C');
  });
});
