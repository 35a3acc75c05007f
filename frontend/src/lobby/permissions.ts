// What the viewer may do to a lobby member (spec section 6): the member menu shows only these.
import type { LobbyDetails, LobbyMember } from './lobbyApi.ts';

export type MemberAction = 'profile' | 'unseat' | 'micOff' | 'micOn' | 'kick' | 'block' | 'invite' | 'setHost' | 'setAdmin' | 'removeAdmin';

export const memberActionLabel: Record<MemberAction, string> = {
  profile: 'Profile',
  unseat: 'Unseat',
  micOff: 'Turn off Mic',
  micOn: 'Turn on Mic',
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

/** Owner, main host or lobby admin: the people spec section 6 lets manage a lobby. */
export function isLobbyStaff(lobby: Pick<LobbyDetails, 'ownerUid' | 'hostUid' | 'adminUids'>, uid: string | null): boolean {
  if (!uid) return false;
  return uid === lobby.ownerUid || uid === lobby.hostUid || lobby.adminUids.includes(uid);
}

export function memberActions(lobby: Pick<LobbyDetails, 'ownerUid' | 'hostUid' | 'adminUids'>, viewer: Viewer, target: Pick<LobbyMember, 'uid' | 'seat' | 'muted' | 'role'>): MemberAction[] {
  const actions: MemberAction[] = ['profile'];
  const self = viewer.uid === target.uid;
  const staff = isLobbyStaff(lobby, viewer.uid);
  const seated = target.seat !== null;
  if (self) {
    if (seated) actions.push(target.muted ? 'micOn' : 'micOff');
    return actions;
  }
  if (!staff) return actions;
  const targetIsOwner = target.uid === lobby.ownerUid;
  const targetIsHost = target.uid === lobby.hostUid;
  if (seated && !targetIsHost) actions.push('unseat');
  if (seated) actions.push(target.muted ? 'micOn' : 'micOff');
  if (!targetIsOwner) actions.push('kick', 'block');
  if (!seated) actions.push('invite');
  if (!targetIsHost) actions.push('setHost');
  if (!targetIsOwner) actions.push(lobby.adminUids.includes(target.uid) ? 'removeAdmin' : 'setAdmin');
  return actions;
}
