// Pure deciders of the lobby, room and chat streams: every host/admin action of docs/decisions/lobbies.md
// and every refusal. Time, ids and payments come in on the command.
import {
  isChatMediaUrl,
  isLobbyStaff,
  lobbyConstants,
  lobbyTexts,
  limits,
  moderationTexts,
  type ChatEvent,
  type LobbyChatMessageType,
  type CreateLobbyBody,
  type CreateRoomBody,
  type LobbyInfo,
  lobbyEventSchemas,
  roomEventSchemas,
  chatEventSchemas,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveLobby, initialLobbyState, isOpen, seatOf, type LobbyEvent, type LobbyState } from './lobby.ts';
import { decideTool, type LobbyToolCommand } from './tools.ts';
import { evolveRoom, initialRoomState, roomIsOpen, type RoomEvent, type RoomState } from './room.ts';

// ---------------------------------------------------------------- lobby

type Base = { now: string };
export type LobbyCommand =
  | (Base &
      (
        | { type: 'CreateLobby'; lobbyId: string; ownerUid: string; body: CreateLobbyBody }
        | {
            type: 'JoinLobby';
            uid: string;
            anonymous: boolean;
            inviteId: string | null;
            publicOnly: boolean;
            paidDiamonds: number;
            vip?: boolean;
          }
        | { type: 'LeaveLobby'; uid: string; reason?: 'disconnected' | 'banned' }
        | { type: 'EndLobby'; by: string; reason: 'ended' | 'closed' }
        | { type: 'UpdateLobbyInfo'; by: string; changes: Partial<LobbyInfo> & { requiredDiamonds?: number } }
        | { type: 'CreateInvite'; by: string; inviteId: string }
        | { type: 'RequestMic'; uid: string; vip?: boolean }
        | { type: 'RemoveFromQueue'; by: string; uid: string }
        | { type: 'GrantMic'; by: string; uid: string; seat?: number }
        | { type: 'Unseat'; by: string; uid: string }
        | { type: 'RemoveCohost'; by: string; uid: string }
        | { type: 'MuteMic'; by: string; uid: string }
        | { type: 'UnmuteMic'; by: string; uid: string }
        | { type: 'SwitchHost'; by: string; uid: string }
        | { type: 'AddAdmin'; by: string; uid: string }
        | { type: 'RemoveAdmin'; by: string; uid: string }
        | { type: 'BlockUser'; by: string; uid: string; reason: string }
        | { type: 'UnblockUser'; by: string; uid: string }
        | { type: 'SilenceUser'; by: string; uid: string }
        | { type: 'UnsilenceUser'; by: string; uid: string }
        | { type: 'KickUser'; by: string; uid: string }
        /** A platform operator (role ad, checked by the route): no lobby role needed; the note is shown. */
        | { type: 'TerminateLobby'; by: string; note: string }
        | { type: 'OperatorRemoveUser'; by: string; uid: string; note: string }
        | { type: 'PinMessage'; by: string; message: string | null }
      ))
  | LobbyToolCommand;

/** Spec section 6: hosts and lobby admins (and the owner, whose settings these are). */
export const isStaff = (s: LobbyState, uid: string) => isLobbyStaff(s, uid);

const rule = (message: string) => new ApiError('RULE_VIOLATED', message);
const forbidden = (message: string = lobbyTexts.noPermission) => new ApiError('FORBIDDEN', message);

function requireExisting(s: LobbyState): void {
  if (!s.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
}
function requireOpen(s: LobbyState): void {
  requireExisting(s);
  if (!isOpen(s)) throw rule(lobbyTexts.lobbyClosed);
}
function requireStaff(s: LobbyState, by: string): void {
  requireOpen(s);
  if (!isStaff(s, by)) throw forbidden();
}
function requireMember(s: LobbyState, uid: string, message: string = lobbyTexts.userNotInLobby): void {
  if (!s.members.has(uid)) throw new ApiError('NOT_FOUND', message);
}
/** An action by staff on another user, who must not be the owner, the actor or the main host. */
function requireTargetable(s: LobbyState, by: string, uid: string): void {
  if (uid === by) throw rule(lobbyTexts.cannotTargetSelf);
  if (uid === s.ownerUid) throw rule(lobbyTexts.cannotTargetOwner);
  if (uid === s.hostUid) throw rule(lobbyTexts.cannotTargetHost);
}

export function decideLobby(c: LobbyCommand, s: LobbyState): LobbyEvent[] {
  const at = c.now;
  switch (c.type) {
    case 'CreateLobby': {
      if (s.exists) throw new ApiError('CONFLICT', 'This lobby already exists.');
      const b = c.body;
      return [
        {
          type: 'LobbyCreated',
          data: {
            lobbyId: c.lobbyId,
            ownerUid: c.ownerUid,
            kind: b.kind,
            info: {
              title: b.title,
              tag: b.tag,
              description: b.description,
              languages: b.languages,
              lobbyPhoto: b.lobbyPhoto,
              mainCategoryId: b.mainCategoryId,
              backgroundId: b.backgroundId,
              isLive: b.isLive,
            },
            requiredDiamonds: b.requiredDiamonds,
            seatCount: lobbyConstants.seatCount,
            createdAt: at,
          },
        },
      ];
    }
    case 'JoinLobby': {
      requireOpen(s);
      if (s.blacklist[c.uid]) throw forbidden(lobbyTexts.blockedFromLobby);
      if (s.members.has(c.uid)) return [];
      if (c.inviteId !== null && !s.invites.has(c.inviteId)) throw new ApiError('NOT_FOUND', lobbyTexts.invalidInvite);
      if (s.kind === 'private' && c.inviteId === null && !isStaff(s, c.uid)) throw forbidden(lobbyTexts.privateNeedsInvite);
      if (c.publicOnly && s.kind === 'private') throw forbidden(lobbyTexts.privateNeedsInvite);
      const due = entryDue(s, c.uid);
      if (c.paidDiamonds < due) throw new ApiError('INSUFFICIENT_BALANCE', lobbyTexts.invalidRequiredBalance);
      const joined: LobbyEvent = {
        type: 'LobbyJoined',
        data: {
          lobbyId: s.lobbyId,
          uid: c.uid,
          anonymous: c.anonymous,
          inviteId: c.inviteId,
          paidDiamonds: c.paidDiamonds,
          joinedAt: at,
          ...(c.vip ? { vip: true } : {}),
        },
      };
      // The owner coming back (after a lost connection, say) to a lobby nobody hosts takes the host seat again.
      if (c.uid === s.ownerUid && s.hostUid === null && s.seats[0] === null) {
        return [
          joined,
          { type: 'MainHostSwitched', data: { lobbyId: s.lobbyId, fromUid: null, toUid: c.uid, fromUidSeat: null, by: c.uid, at } },
        ];
      }
      return [joined];
    }
    case 'LeaveLobby':
      requireExisting(s);
      if (!s.members.has(c.uid)) return [];
      return [{ type: 'LobbyLeft', data: { lobbyId: s.lobbyId, uid: c.uid, leftAt: at, ...(c.reason ? { reason: c.reason } : {}) } }];
    case 'EndLobby':
      requireStaff(s, c.by);
      return [{ type: 'LobbyEnded', data: { lobbyId: s.lobbyId, by: c.by, reason: c.reason, endedAt: at } }];
    case 'UpdateLobbyInfo': {
      requireStaff(s, c.by);
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(c.changes)) {
        if (value === undefined) continue;
        const current = key === 'requiredDiamonds' ? s.requiredDiamonds : s.info[key as keyof LobbyInfo];
        if (JSON.stringify(current) !== JSON.stringify(value)) changes[key] = value;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'LobbyInfoUpdated', data: { lobbyId: s.lobbyId, by: c.by, changes, at } }];
    }
    case 'CreateInvite':
      requireOpen(s);
      // Anyone inside may share a public lobby; a private one is shared by its staff only.
      if (s.kind === 'private' ? !isStaff(s, c.by) : !s.members.has(c.by) && !isStaff(s, c.by)) throw forbidden();
      return [{ type: 'LobbyInviteCreated', data: { lobbyId: s.lobbyId, inviteId: c.inviteId, by: c.by, at } }];
    case 'RequestMic':
      requireOpen(s);
      requireMember(s, c.uid, lobbyTexts.notInLobby);
      if (seatOf(s, c.uid) >= 0) throw rule(lobbyTexts.alreadySeated);
      if (s.queue.includes(c.uid)) throw rule(lobbyTexts.alreadyInQueue);
      // docs/decisions/vip.md, "first place in a mic queue": after the VIPs already waiting, before everyone else.
      // Everyone else's request goes to the end, as before this perk.
      const vipPlace = c.vip ? { vip: true, place: s.queue.filter((u) => s.queueVips.includes(u)).length } : {};
      return [{ type: 'MicRequested', data: { lobbyId: s.lobbyId, uid: c.uid, at, ...vipPlace } }];
    case 'RemoveFromQueue':
      requireOpen(s);
      // Staff remove anyone; a user may withdraw their own request.
      if (c.by !== c.uid && !isStaff(s, c.by)) throw forbidden();
      if (!s.queue.includes(c.uid)) throw rule(lobbyTexts.notInQueue);
      return [{ type: 'MicRequestRemoved', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'GrantMic': {
      requireStaff(s, c.by);
      requireMember(s, c.uid);
      if (seatOf(s, c.uid) >= 0) throw rule(lobbyTexts.alreadySeated);
      let seat: number;
      if (c.seat !== undefined) {
        if (c.seat <= 0 || c.seat >= s.seats.length) throw new ApiError('VALIDATION_FAILED', lobbyTexts.seatTaken);
        if (s.seats[c.seat] !== null) throw rule(lobbyTexts.seatTaken);
        seat = c.seat;
      } else {
        seat = s.seats.findIndex((u, i) => i > 0 && u === null);
        if (seat < 0) throw rule(lobbyTexts.noFreeSeat);
      }
      return [{ type: 'MicGranted', data: { lobbyId: s.lobbyId, uid: c.uid, seat, by: c.by, at } }];
    }
    case 'Unseat':
    case 'RemoveCohost': {
      requireOpen(s);
      if (c.by !== c.uid && !isStaff(s, c.by)) throw forbidden();
      if (c.type === 'RemoveCohost' && !isStaff(s, c.by)) throw forbidden();
      const seat = seatOf(s, c.uid);
      if (seat < 0) throw rule(c.type === 'RemoveCohost' ? lobbyTexts.notCohost : lobbyTexts.notSeated);
      if (seat === 0) throw rule(lobbyTexts.cannotTargetHost);
      return [
        {
          type: 'UserUnseated',
          data: { lobbyId: s.lobbyId, uid: c.uid, seat, by: c.by, reason: c.type === 'Unseat' ? 'unseated' : 'cohost_removed', at },
        },
      ];
    }
    case 'MuteMic':
    case 'UnmuteMic': {
      requireOpen(s);
      if (c.by !== c.uid && !isStaff(s, c.by)) throw forbidden();
      if (seatOf(s, c.uid) < 0) throw rule(lobbyTexts.notSeated);
      const muted = s.muted.includes(c.uid);
      if (c.type === 'MuteMic') return muted ? [] : [{ type: 'MicMuted', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
      return muted ? [{ type: 'MicUnmuted', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }] : [];
    }
    case 'SwitchHost': {
      requireStaff(s, c.by);
      requireMember(s, c.uid);
      if (c.uid === s.hostUid) throw rule(lobbyTexts.alreadyHost);
      const targetSeat = seatOf(s, c.uid);
      const fromUid = s.hostUid;
      return [
        {
          type: 'MainHostSwitched',
          data: { lobbyId: s.lobbyId, fromUid, toUid: c.uid, fromUidSeat: fromUid && targetSeat > 0 ? targetSeat : null, by: c.by, at },
        },
      ];
    }
    case 'AddAdmin':
      requireStaff(s, c.by);
      if (c.uid === s.ownerUid) throw rule(lobbyTexts.cannotTargetOwner);
      if (s.admins.includes(c.uid)) throw rule(lobbyTexts.alreadyAdmin);
      if (s.blacklist[c.uid]) throw rule(lobbyTexts.alreadyBlocked);
      return [{ type: 'LobbyAdminAdded', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'RemoveAdmin':
      requireStaff(s, c.by);
      if (!s.admins.includes(c.uid)) throw rule(lobbyTexts.notAdmin);
      return [{ type: 'LobbyAdminRemoved', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'BlockUser':
      requireStaff(s, c.by);
      requireTargetable(s, c.by, c.uid);
      if (s.blacklist[c.uid]) throw rule(lobbyTexts.alreadyBlocked);
      return [{ type: 'LobbyUserBlocked', data: { lobbyId: s.lobbyId, uid: c.uid, reason: c.reason, by: c.by, at } }];
    case 'UnblockUser':
      requireStaff(s, c.by);
      if (!s.blacklist[c.uid]) throw rule(lobbyTexts.notBlocked);
      return [{ type: 'LobbyUserUnblocked', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'SilenceUser':
      requireStaff(s, c.by);
      requireTargetable(s, c.by, c.uid);
      if (s.silenced.includes(c.uid)) throw rule(lobbyTexts.alreadySilenced);
      return [{ type: 'LobbyUserSilenced', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'UnsilenceUser':
      requireStaff(s, c.by);
      if (!s.silenced.includes(c.uid)) throw rule(lobbyTexts.notSilenced);
      return [{ type: 'LobbyUserUnsilenced', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'KickUser':
      requireStaff(s, c.by);
      requireTargetable(s, c.by, c.uid);
      requireMember(s, c.uid);
      return [{ type: 'LobbyUserKicked', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    case 'TerminateLobby':
      requireOpen(s);
      return [{ type: 'LobbyEnded', data: { lobbyId: s.lobbyId, by: c.by, reason: 'terminated', endedAt: at, note: c.note } }];
    case 'OperatorRemoveUser':
      requireOpen(s);
      requireMember(s, c.uid);
      return [{ type: 'LobbyUserKicked', data: { lobbyId: s.lobbyId, uid: c.uid, by: c.by, at, note: c.note } }];
    case 'PinMessage':
      requireStaff(s, c.by);
      if (s.pinned === c.message) return [];
      return [{ type: 'LobbyMessagePinned', data: { lobbyId: s.lobbyId, message: c.message, by: c.by, at } }];
    case 'RollDice':
    case 'DrawLuckyNumber':
    case 'OpenPoll':
    case 'VotePoll':
    case 'ClosePoll':
      return decideTool(c, s);
    default: {
      const _exhaustive: never = c;
      throw new Error('unknown command');
    }
  }
}

/** Diamonds a join must pay: the required diamonds, once; staff never pay. */
export function entryDue(s: LobbyState, uid: string): number {
  if (s.requiredDiamonds <= 0 || s.paid.has(uid) || isStaff(s, uid)) return 0;
  return s.requiredDiamonds;
}

export const lobbyDecider: Decider<LobbyState, LobbyCommand, LobbyEvent> = {
  evolvesOn: lobbyEventSchemas,
  initialState: initialLobbyState,
  evolve: evolveLobby,
  decide: decideLobby,
};

// ---------------------------------------------------------------- room

/** What the room decider needs to know of the lobby, read from the lobby stream by the handler. */
export interface LobbyView {
  open: boolean;
  member: boolean;
  staff: boolean;
}

export type RoomCommand = Base &
  (
    | { type: 'CreateRoom'; roomId: string; lobbyId: string; hostUid: string; body: CreateRoomBody; inviteKey: string; lobby: LobbyView }
    | { type: 'JoinRoom'; uid: string; key: string | null; paidDiamonds: number; lobby: LobbyView }
    | { type: 'LeaveRoom'; uid: string }
    | { type: 'StartRoom'; by: string; lobby: LobbyView }
    | { type: 'EndRoom'; by: string; lobby: LobbyView }
    /** The scheduler: ends a started room whose time is up; a no-op before that. */
    | { type: 'ExpireRoom' }
    /** The lobby ended: the room ends with it. */
    | { type: 'CloseRoomWithLobby' }
    | { type: 'SilenceRoomUser'; by: string; uid: string; lobby: LobbyView }
    | { type: 'UnsilenceRoomUser'; by: string; uid: string; lobby: LobbyView }
  );

function requireRoom(s: RoomState): void {
  if (!s.exists) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
}
function requireRoomOpen(s: RoomState): void {
  requireRoom(s);
  if (!roomIsOpen(s)) throw rule(lobbyTexts.roomClosed);
}
/** "A coach or host starts a room": the room's host, or the lobby's hosts and admins. */
const mayRunRoom = (s: RoomState, by: string, lobby: LobbyView) => by === s.hostUid || lobby.staff;

/** Fee a join must pay: the required balance, once; the room's host never pays. */
export function roomFeeDue(s: RoomState, uid: string): number {
  if (s.requiredBalance <= 0 || uid === s.hostUid || s.paid.includes(uid)) return 0;
  return s.requiredBalance;
}

export function decideRoom(c: RoomCommand, s: RoomState): RoomEvent[] {
  const at = c.now;
  switch (c.type) {
    case 'CreateRoom': {
      if (s.exists) throw new ApiError('CONFLICT', 'This room already exists.');
      if (!c.lobby.open) throw rule(lobbyTexts.lobbyClosed);
      if (!c.lobby.member) throw forbidden(lobbyTexts.notInLobby);
      const b = c.body;
      return [
        {
          type: 'RoomCreated',
          data: {
            roomId: c.roomId,
            lobbyId: c.lobbyId,
            hostUid: c.hostUid,
            title: b.title,
            mins: b.mins,
            roomBannerPhoto: b.roomBannerPhoto,
            requiredBalance: b.requiredBalance,
            inviteKey: c.inviteKey,
            createdAt: at,
          },
        },
      ];
    }
    case 'JoinRoom': {
      requireRoomOpen(s);
      if (!c.lobby.open) throw rule(lobbyTexts.lobbyClosed);
      if (s.members.includes(c.uid)) return [];
      if (c.key !== null && c.key !== s.inviteKey) throw new ApiError('NOT_FOUND', lobbyTexts.invalidInvite);
      if (c.key === null && !c.lobby.member) throw forbidden(lobbyTexts.notInLobby);
      if (s.members.length >= lobbyConstants.roomCapacity && c.uid !== s.hostUid) throw rule(lobbyTexts.roomFull);
      if (c.paidDiamonds < roomFeeDue(s, c.uid)) throw new ApiError('INSUFFICIENT_BALANCE', lobbyTexts.invalidRequiredBalance);
      return [
        { type: 'RoomJoined', data: { roomId: s.roomId, lobbyId: s.lobbyId, uid: c.uid, paidDiamonds: c.paidDiamonds, joinedAt: at } },
      ];
    }
    case 'LeaveRoom':
      requireRoom(s);
      if (!s.members.includes(c.uid)) return [];
      return [{ type: 'RoomLeft', data: { roomId: s.roomId, lobbyId: s.lobbyId, uid: c.uid, leftAt: at } }];
    case 'StartRoom': {
      requireRoomOpen(s);
      if (!mayRunRoom(s, c.by, c.lobby)) throw forbidden();
      if (s.status === 'started') throw rule(lobbyTexts.roomAlreadyStarted);
      const endsAt = new Date(Date.parse(at) + s.mins * 60_000).toISOString();
      return [{ type: 'RoomStarted', data: { roomId: s.roomId, lobbyId: s.lobbyId, by: c.by, startedAt: at, endsAt } }];
    }
    case 'EndRoom':
      requireRoomOpen(s);
      if (!mayRunRoom(s, c.by, c.lobby)) throw forbidden();
      // Ended before it ever ran: the room was never active.
      return [
        {
          type: 'RoomEnded',
          data: {
            roomId: s.roomId,
            lobbyId: s.lobbyId,
            by: c.by,
            reason: 'ended',
            status: s.status === 'started' ? 'ended' : 'inactive',
            endedAt: at,
          },
        },
      ];
    case 'ExpireRoom':
      if (!s.exists || s.status !== 'started' || s.endsAt === null || Date.parse(at) < Date.parse(s.endsAt)) return [];
      return [
        { type: 'RoomEnded', data: { roomId: s.roomId, lobbyId: s.lobbyId, by: null, reason: 'time_up', status: 'ended', endedAt: at } },
      ];
    case 'CloseRoomWithLobby':
      if (!roomIsOpen(s)) return [];
      return [
        {
          type: 'RoomEnded',
          data: { roomId: s.roomId, lobbyId: s.lobbyId, by: null, reason: 'lobby_ended', status: 'terminated', endedAt: at },
        },
      ];
    case 'SilenceRoomUser':
    case 'UnsilenceRoomUser': {
      requireRoomOpen(s);
      if (!mayRunRoom(s, c.by, c.lobby)) throw forbidden();
      if (c.uid === c.by) throw rule(lobbyTexts.cannotTargetSelf);
      const silenced = s.silenced.includes(c.uid);
      if (c.type === 'SilenceRoomUser') {
        if (c.uid === s.hostUid) throw rule(lobbyTexts.cannotTargetHost);
        if (silenced) throw rule(lobbyTexts.alreadySilenced);
        return [{ type: 'RoomUserSilenced', data: { roomId: s.roomId, lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
      }
      if (!silenced) throw rule(lobbyTexts.notSilenced);
      return [{ type: 'RoomUserUnsilenced', data: { roomId: s.roomId, lobbyId: s.lobbyId, uid: c.uid, by: c.by, at } }];
    }
    default: {
      const _exhaustive: never = c;
      throw new Error('unknown command');
    }
  }
}

export const roomDecider: Decider<RoomState, RoomCommand, RoomEvent> = {
  evolvesOn: roomEventSchemas,
  initialState: initialRoomState,
  evolve: evolveRoom,
  decide: decideRoom,
};

// ---------------------------------------------------------------- chat

/** Times of the sender's latest messages in this lobby: enough to decide the rate limit. */
export interface ChatState {
  recent: readonly string[];
  /** An operator's silence of this sender in this lobby lasts until then (ISO), or null. */
  silencedUntil: string | null;
  /** Messages an operator removed (so a second removal writes nothing). */
  removed: readonly string[];
}

export interface PostChat {
  type: 'PostChat';
  now: string;
  /** The chat window (CHAT_WINDOW_MS); the product's limits.chatWindowSeconds when absent. */
  windowMs?: number;
  lobbyId: string;
  roomId: string | null;
  messageId: string;
  uid: string;
  messageType: LobbyChatMessageType;
  title: string | null;
  body: string;
  /** From the lobby (or room) stream: inside, and not silenced. */
  member: boolean;
  silenced: boolean;
  open: boolean;
}

/** An operator's silence (from a report) of the sender in this lobby, for a duration. */
export interface SilenceChat {
  type: 'SilenceChat';
  now: string;
  lobbyId: string;
  uid: string;
  until: string;
  reason: string;
  by: string;
}
/** An operator removes one of the sender's messages (from a report). */
export interface RemoveChatMessage {
  type: 'RemoveChatMessage';
  now: string;
  lobbyId: string;
  roomId: string | null;
  uid: string;
  messageId: string;
  reason: string;
  by: string;
}
export type ChatCommand = PostChat | SilenceChat | RemoveChatMessage;

/** Pictures are the sender's own chat uploads (three-step upload, uploadType=chat); GIFs and
 * picture stickers come from the catalogue or an https provider; a text sticker is an emoji. */
function chatBodyAllowed(c: Pick<PostChat, 'messageType' | 'body' | 'uid'>): boolean {
  switch (c.messageType) {
    case 'image':
      return c.body.startsWith(`${c.uid.replace(/[^\w-]/g, '_')}/chat/`) && !c.body.includes('..');
    case 'gif':
      return isChatMediaUrl(c.body);
    case 'sticker':
      return isChatMediaUrl(c.body) || (c.body.length <= 16 && !/[/:<>]/.test(c.body));
    default:
      return true;
  }
}

function decidePost(c: PostChat, s: ChatState): ChatEvent[] {
  if (!c.open) throw rule(c.roomId ? lobbyTexts.roomClosed : lobbyTexts.lobbyClosed);
  if (!c.member) throw forbidden(c.roomId ? lobbyTexts.notInRoom : lobbyTexts.notInLobby);
  if (c.silenced) throw forbidden(lobbyTexts.silenced);
  if (s.silencedUntil && Date.parse(s.silencedUntil) > Date.parse(c.now)) throw forbidden(moderationTexts.silenced);
  if (!chatBodyAllowed(c)) throw new ApiError('VALIDATION_FAILED', lobbyTexts.chatMediaInvalid);
  const windowStart = Date.parse(c.now) - (c.windowMs ?? limits.chatWindowSeconds * 1000);
  const inWindow = s.recent.filter((t) => Date.parse(t) > windowStart).length;
  if (inWindow >= limits.chatMessagesPerWindow) throw new ApiError('RATE_LIMITED', lobbyTexts.chatTooFast);
  return [
    {
      type: 'ChatMessagePosted',
      data: {
        lobbyId: c.lobbyId,
        roomId: c.roomId,
        messageId: c.messageId,
        uid: c.uid,
        messageType: c.messageType,
        title: c.title,
        body: c.body,
        postedAt: c.now,
      },
    },
  ];
}

export function decideChat(c: ChatCommand, s: ChatState): ChatEvent[] {
  switch (c.type) {
    case 'PostChat':
      return decidePost(c, s);
    case 'SilenceChat':
      return [{ type: 'ChatSilenced', data: { lobbyId: c.lobbyId, uid: c.uid, until: c.until, reason: c.reason, by: c.by, at: c.now } }];
    case 'RemoveChatMessage':
      if (s.removed.includes(c.messageId)) return [];
      return [
        {
          type: 'ChatMessageRemoved',
          data: { lobbyId: c.lobbyId, roomId: c.roomId, messageId: c.messageId, uid: c.uid, reason: c.reason, by: c.by, at: c.now },
        },
      ];
    default: {
      const _exhaustive: never = c;
      return _exhaustive;
    }
  }
}

function evolveChat(s: ChatState, e: ChatEvent): ChatState {
  switch (e.type) {
    case 'ChatMessagePosted':
      return { ...s, recent: [...s.recent, e.data.postedAt].slice(-limits.chatMessagesPerWindow) };
    case 'ChatSilenced':
      return { ...s, silencedUntil: e.data.until };
    case 'ChatMessageRemoved':
      return { ...s, removed: [...s.removed, e.data.messageId] };
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = {
  evolvesOn: chatEventSchemas,
  initialState: () => ({ recent: [], silencedUntil: null, removed: [] }),
  evolve: evolveChat,
  decide: decideChat,
};
