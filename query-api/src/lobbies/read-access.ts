// The lobby and room reads follow the platform's access policy, the one the gateway's channels use:
// a private lobby is read by its staff and members only, a room by the people in it.
import { lobbyTexts } from '@murmur/contracts';
import { AccessPolicy, ApiError, granted, PostgresAccessLookups, type AccessVerdict, type AuthContext } from '@murmur/platform';
import type pg from 'pg';

function refusal(verdict: Exclude<AccessVerdict, 'ok' | 'member'>, notFound: string): ApiError {
  if (verdict === 'unauthenticated') return new ApiError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (verdict === 'forbidden') return new ApiError('FORBIDDEN', lobbyTexts.noPermission);
  return new ApiError('NOT_FOUND', notFound);
}

export function readAccess(pool: pg.Pool) {
  const policy = new AccessPolicy(new PostgresAccessLookups(pool));
  return {
    policy,
    /** Throws 401/403/404 unless the caller (undefined: a visitor) may read the lobby. */
    async lobby(caller: AuthContext | undefined, lobbyId: string): Promise<AccessVerdict> {
      const verdict = await policy.lobby(caller ?? null, lobbyId);
      if (!granted(verdict)) throw refusal(verdict as Exclude<AccessVerdict, 'ok' | 'member'>, lobbyTexts.lobbyNotFound);
      return verdict;
    },
    /** Throws 401/403/404 unless the caller (undefined: a visitor) may read the room (its people, its chat). */
    async room(caller: AuthContext | undefined, roomId: string): Promise<AccessVerdict> {
      const verdict = await policy.room(caller ?? null, roomId);
      if (!granted(verdict)) throw refusal(verdict as Exclude<AccessVerdict, 'ok' | 'member'>, lobbyTexts.roomNotFound);
      return verdict;
    },
  };
}
