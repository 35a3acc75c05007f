import { rebuildableProjections } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { projectors } from './registry.ts';

describe('projection registry', () => {
  it('is the list the console may rebuild (contracts), name for name', () => {
    expect([...rebuildableProjections].sort()).toEqual(projectors.map((p) => p.name).sort());
  });
});
