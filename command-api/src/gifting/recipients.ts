// Who may receive a gift (docs/decisions/money.md): in a lobby the host, a cohost or someone active there;
// in a room its host or someone inside. A gift outside both goes to a profile (its gift wall), so
// its recipients must be registered users.
import { streamIds, texts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { loadLobbyMembership, loadRoomMembership } from '../lobbies/membership.ts';

const CLOSED = new Set(['ended', 'terminated', 'inactive']);

export async function checkRecipients(
  deps: CommandDeps,
  where: { lobbyId?: string; roomId?: string },
  recipients: string[],
): Promise<void> {
  if (where.lobbyId && where.roomId) throw new ApiError('VALIDATION_FAILED', 'A gift is sent in a lobby or in a room, not both.');
  let allowed: Set<string> | null = null;
  if (where.lobbyId) {
    const lobby = await loadLobbyMembership(deps, where.lobbyId);
    if (!lobby.exists) throw new ApiError('NOT_FOUND', 'Lobby not found.');
    if (CLOSED.has(lobby.status)) throw new ApiError('RULE_VIOLATED', 'This lobby has ended.');
    allowed = new Set([...(lobby.hostUid ? [lobby.hostUid] : []), ...lobby.cohostUids, ...lobby.activeUids]);
  } else if (where.roomId) {
    const room = await loadRoomMembership(deps, where.roomId);
    if (!room.exists) throw new ApiError('NOT_FOUND', 'Room not found.');
    if (CLOSED.has(room.status)) throw new ApiError('RULE_VIOLATED', 'This room has ended.');
    allowed = new Set([room.hostUid, ...room.activeUids]);
  }
  if (!allowed) {
    // A gift to a profile: every recipient must be a registered user, or the charm goes nowhere.
    const unknown = await unregistered(deps, recipients);
    if (unknown.length > 0) throw new ApiError('NOT_FOUND', texts.userDoesNotExist, { recipients: unknown });
    return;
  }
  const outside = recipients.filter((uid) => !allowed.has(uid));
  if (outside.length > 0) {
    throw new ApiError('RULE_VIOLATED', 'A gift can go only to the host, a cohost or someone active in the lobby.', {
      recipients: outside,
    });
  }
}

/** The recipients without a user stream. A stream never disappears, so a user once seen registered
 * is remembered in the process's cache and costs no round trip again; only unknown ones are looked up. */
async function unregistered(deps: CommandDeps, uids: string[]): Promise<string[]> {
  const seenKey = (uid: string) => `registered:user-${uid}`;
  const toCheck = uids.filter((uid) => !deps.commands.cache.get(seenKey(uid)));
  if (toCheck.length === 0) return [];
  const existing = await deps.store.existingStreams(toCheck.map(streamIds.user));
  for (const uid of toCheck) if (existing.has(streamIds.user(uid))) deps.commands.cache.set(seenKey(uid), { version: 0n, state: true });
  return toCheck.filter((uid) => !existing.has(streamIds.user(uid)));
}
