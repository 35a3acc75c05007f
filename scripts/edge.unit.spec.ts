import { describe, expect, it } from 'vitest';
import { apiTarget } from './edge.ts';

describe('edge routing', () => {
  it('sends GET and HEAD to query-api and every other method to command-api', () => {
    const t = { commandPort: 1, queryPort: 2, gatewayPort: 3 };
    expect(['GET', 'HEAD'].map((m) => apiTarget(m, t))).toEqual([2, 2]);
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].map((m) => apiTarget(m, t))).toEqual([1, 1, 1, 1]);
  });
});
