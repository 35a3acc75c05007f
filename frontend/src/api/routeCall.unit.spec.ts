// The generated client's paths: parameters encoded into the catalogue's pattern, the query string
// from the route's query object (absent values left out), and the same path as the swr key.
import { describe, expect, it } from 'vitest';
import { api } from './api.generated.ts';

describe('routeCall paths', () => {
  it('fills and encodes the path parameters of the catalogue pattern', () => {
    expect(api.lobbies.leave.path({ id: 'a b/c' })).toBe('/lobbies/a%20b%2Fc/leave');
    expect(api.lobbies.joinByInvite.path({ id: 'L1', inviteId: 'I1' })).toBe('/lobbies/L1/join/I1');
  });

  it('writes the query in the order given and leaves out absent values', () => {
    expect(api.console.reports.path({ status: 'open', page: 2, limit: 10, lobbyId: undefined })).toBe(
      '/console/reports?status=open&page=2&limit=10',
    );
    expect(api.lobbies.chatHistory.path({ id: 'L1' }, { limit: 50, roomId: 'R 1' })).toBe('/lobbies/L1/chat?limit=50&roomId=R+1');
    expect(api.lobbies.detail.path({ id: 'L1' }, { invite: undefined })).toBe('/lobbies/L1');
  });

  it('a route without parameters or query has its bare path', () => {
    expect(api.money.balance.path()).toBe('/wallet/balance');
    expect(api.identity.loginWithWallet.path()).toBe('/auth/login-wallet');
  });
});
