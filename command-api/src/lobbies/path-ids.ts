// The ids a lobby route reads from its path (typed by the catalogue), checked before any stream is
// read: a malformed id answers the same "not found" a missing lobby, room or member does.
import { lobbyTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
const uidPattern = /^[\w:.@-]{1,128}$/;

/** Whether `id` can name a lobby or room at all (an id that cannot name a stream names none). */
export const isLobbyOrRoomId = (id: string) => idPattern.test(id);

function pathId(value: string, notFound: string): string {
  if (!idPattern.test(value)) throw new ApiError('NOT_FOUND', notFound);
  return value;
}
export const lobbyIdOf = (id: string) => pathId(id, lobbyTexts.lobbyNotFound);
export const roomIdOf = (id: string) => pathId(id, lobbyTexts.roomNotFound);
export const inviteIdOf = (id: string) => pathId(id, lobbyTexts.invalidInvite);
export function targetOf(uid: string): string {
  if (!uidPattern.test(uid)) throw new ApiError('NOT_FOUND', lobbyTexts.userNotInLobby);
  return uid;
}
