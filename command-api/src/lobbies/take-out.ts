// Members the system takes out of their lobbies (gone past the presence grace, banned): one
// LeaveLobby each on the lobby's stream, with the reason everyone in it is shown. One failure is
// logged and the rest still go; a member already gone makes the decider answer nothing.
import type { LobbyMembershipRow } from '@murmur/projections/queries/lobbies';
import type { CommandDeps } from '../dependencies.ts';
import { lobbyCommands } from './lobby-streams.ts';

/** A lobby member, as the lobbies read model lists them. */
export type Membership = LobbyMembershipRow;

/** How many memberships it ended and the last position written (0 when none). */
export async function takeOutOfLobbies(
  deps: CommandDeps,
  memberships: Membership[],
  why: { reason: 'disconnected' | 'banned'; actorUid: string },
  stopped: () => boolean = () => false,
): Promise<{ removed: number; position: bigint }> {
  let removed = 0;
  let position = 0n;
  for (const row of memberships) {
    if (stopped()) break;
    try {
      const now = deps.clock.now().toISOString();
      const result = await lobbyCommands.run(
        deps,
        row.lobby_id,
        { type: 'LeaveLobby', uid: row.uid, reason: why.reason, now },
        { actorUid: why.actorUid },
      );
      if (result.events.length > 0) removed++;
      if (result.position > position) position = result.position;
    } catch (error) {
      deps.logger.warn({ err: error, lobbyId: row.lobby_id, uid: row.uid, reason: why.reason }, 'could not take a member out of a lobby');
    }
  }
  return { removed, position };
}
