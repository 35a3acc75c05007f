// Who is inside a lobby or a room, from the stream state (not a read model): gifting checks its
// recipients with these.
import type { CommandDeps } from '../dependencies.ts';
import { lobbyCommands, roomCommands } from './lobby-streams.ts';
import { cohostsOf } from './lobby.ts';

export interface LobbyMembership {
  exists: boolean;
  status: string;
  kind: string;
  ownerUid: string;
  hostUid: string | null;
  cohostUids: string[];
  activeUids: string[];
}

export interface RoomMembership {
  exists: boolean;
  status: string;
  lobbyId: string;
  hostUid: string;
  activeUids: string[];
}

// Ids that cannot name a stream cannot name a lobby or room either: answer "does not exist".
const validId = /^[A-Za-z0-9_-]{1,64}$/;

export async function loadLobbyMembership(deps: CommandDeps, lobbyId: string): Promise<LobbyMembership> {
  if (!validId.test(lobbyId))
    return { exists: false, status: 'inactive', kind: 'public', ownerUid: '', hostUid: null, cohostUids: [], activeUids: [] };
  const { state } = await lobbyCommands.load(deps, lobbyId);
  return {
    exists: state.exists,
    status: state.status,
    kind: state.kind,
    ownerUid: state.ownerUid,
    hostUid: state.hostUid,
    cohostUids: cohostsOf(state),
    activeUids: state.members.keys(),
  };
}

export async function loadRoomMembership(deps: CommandDeps, roomId: string): Promise<RoomMembership> {
  if (!validId.test(roomId)) return { exists: false, status: 'inactive', lobbyId: '', hostUid: '', activeUids: [] };
  const { state } = await roomCommands.load(deps, roomId);
  return {
    exists: state.exists,
    status: state.status,
    lobbyId: state.lobbyId,
    hostUid: state.hostUid,
    activeUids: [...state.members],
  };
}
