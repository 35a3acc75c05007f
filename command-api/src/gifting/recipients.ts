// Who may receive a gift (docs/decisions/money.md): in a lobby the host, a cohost or someone active there;
// in a room its host or someone inside. A gift outside both goes to a profile (its gift wall), so
// its recipients must be registered users.
import { streamIds, texts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { cohostsOf, isOpen, type LobbyState } from '../lobbies/lobby.ts';
import { roomIsOpen, type RoomState } from '../lobbies/room.ts';

const outsideText = 'A gift can go only to the host, a cohost or someone active in the lobby.';

function refuseOutside(recipients: string[], allowed: (uid: string) => boolean): ApiError | null {
  const outside = recipients.filter((uid) => !allowed(uid));
  return outside.length > 0 ? new ApiError('RULE_VIOLATED', outsideText, { recipients: outside }) : null;
}

/** Why these recipients cannot get a gift in this lobby, or null when they can. */
export function lobbyRecipientsRefusal(lobby: LobbyState, recipients: string[]): ApiError | null {
  if (!lobby.exists) return new ApiError('NOT_FOUND', 'Lobby not found.');
  if (!isOpen(lobby)) return new ApiError('RULE_VIOLATED', 'This lobby has ended.');
  const cohosts = cohostsOf(lobby);
  return refuseOutside(recipients, (uid) => uid === lobby.hostUid || cohosts.includes(uid) || lobby.members.has(uid));
}

/** Why these recipients cannot get a gift in this room, or null when they can. */
export function roomRecipientsRefusal(room: RoomState, recipients: string[]): ApiError | null {
  if (!room.exists) return new ApiError('NOT_FOUND', 'Room not found.');
  if (!roomIsOpen(room)) return new ApiError('RULE_VIOLATED', 'This room has ended.');
  return refuseOutside(recipients, (uid) => uid === room.hostUid || room.members.includes(uid));
}

/** A gift to a profile: every recipient must be a registered user, or the charm goes nowhere. */
export async function checkProfileRecipients(deps: CommandDeps, recipients: string[]): Promise<void> {
  const unknown = await unregistered(deps, recipients);
  if (unknown.length > 0) throw new ApiError('NOT_FOUND', texts.userDoesNotExist, { recipients: unknown });
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
