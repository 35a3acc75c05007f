// The lobby commands (docs/decisions/lobbies.md) under /api/v1 (command-api answers each with a position).
import type { ApiBody } from '@murmur/contracts/api-catalogue';
import type { LobbyChatMessageType, LobbyEntered } from '@murmur/contracts/lobbies';
import { newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import type { MemberAction } from './permissions.ts';

/** A join's answer: the lobby and how to reach its voice (agoraAppId/agoraToken null under WebRTC). */
export type JoinAnswer = LobbyEntered;

export const lobbyActions = {
  join: (lobbyId: string, inviteId?: string | null) =>
    inviteId ? api.lobbies.joinByInvite({ id: lobbyId, inviteId }, { quiet: true }) : api.lobbies.join({ id: lobbyId }, { quiet: true }),
  leave: (lobbyId: string) => api.lobbies.leave({ id: lobbyId }, { quiet: true }),
  end: (lobbyId: string) => api.lobbies.end({ id: lobbyId }),
  requestMic: (lobbyId: string) => api.lobbies.requestMic({ id: lobbyId }),
  grantMic: (lobbyId: string, uid: string) => api.lobbies.grantMic({ id: lobbyId }, { uid }),
  removeFromQueue: (lobbyId: string, uid: string) => api.lobbies.removeFromQueue({ id: lobbyId }, { uid }),
  chat: (lobbyId: string, messageType: LobbyChatMessageType, body: string) =>
    api.lobbies.chat({ id: lobbyId }, { payload: { messageType, body } }, { quiet: true }),
  roomChat: (lobbyId: string, roomId: string, messageType: LobbyChatMessageType, body: string) =>
    api.lobbies.roomChat({ id: lobbyId, roomId }, { payload: { messageType, body } }, { quiet: true }),
  pin: (lobbyId: string, message: string | null) => api.lobbies.pin({ id: lobbyId }, { message }),
  block: (lobbyId: string, uid: string, reason: string) => api.lobbies.block({ id: lobbyId }, { uidToBlock: uid, reason }, { quiet: true }),
  invite: (lobbyId: string) => api.lobbies.invite({ id: lobbyId }),
  refreshMediaToken: (lobbyId: string) => api.lobbies.refreshMediaToken({ tokenType: 'rtc', lobbyId }, { quiet: true }),
  sendGift: (body: ApiBody<'POST /gifting/send-gift'>) => api.gifting.send(body, { idempotencyKey: newIdempotencyKey(), quiet: true }),
};

/** The command behind each member-menu action (Profile and Block are handled by the page). */
export function memberCommand(lobbyId: string, action: MemberAction, uid: string): Promise<{ position: string; message?: string }> | null {
  switch (action) {
    case 'unseat':
      // Staff taking a co-host off the stage: the spec's explicit co-host removal.
      return api.lobbies.removeCohost({ id: lobbyId }, { uid });
    case 'leaveSeat':
      return api.lobbies.unseat({ id: lobbyId }, { uid });
    case 'silence':
      return api.lobbies.silence({ id: lobbyId, uid });
    case 'unsilence':
      return api.lobbies.unsilence({ id: lobbyId, uid });
    case 'micOff':
      return api.lobbies.mute({ id: lobbyId }, { uid });
    case 'micOn':
      return api.lobbies.unmute({ id: lobbyId }, { uid });
    case 'kick':
      return api.lobbies.kick({ id: lobbyId }, { uid });
    case 'invite':
      return api.lobbies.grantMic({ id: lobbyId }, { uid });
    case 'setHost':
      return api.lobbies.switchHost({ id: lobbyId }, { uid });
    case 'setAdmin':
      return api.lobbies.addAdmin(
        { id: lobbyId },
        {
          uidToAdmin: uid,
        },
      );
    case 'removeAdmin':
      return api.lobbies.removeAdmin(
        { id: lobbyId },
        {
          uidToRemove: uid,
        },
      );
    case 'profile':
    case 'block':
      return null;
  }
}
