// Who is inside a lobby or a room, from the stream state (not a read model).
import type { CommandDeps } from '../dependencies.ts';
import { lobbyCommands, roomCommands } from './lobby-streams.ts';
import { cohostsOf } from './lobby.ts';
import { isLobbyOrRoomId } from './path-ids.ts';

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

export async function loadLobbyMembership(deps: CommandDeps, lobbyId: string): Promise<LobbyMembership> {
  if (!isLobbyOrRoomId(lobbyId))
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
  if (!isLobbyOrRoomId(roomId)) return { exists: false, status: 'inactive', lobbyId: '', hostUid: '', activeUids: [] };
  const { state } = await roomCommands.load(deps, roomId);
  return {
    exists: state.exists,
    status: state.status,
    lobbyId: state.lobbyId,
    hostUid: state.hostUid,
    activeUids: [...state.members],
  };
}
