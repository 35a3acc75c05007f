// The private timed room stream `room-{id}`: its events, state and `evolve`.
import type { RoomEvent, RoomStatus } from '@murmur/contracts';

export type { RoomEvent };

export interface RoomState {
  exists: boolean;
  roomId: string;
  lobbyId: string;
  hostUid: string;
  status: RoomStatus;
  title: string;
  mins: number;
  requiredBalance: number;
  inviteKey: string;
  startedAt: string | null;
  endsAt: string | null;
  /** Everyone inside now (the host included). */
  members: readonly string[];
  /** Who has paid the fee (paid once). */
  paid: readonly string[];
  silenced: readonly string[];
}

export function initialRoomState(): RoomState {
  return {
    exists: false,
    roomId: '',
    lobbyId: '',
    hostUid: '',
    status: 'inactive',
    title: '',
    mins: 0,
    requiredBalance: 0,
    inviteKey: '',
    startedAt: null,
    endsAt: null,
    members: [],
    paid: [],
    silenced: [],
  };
}

export const roomIsOpen = (s: RoomState) => s.exists && (s.status === 'waiting' || s.status === 'started');

export function evolveRoom(s: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'RoomCreated': {
      const d = event.data;
      return {
        ...initialRoomState(),
        exists: true,
        roomId: d.roomId,
        lobbyId: d.lobbyId,
        hostUid: d.hostUid,
        status: 'waiting',
        title: d.title,
        mins: d.mins,
        requiredBalance: d.requiredBalance,
        inviteKey: d.inviteKey,
        members: [d.hostUid],
        paid: [d.hostUid],
      };
    }
    case 'RoomJoined': {
      const d = event.data;
      return {
        ...s,
        members: s.members.includes(d.uid) ? s.members : [...s.members, d.uid],
        paid: d.paidDiamonds > 0 && !s.paid.includes(d.uid) ? [...s.paid, d.uid] : s.paid,
      };
    }
    case 'RoomLeft':
      return { ...s, members: s.members.filter((u) => u !== event.data.uid) };
    case 'RoomStarted':
      return { ...s, status: 'started', startedAt: event.data.startedAt, endsAt: event.data.endsAt };
    case 'RoomEnded':
      return { ...s, status: event.data.status, members: [] };
    case 'RoomUserSilenced':
      return { ...s, silenced: s.silenced.includes(event.data.uid) ? s.silenced : [...s.silenced, event.data.uid] };
    case 'RoomUserUnsilenced':
      return { ...s, silenced: s.silenced.filter((u) => u !== event.data.uid) };
    default: {
      const _exhaustive: never = event;
      return s;
    }
  }
}
