// The lobby stream `lobby-{id}`: its events, its state and `evolve`. State is rebuilt immutably
// (the StateCache shares a state between concurrent commands, so evolve never mutates).
import type { LobbyEvent, LobbyInfo, LobbyKind, LobbyStatus } from '@murmur/contracts';
import { PersistentMap } from './persistent-map.ts';
import { evolveTools, initialToolsState, type LobbyToolsState } from './tools.ts';

export type { LobbyEvent };

export interface LobbyMember {
  joinedAt: string;
  anonymous: boolean;
}

export interface LobbyState {
  exists: boolean;
  lobbyId: string;
  status: LobbyStatus;
  kind: LobbyKind;
  ownerUid: string;
  /** The main host, on seat 0; null when the host left and nobody was switched in. */
  hostUid: string | null;
  info: LobbyInfo;
  requiredDiamonds: number;
  /** seats[i] = uid on seat i; seat 0 is the main host's. */
  seats: Array<string | null>;
  /** Everyone inside now. */
  members: PersistentMap<LobbyMember>;
  /** Who has ever paid the entry (paid once). */
  paid: PersistentMap<true>;
  /** Mic requests in the order they are served: VIPs' first, then oldest first. */
  queue: readonly string[];
  /** Who asked as a VIP (set again by each request): the VIPs waiting are the queue's head. */
  queueVips: readonly string[];
  admins: readonly string[];
  blacklist: Readonly<Record<string, { reason: string; by: string; at: string }>>;
  silenced: readonly string[];
  muted: readonly string[];
  invites: PersistentMap<{ by: string; at: string }>;
  pinned: string | null;
  /** The interactive tools: rate limits and the open poll (tools.ts). */
  tools: LobbyToolsState;
}

export function initialLobbyState(): LobbyState {
  return {
    exists: false,
    lobbyId: '',
    status: 'inactive',
    kind: 'public',
    ownerUid: '',
    hostUid: null,
    info: {
      title: '',
      tag: '',
      description: '',
      languages: [],
      lobbyPhoto: null,
      mainCategoryId: 'chatting',
      backgroundId: 'bg-default',
      isLive: false,
    },
    requiredDiamonds: 0,
    seats: [],
    members: PersistentMap.empty(),
    paid: PersistentMap.empty(),
    queue: [],
    queueVips: [],
    admins: [],
    blacklist: {},
    silenced: [],
    muted: [],
    invites: PersistentMap.empty(),
    pinned: null,
    tools: initialToolsState(),
  };
}

export const isOpen = (s: LobbyState) => s.exists && (s.status === 'waiting' || s.status === 'started');
export const seatOf = (s: LobbyState, uid: string): number => s.seats.indexOf(uid);
export const cohostsOf = (s: LobbyState): string[] => s.seats.filter((u, i): u is string => i > 0 && u !== null);

function without<T>(list: readonly T[], item: T): T[] {
  return list.filter((x) => x !== item);
}
function withItem<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? [...list] : [...list, item];
}
function omit<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  if (!(key in record)) return record as Record<string, V>;
  const { [key]: _gone, ...rest } = record;
  return rest;
}
function vacate(seats: ReadonlyArray<string | null>, uid: string): Array<string | null> {
  return seats.map((u) => (u === uid ? null : u));
}

/** Someone leaves the lobby (left, kicked, blocked): off the stage, the queue and the mutes. */
function removeMember(s: LobbyState, uid: string): LobbyState {
  return {
    ...s,
    members: s.members.delete(uid),
    seats: vacate(s.seats, uid),
    hostUid: s.hostUid === uid ? null : s.hostUid,
    queue: without(s.queue, uid),
    muted: without(s.muted, uid),
  };
}

export function evolveLobby(s: LobbyState, event: LobbyEvent): LobbyState {
  switch (event.type) {
    case 'LobbyCreated': {
      const d = event.data;
      const seats: Array<string | null> = Array.from({ length: d.seatCount }, () => null);
      seats[0] = d.ownerUid;
      return {
        ...initialLobbyState(),
        exists: true,
        lobbyId: d.lobbyId,
        status: d.info.isLive ? 'started' : 'waiting',
        kind: d.kind,
        ownerUid: d.ownerUid,
        hostUid: d.ownerUid,
        info: d.info,
        requiredDiamonds: d.requiredDiamonds,
        seats,
        members: PersistentMap.empty<LobbyMember>().set(d.ownerUid, { joinedAt: d.createdAt, anonymous: false }),
        paid: PersistentMap.empty<true>().set(d.ownerUid, true),
      };
    }
    case 'LobbyJoined': {
      const d = event.data;
      return {
        ...s,
        members: s.members.set(d.uid, { joinedAt: d.joinedAt, anonymous: d.anonymous }),
        paid: d.paidDiamonds > 0 && !s.paid.has(d.uid) ? s.paid.set(d.uid, true) : s.paid,
      };
    }
    case 'LobbyLeft':
    case 'LobbyUserKicked':
      return removeMember(s, event.data.uid);
    case 'LobbyEnded':
      return {
        ...s,
        status: event.data.reason === 'closed' ? 'terminated' : 'ended',
        info: { ...s.info, isLive: false },
        members: PersistentMap.empty(),
        seats: s.seats.map(() => null),
        hostUid: null,
        queue: [],
        muted: [],
        tools: initialToolsState(),
      };
    case 'LobbyInfoUpdated': {
      const { requiredDiamonds, ...info } = event.data.changes;
      const next = { ...s.info, ...info };
      return {
        ...s,
        info: next,
        requiredDiamonds: requiredDiamonds ?? s.requiredDiamonds,
        status: info.isLive === undefined ? s.status : info.isLive ? 'started' : 'waiting',
      };
    }
    case 'LobbyInviteCreated':
      return { ...s, invites: s.invites.set(event.data.inviteId, { by: event.data.by, at: event.data.at }) };
    case 'MicRequested': {
      const { uid, vip, place } = event.data;
      const rest = without(s.queue, uid);
      const at = place === undefined ? rest.length : Math.min(place, rest.length);
      return {
        ...s,
        queue: [...rest.slice(0, at), uid, ...rest.slice(at)],
        queueVips: vip ? withItem(s.queueVips, uid) : without(s.queueVips, uid),
      };
    }
    case 'MicRequestRemoved':
      return { ...s, queue: without(s.queue, event.data.uid) };
    case 'MicGranted': {
      const seats = vacate(s.seats, event.data.uid);
      seats[event.data.seat] = event.data.uid;
      return { ...s, seats, queue: without(s.queue, event.data.uid) };
    }
    case 'UserUnseated':
      return { ...s, seats: vacate(s.seats, event.data.uid), muted: without(s.muted, event.data.uid) };
    case 'MicMuted':
      return { ...s, muted: withItem(s.muted, event.data.uid) };
    case 'MicUnmuted':
      return { ...s, muted: without(s.muted, event.data.uid) };
    case 'MainHostSwitched': {
      const d = event.data;
      const seats = vacate(s.seats, d.toUid);
      if (d.fromUid) {
        for (let i = 0; i < seats.length; i++) if (seats[i] === d.fromUid) seats[i] = null;
        if (d.fromUidSeat !== null) seats[d.fromUidSeat] = d.fromUid;
      }
      seats[0] = d.toUid;
      return { ...s, seats, hostUid: d.toUid, queue: without(s.queue, d.toUid) };
    }
    case 'LobbyAdminAdded':
      return { ...s, admins: withItem(s.admins, event.data.uid) };
    case 'LobbyAdminRemoved':
      return { ...s, admins: without(s.admins, event.data.uid) };
    case 'LobbyUserBlocked': {
      const d = event.data;
      const out = removeMember(s, d.uid);
      return {
        ...out,
        admins: without(out.admins, d.uid),
        blacklist: { ...s.blacklist, [d.uid]: { reason: d.reason, by: d.by, at: d.at } },
      };
    }
    case 'LobbyUserUnblocked':
      return { ...s, blacklist: omit(s.blacklist, event.data.uid) };
    case 'LobbyUserSilenced':
      return { ...s, silenced: withItem(s.silenced, event.data.uid) };
    case 'LobbyUserUnsilenced':
      return { ...s, silenced: without(s.silenced, event.data.uid) };
    case 'LobbyMessagePinned':
      return { ...s, pinned: event.data.message };
    case 'LobbyDiceRolled':
    case 'LobbyLuckyNumberDrawn':
    case 'LobbyPollOpened':
    case 'LobbyPollVoted':
    case 'LobbyPollClosed':
      return { ...s, tools: evolveTools(s.tools, event) };
    default: {
      const _exhaustive: never = event;
      return s;
    }
  }
}
