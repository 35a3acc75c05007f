// The lobby commands of spec section 7 under /api/v1 (command-api answers each with a position).
import type { MediaSession } from '@murmur/contracts/media';
import { api, newIdempotencyKey } from '../api/client.ts';
import type { MemberAction } from './permissions.ts';

export interface JoinAnswer {
  position: string;
  lobbyId: string;
  channelName: string;
  /** The spec's Agora fields: null when the server runs the built-in WebRTC media. */
  agoraAppId: string | null;
  agoraToken: string | null;
  media: MediaSession;
}

const l = (lobbyId: string) => `/lobbies/${encodeURIComponent(lobbyId)}`;

export const lobbyActions = {
  join: (lobbyId: string, inviteId?: string | null) => api.post<JoinAnswer>(inviteId ? `${l(lobbyId)}/join/${encodeURIComponent(inviteId)}` : `${l(lobbyId)}/join`, {}, { quiet: true }),
  leave: (lobbyId: string) => api.post(`${l(lobbyId)}/leave`, {}, { quiet: true }),
  end: (lobbyId: string) => api.post(`${l(lobbyId)}/end`),
  requestMic: (lobbyId: string) => api.post(`${l(lobbyId)}/mic/request`),
  grantMic: (lobbyId: string, uid: string) => api.post<{ seat: number }>(`${l(lobbyId)}/mic/grant`, { uid }),
  removeFromQueue: (lobbyId: string, uid: string) => api.post(`${l(lobbyId)}/queue/remove`, { uid }),
  chat: (lobbyId: string, messageType: string, body: string) => api.post(`${l(lobbyId)}/chat`, { payload: { messageType, body } }, { quiet: true }),
  roomChat: (lobbyId: string, roomId: string, messageType: string, body: string) =>
    api.post(`${l(lobbyId)}/rooms/${encodeURIComponent(roomId)}/chat`, { payload: { messageType, body } }, { quiet: true }),
  pin: (lobbyId: string, message: string | null) => api.post<{ position: string }>(`${l(lobbyId)}/pin`, { message }),
  block: (lobbyId: string, uid: string, reason: string) => api.post<{ message?: string }>(`${l(lobbyId)}/block`, { uidToBlock: uid, reason }, { quiet: true }),
  invite: (lobbyId: string) => api.post<{ inviteId: string; link: string }>(`${l(lobbyId)}/invites`),
  refreshMediaToken: (lobbyId: string) => api.post<Omit<JoinAnswer, 'position' | 'lobbyId'>>('/lobbies/refresh-token', { tokenType: 'rtc', lobbyId }, { quiet: true }),
  sendGift: (body: { giftName: string; quantity: number; recipients: string[]; lobbyId?: string; roomId?: string }) =>
    api.post<{ position: string; balance: number }>('/gifting/send-gift', body, { idempotencyKey: newIdempotencyKey(), quiet: true }),
};

/** The command behind each member-menu action (Profile and Block are handled by the page). */
export function memberCommand(lobbyId: string, action: MemberAction, uid: string): Promise<{ message?: string }> | null {
  switch (action) {
    case 'unseat':
      // Staff taking a co-host off the stage: the spec's explicit co-host removal.
      return api.post(`${l(lobbyId)}/cohosts/remove`, { uid });
    case 'leaveSeat':
      return api.post(`${l(lobbyId)}/mic/unseat`, { uid });
    case 'silence':
      return api.post(`${l(lobbyId)}/users/${encodeURIComponent(uid)}/silence`);
    case 'unsilence':
      return api.post(`${l(lobbyId)}/users/${encodeURIComponent(uid)}/unsilence`);
    case 'micOff':
      return api.post(`${l(lobbyId)}/mic/mute`, { uid });
    case 'micOn':
      return api.post(`${l(lobbyId)}/mic/unmute`, { uid });
    case 'kick':
      return api.post(`${l(lobbyId)}/kick`, { uid });
    case 'invite':
      return api.post(`${l(lobbyId)}/mic/grant`, { uid });
    case 'setHost':
      return api.post(`${l(lobbyId)}/host/switch`, { uid });
    case 'setAdmin':
      return api.post(`/lobbies/manage/${encodeURIComponent(lobbyId)}/admin/add`, { uidToAdmin: uid });
    case 'removeAdmin':
      return api.post(`/lobbies/manage/${encodeURIComponent(lobbyId)}/admin/remove`, { uidToRemove: uid });
    case 'profile':
    case 'block':
      return null;
  }
}
