// Lobby and room data as the web app shows it (docs/decisions/lobbies.md): the query API's answers are
// the contracts DTOs; the lobby page reads the detail through one view that names what it derives
// from it (who is owner or admin, the uids of co-hosts and admins, the seat count).
import type { UserCard } from '@murmur/contracts/answers';
import type { LobbyDetail, LobbyListItem, LobbyMemberView, LobbyRoomItem } from '@murmur/contracts/lobbies';

export type UserRef = UserCard;
export type LobbyCardData = LobbyListItem;
export type RoomSummary = LobbyRoomItem;

export interface LobbyMember extends LobbyMemberView {
  isAdmin: boolean;
  isOwner: boolean;
}

export interface LobbyDetails extends Omit<LobbyDetail, 'users' | 'cohosts' | 'host' | 'admins' | 'queueRequests' | 'me' | 'seats'> {
  members: LobbyMember[];
  cohostUids: string[];
  adminUids: string[];
  /** Who asked for a seat, oldest first. */
  queue: UserRef[];
  seatCount: number;
  /** The signed-in caller's standing; null for a visitor. */
  viewer: LobbyDetail['me'];
}

export function lobbyView(detail: LobbyDetail): LobbyDetails {
  const { users, cohosts, host: _host, admins, queueRequests, me, seats, ...lobby } = detail;
  return {
    ...lobby,
    members: users.map((u) => ({ ...u, isAdmin: admins.includes(u.uid), isOwner: u.uid === detail.ownerUid })),
    cohostUids: cohosts.map((c) => c.uid),
    adminUids: admins,
    queue: queueRequests,
    seatCount: seats.length,
    viewer: me,
  };
}
