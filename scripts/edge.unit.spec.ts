import { describe, expect, it } from 'vitest';
import { apiTarget, RoundRobin } from './edge.ts';

describe('edge routing', () => {
  it('sends GET and HEAD to query-api and every other method to command-api', () => {
    const t = { commandPort: 1, queryPort: 2 };
    expect(['GET', 'HEAD'].map((m) => apiTarget(m, t))).toEqual([2, 2]);
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].map((m) => apiTarget(m, t))).toEqual([1, 1, 1, 1]);
  });

  it('takes the processes of a group in turn, each request with the others behind its first choice', () => {
    const group = new RoundRobin([4001, 4011, 4021]);
    expect([group.order(), group.order(), group.order(), group.order()]).toEqual([
      [4001, 4011, 4021],
      [4011, 4021, 4001],
      [4021, 4001, 4011],
      [4001, 4011, 4021],
    ]);
    expect(new RoundRobin(4001).order()).toEqual([4001]);
  });
});
