import { describe, expect, it } from 'vitest';
import { batchLength } from './append-batcher.ts';

const item = (streamId: string, guard?: string, events = 1) => ({
  item: {
    streamId,
    types: Array.from({ length: events }, () => 'TestCounted'),
    ...(guard ? { guard: { streamId: guard, version: 1n } } : {}),
  },
});

describe('which waiting appends go in one batch', () => {
  it('takes up to the maximum of events when no guard meets a written stream', () => {
    expect(batchLength([item('a'), item('b', 'lobby'), item('c', 'lobby'), item('d')], 3)).toBe(3);
    expect(batchLength([item('a', undefined, 2), item('b'), item('c')], 3)).toBe(2);
  });
  it('lets an append bigger than the maximum go alone, and ends a batch before one', () => {
    expect(batchLength([item('a', undefined, 100), item('b')], 64)).toBe(1);
    expect(batchLength([item('a'), item('b', undefined, 100), item('c')], 64)).toBe(1);
    expect(batchLength([item('a', undefined, 30), item('b', undefined, 34), item('c')], 64)).toBe(2);
  });
  it('ends before an append guarded by a stream written earlier in the batch', () => {
    expect(batchLength([item('a'), item('lobby'), item('msg', 'lobby'), item('d')], 64)).toBe(2);
  });
  it('ends before an append to a stream an earlier one is guarded by', () => {
    expect(batchLength([item('msg', 'lobby'), item('b'), item('lobby'), item('d')], 64)).toBe(2);
  });
  it('always takes the first', () => {
    expect(batchLength([item('lobby', 'lobby')], 64)).toBe(1);
  });
});
