// What the viewer may do to a lobby member (docs/decisions/lobbies.md): the member menu shows only these.
import { isLobbyStaff as isStaffOf } from '@murmur/contracts/lobbies';
import type { LobbyDetails, LobbyMember } from './lobbyApi.ts';

export type MemberAction =
  | 'profile'
  | 'unseat'
  | 'leaveSeat'
  | 'micOff'
  | 'micOn'
  | 'silence'
  | 'unsilence'
  | 'kick'
  | 'block'
  | 'invite'
  | 'setHost'
  | 'setAdmin'
  | 'removeAdmin';

export const memberActionLabel: Record<MemberAction, string> = {
  profile: 'Profile',
  unseat: 'Unseat',
  leaveSeat: 'Leave seat',
  micOff: 'Turn off Mic',
  micOn: 'Turn on Mic',
  silence: 'Silence',
  unsilence: 'Unsilence',
  kick: 'Kick off Lobby',
  block: 'Block',
  invite: 'Invite',
  setHost: 'Set as Host',
  setAdmin: 'Set as Admin',
  removeAdmin: 'Remove Admin',
};

export interface Viewer {
  uid: string | null;
}

/** Owner, main host or lobby admin: the people who may manage a lobby (docs/decisions/lobbies.md). */
export function isLobbyStaff(lobby: Pick<LobbyDetails, 'ownerUid' | 'hostUid' | 'adminUids'>, uid: string | null): boolean {
  return isStaffOf({ ownerUid: lobby.ownerUid, hostUid: lobby.hostUid, admins: lobby.adminUids }, uid);
}

/** What a seat's occupant is to the people in the lobby: the spec's co-hosts (anyone seated but the
 * main host, docs/decisions.md) speak; they hold no host powers unless they are owner or admin. */
export function seatLabel(lobby: Pick<LobbyDetails, 'hostUid'>, member: Pick<LobbyMember, 'uid'>): 'Host' | 'Speaker' {
  return member.uid === lobby.hostUid ? 'Host' : 'Speaker';
}

export function memberActions(
  lobby: Pick<LobbyDetails, 'ownerUid' | 'hostUid' | 'adminUids'>,
  viewer: Viewer,
  target: Pick<LobbyMember, 'uid' | 'seat' | 'muted' | 'role'> & { silenced?: boolean },
): MemberAction[] {
  const actions: MemberAction[] = ['profile'];
  const self = viewer.uid === target.uid;
  const staff = isLobbyStaff(lobby, viewer.uid);
  const seated = target.seat !== null;
  const targetIsOwner = target.uid === lobby.ownerUid;
  const targetIsHost = target.uid === lobby.hostUid;
  if (self) {
    if (seated) actions.push(target.muted ? 'micOn' : 'micOff');
    if (seated && !targetIsHost) actions.push('leaveSeat');
    return actions;
  }
  if (!staff) return actions;
  if (seated && !targetIsHost) actions.push('unseat');
  if (seated) actions.push(target.muted ? 'micOn' : 'micOff');
  if (target.silenced) actions.push('unsilence');
  else if (!targetIsOwner && !targetIsHost) actions.push('silence');
  if (!targetIsOwner) actions.push('kick', 'block');
  if (!seated) actions.push('invite');
  if (!targetIsHost) actions.push('setHost');
  if (!targetIsOwner) actions.push(lobby.adminUids.includes(target.uid) ? 'removeAdmin' : 'setAdmin');
  return actions;
}
