// The lobby commands (docs/decisions/lobbies.md) under /api/v1 (command-api answers each with a position).
import type { LobbyEntered } from '@murmur/contracts/lobbies';
import { api, newIdempotencyKey } from '../api/client.ts';
import type { MemberAction } from './permissions.ts';

/** A join's answer: the lobby and how to reach its voice (agoraAppId/agoraToken null under WebRTC). */
export type JoinAnswer = LobbyEntered;

const l = (lobbyId: string) => `/lobbies/${encodeURIComponent(lobbyId)}` as const;

export const lobbyActions = {
  join: (lobbyId: string, inviteId?: string | null) =>
    inviteId
      ? api.post<'POST /lobbies/{id}/join/{inviteId}'>(`${l(lobbyId)}/join/${encodeURIComponent(inviteId)}`, {}, { quiet: true })
      : api.post<'POST /lobbies/{id}/join'>(`${l(lobbyId)}/join`, {}, { quiet: true }),
  leave: (lobbyId: string) => api.post<'POST /lobbies/{id}/leave'>(`${l(lobbyId)}/leave`, {}, { quiet: true }),
  end: (lobbyId: string) => api.post<'POST /lobbies/{id}/end'>(`${l(lobbyId)}/end`),
  requestMic: (lobbyId: string) => api.post<'POST /lobbies/{id}/mic/request'>(`${l(lobbyId)}/mic/request`),
  grantMic: (lobbyId: string, uid: string) => api.post<'POST /lobbies/{id}/mic/grant'>(`${l(lobbyId)}/mic/grant`, { uid }),
  removeFromQueue: (lobbyId: string, uid: string) => api.post<'POST /lobbies/{id}/queue/remove'>(`${l(lobbyId)}/queue/remove`, { uid }),
  chat: (lobbyId: string, messageType: string, body: string) =>
    api.post<'POST /lobbies/{id}/chat'>(`${l(lobbyId)}/chat`, { payload: { messageType, body } }, { quiet: true }),
  roomChat: (lobbyId: string, roomId: string, messageType: string, body: string) =>
    api.post<'POST /lobbies/{id}/rooms/{roomId}/chat'>(
      `${l(lobbyId)}/rooms/${encodeURIComponent(roomId)}/chat`,
      { payload: { messageType, body } },
      { quiet: true },
    ),
  pin: (lobbyId: string, message: string | null) => api.post<'POST /lobbies/{id}/pin'>(`${l(lobbyId)}/pin`, { message }),
  block: (lobbyId: string, uid: string, reason: string) =>
    api.post<'POST /lobbies/{id}/block'>(`${l(lobbyId)}/block`, { uidToBlock: uid, reason }, { quiet: true }),
  invite: (lobbyId: string) => api.post<'POST /lobbies/{id}/invites'>(`${l(lobbyId)}/invites`),
  refreshMediaToken: (lobbyId: string) =>
    api.post<'POST /lobbies/refresh-token'>('/lobbies/refresh-token', { tokenType: 'rtc', lobbyId }, { quiet: true }),
  sendGift: (body: { giftName: string; quantity: number; recipients: string[]; lobbyId?: string; roomId?: string }) =>
    api.post<'POST /gifting/send-gift'>('/gifting/send-gift', body, { idempotencyKey: newIdempotencyKey(), quiet: true }),
};

/** The command behind each member-menu action (Profile and Block are handled by the page). */
export function memberCommand(lobbyId: string, action: MemberAction, uid: string): Promise<{ position: string; message?: string }> | null {
  switch (action) {
    case 'unseat':
      // Staff taking a co-host off the stage: the spec's explicit co-host removal.
      return api.post<'POST /lobbies/{id}/cohosts/remove'>(`${l(lobbyId)}/cohosts/remove`, { uid });
    case 'leaveSeat':
      return api.post<'POST /lobbies/{id}/mic/unseat'>(`${l(lobbyId)}/mic/unseat`, { uid });
    case 'silence':
      return api.post<'POST /lobbies/{id}/users/{uid}/silence'>(`${l(lobbyId)}/users/${encodeURIComponent(uid)}/silence`);
    case 'unsilence':
      return api.post<'POST /lobbies/{id}/users/{uid}/unsilence'>(`${l(lobbyId)}/users/${encodeURIComponent(uid)}/unsilence`);
    case 'micOff':
      return api.post<'POST /lobbies/{id}/mic/mute'>(`${l(lobbyId)}/mic/mute`, { uid });
    case 'micOn':
      return api.post<'POST /lobbies/{id}/mic/unmute'>(`${l(lobbyId)}/mic/unmute`, { uid });
    case 'kick':
      return api.post<'POST /lobbies/{id}/kick'>(`${l(lobbyId)}/kick`, { uid });
    case 'invite':
      return api.post<'POST /lobbies/{id}/mic/grant'>(`${l(lobbyId)}/mic/grant`, { uid });
    case 'setHost':
      return api.post<'POST /lobbies/{id}/host/switch'>(`${l(lobbyId)}/host/switch`, { uid });
    case 'setAdmin':
      return api.post<'POST /lobbies/manage/{id}/admin/add'>(`/lobbies/manage/${encodeURIComponent(lobbyId)}/admin/add`, {
        uidToAdmin: uid,
      });
    case 'removeAdmin':
      return api.post<'POST /lobbies/manage/{id}/admin/remove'>(`/lobbies/manage/${encodeURIComponent(lobbyId)}/admin/remove`, {
        uidToRemove: uid,
      });
    case 'profile':
    case 'block':
      return null;
  }
}
