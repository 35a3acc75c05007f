import { describe, expect, it } from 'vitest';
import { errorAction, retryAfterUnavailable, UNAVAILABLE_RETRIES } from './errorPolicy.ts';

describe('a call answered 503 (the database out of reach, nothing decided)', () => {
  it('sends a read again after the Retry-After the server gave, 1 s without one, at most 5 s', () => {
    expect(retryAfterUnavailable(503, 'GET', false, 0, '1')).toBe(1000);
    expect(retryAfterUnavailable(503, 'GET', false, 0, '2')).toBe(2000);
    expect(retryAfterUnavailable(503, 'GET', false, 0, null)).toBe(1000);
    expect(retryAfterUnavailable(503, 'GET', false, 0, 'soon')).toBe(1000);
    expect(retryAfterUnavailable(503, 'GET', false, 0, '120')).toBe(5000);
  });

  it('sends a command again only with its idempotency key, which answers a first attempt that committed', () => {
    expect(retryAfterUnavailable(503, 'POST', true, 0, '1')).toBe(1000);
    expect(retryAfterUnavailable(503, 'POST', false, 0, '1')).toBeNull();
    expect(retryAfterUnavailable(503, 'DELETE', false, 0, '1')).toBeNull();
  });

  it('gives up after three more tries, and the 503 opens the server-error modal', () => {
    expect(retryAfterUnavailable(503, 'GET', false, UNAVAILABLE_RETRIES - 1, '1')).toBe(1000);
    expect(retryAfterUnavailable(503, 'GET', false, UNAVAILABLE_RETRIES, '1')).toBeNull();
    expect(errorAction(503, false)).toBe('server-error');
  });

  it('never sends again what failed otherwise', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 429, 500, 502, 504])
      expect(retryAfterUnavailable(status, 'GET', true, 0, '1')).toBeNull();
  });
});
