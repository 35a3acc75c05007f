// Lobby and room commands (docs/decisions/lobbies.md): thin handlers that read the
// stream, decide, append with the expected version, and answer with the position.
import { randomBytes, randomUUID } from 'node:crypto';
import { IdempotencyKeyHeader, type CommandAnswer, isAllowedRoomBanner, limits, lobbyTexts, texts } from '@murmur/contracts';
import { ApiError, defineRoute, parse, routePath, type AuthContext, type RouteInput } from '@murmur/platform';
import type express from 'express';
import { openRoomsOfLobby } from '@murmur/projections/queries/rooms';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { creditDiamonds, isVipAt, spendDiamonds } from '../wallet/ledger.ts';
import { entryDue, isStaff, lobbyDecider, roomDecider, roomFeeDue, type LobbyCommand, type LobbyView, type RoomCommand } from './decide.ts';
import { onHeldState, type GuardedState } from '../decider/on-held-state.ts';
import { chatCommands, lobbyCommands, roomCommands } from './lobby-streams.ts';
import { ChatLimiter } from './chat-limits.ts';
import { isOpen, seatOf, type LobbyState } from './lobby.ts';
import { mediaAnswer, mediaProviderFromEnv, type MediaProvider } from './media-provider.ts';
import { roomIsOpen, type RoomState } from './room.ts';
import { PresenceReaper } from './presence-reaper.ts';
import { BannedMemberSweeper } from './banned-members.ts';
import { RoomScheduler } from './room-scheduler.ts';
import { lobbyToolRoutes } from './tool-routes.ts';
import { inviteIdOf, lobbyIdOf, roomIdOf, targetOf } from './path-ids.ts';

export async function loadLobby(deps: CommandDeps, lobbyId: string): Promise<LobbyState> {
  return (await lobbyCommands.load(deps, lobbyId)).state;
}
export async function loadRoom(deps: CommandDeps, roomId: string): Promise<RoomState> {
  return (await roomCommands.load(deps, roomId)).state;
}

const viewOf = (lobby: LobbyState, uid: string): LobbyView => ({
  open: isOpen(lobby),
  member: lobby.members.has(uid),
  staff: lobby.exists && isStaff(lobby, uid),
});

interface LobbyApi {
  deps: CommandDeps;
  media: MediaProvider;
}

function lobbyMedia(api: LobbyApi, lobby: LobbyState, uid: string) {
  return mediaAnswer(api.media, {
    scope: 'lobby',
    channel: lobby.lobbyId,
    uid,
    role: seatOf(lobby, uid) >= 0 ? 'publisher' : 'subscriber',
  });
}
/** Everyone in a one-on-one room talks. */
const roomMedia = (api: LobbyApi, room: RoomState, uid: string) =>
  mediaAnswer(api.media, { scope: 'room', channel: room.roomId, uid, role: 'publisher' });

/** Join: refuse before charging, charge the entry once (idempotency key), then append the join.
 * If the lobby ended in between, the entry is refunded: an ended lobby never reopens. */
async function joinLobby(api: LobbyApi, lobbyId: string, auth: AuthContext, inviteId: string | null, publicOnly: boolean) {
  const { deps } = api;
  const now = deps.clock.now().toISOString();
  const vip = await isVipAt(deps, auth.uid, now);
  const command = (paidDiamonds: number): LobbyCommand => ({
    type: 'JoinLobby',
    uid: auth.uid,
    anonymous: auth.anonymous,
    inviteId,
    publicOnly,
    paidDiamonds,
    now,
    vip,
  });
  const due = await precheckJoin(deps, lobbyId, auth.uid, command);
  const entryKey = `lobby-entry:${lobbyId}:${auth.uid}`;
  if (due > 0)
    await spendDiamonds(deps, { uid: auth.uid, amount: due, reason: 'lobby_entry', reference: lobbyId, idempotencyKey: entryKey });
  try {
    const result = await lobbyCommands.run(deps, lobbyId, command(due), { actorUid: auth.uid });
    return { position: result.position, lobby: result.state };
  } catch (error) {
    if (due > 0) {
      const after = await loadLobby(deps, lobbyId);
      if (!isOpen(after)) {
        await creditDiamonds(deps, {
          uid: auth.uid,
          amount: due,
          reason: 'refund',
          reference: lobbyId,
          idempotencyKey: `${entryKey}:refund`,
        });
      }
    }
    throw error;
  }
}

/** Whether a chat message of `uid` would be posted on this lobby state: a held state that says no
 * is read anew before deciding (decider/on-held-state.ts). */
const wouldPost = (uid: string) => (s: LobbyState) => s.exists && isOpen(s) && s.members.has(uid) && !s.silenced.includes(uid);

/** The entry due, after checking that the join would be accepted. The lobby's state as this process
 * last saw it answers without a round trip when it lets the member in for free; a refusal or a fee
 * is decided again on the stream, so a stale state never refuses anyone or charges anything. The
 * join itself is decided once more in the lobby's queue with the expected version. */
async function precheckJoin(
  deps: CommandDeps,
  lobbyId: string,
  uid: string,
  command: (paidDiamonds: number) => LobbyCommand,
): Promise<number> {
  const cached = lobbyCommands.cached(deps, lobbyId)?.state;
  if (cached && entryDue(cached, uid) === 0) {
    try {
      lobbyDecider.decide(command(0), cached);
      return 0;
    } catch {
      // decided again below on the stream
    }
  }
  const before = await loadLobby(deps, lobbyId);
  const due = entryDue(before, uid);
  lobbyDecider.decide(command(due), before);
  return due;
}

async function joinRoom(api: LobbyApi, lobbyId: string, roomId: string, auth: AuthContext, key: string | null) {
  const { deps } = api;
  const now = deps.clock.now().toISOString();
  const room = await loadRoom(deps, roomId);
  if (room.exists && room.lobbyId !== lobbyId && lobbyId !== '') throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
  const lobby = await loadLobby(deps, room.exists ? room.lobbyId : lobbyId);
  const command = (paidDiamonds: number): RoomCommand => ({
    type: 'JoinRoom',
    uid: auth.uid,
    key,
    paidDiamonds,
    lobby: viewOf(lobby, auth.uid),
    now,
  });
  const due = roomFeeDue(room, auth.uid);
  roomDecider.decide(command(due), room);
  const feeKey = `room-fee:${roomId}:${auth.uid}`;
  if (due > 0) await spendDiamonds(deps, { uid: auth.uid, amount: due, reason: 'room_fee', reference: roomId, idempotencyKey: feeKey });
  try {
    const result = await roomCommands.run(deps, roomId, command(due), { actorUid: auth.uid });
    return { position: result.position, room: result.state };
  } catch (error) {
    if (due > 0 && !roomIsOpen(await loadRoom(deps, roomId))) {
      await creditDiamonds(deps, { uid: auth.uid, amount: due, reason: 'refund', reference: roomId, idempotencyKey: `${feeKey}:refund` });
    }
    throw error;
  }
}

/** Ends the open rooms of an ended lobby now; the scheduler sweeps any this misses. */
async function closeRoomsOf(deps: CommandDeps, lobbyId: string): Promise<void> {
  const roomIds = await openRoomsOfLobby(deps.pool, lobbyId).catch(() => [] as string[]);
  const now = deps.clock.now().toISOString();
  for (const roomId of roomIds)
    await roomCommands.run(deps, roomId, { type: 'CloseRoomWithLobby', now }, { actorUid: 'system' }).catch(() => undefined);
}

/** What a handler shared by several routes reads: the caller and its path's ids (`P`, each route's typed
 * params must fit it: a parameter only some of the routes have is optional). */
type Caller<P> = { me: AuthContext; params: P };
/** A room route's path: `/lobbies/{id}/rooms/{roomId}/...` or `/rooms/{id}/...` (some name a member). */
type RoomPath = { id: string; roomId?: string; uid?: string };
/** The two chat routes: the lobby's and a room's (`roomId` only on the room's). */
type ChatInput = Omit<RouteInput<'POST /lobbies/{id}/chat' | 'POST /lobbies/{id}/rooms/{roomId}/chat'>, 'params'> & {
  params: { id: string; roomId?: string };
};
/** The routes that act on one member named in the body (`LobbyTargetBody`). */
type OnTarget =
  | 'POST /lobbies/{id}/mic/unseat'
  | 'POST /lobbies/{id}/mic/mute'
  | 'POST /lobbies/{id}/mic/unmute'
  | 'POST /lobbies/{id}/queue/remove'
  | 'POST /lobbies/{id}/cohosts/remove'
  | 'POST /lobbies/{id}/kick';

/** A command's answer: the position of its last event and the fields its DTO adds. */
const withPosition = <T extends object>(position: bigint, extra: T) => ({ ...extra, position: position.toString() });
const done = (position: bigint): CommandAnswer => ({ position: position.toString() });

export function lobbyRoutes(router: express.Router, deps: CommandDeps, media: MediaProvider): void {
  const api: LobbyApi = { deps, media };
  const now = () => deps.clock.now().toISOString();

  defineRoute(router, 'POST /lobbies', async ({ me, body }) => {
    const lobbyId = randomUUID();
    const result = await lobbyCommands.run(
      deps,
      lobbyId,
      { type: 'CreateLobby', lobbyId, ownerUid: me.uid, body, now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { lobbyId, ...lobbyMedia(api, result.state, me.uid) });
  });

  const join =
    (mode: 'public' | 'any' | 'invite') =>
    async ({ me, params }: Caller<{ id: string; inviteId?: string }>) => {
      const lobbyId = lobbyIdOf(params.id);
      const inviteId = mode === 'invite' ? inviteIdOf(params.inviteId ?? '') : null;
      const { position, lobby } = await joinLobby(api, lobbyId, me, inviteId, mode === 'public');
      return withPosition(position, { lobbyId, ...lobbyMedia(api, lobby, me.uid) });
    };
  defineRoute(router, 'POST /lobbies/public/{id}/join', join('public'));
  defineRoute(router, 'POST /lobbies/{id}/join', join('any'));
  defineRoute(router, 'POST /lobbies/{id}/join/{inviteId}', join('invite'));

  defineRoute(router, 'POST /lobbies/{id}/leave', async ({ me, params }) => {
    return done(
      (await lobbyCommands.run(deps, lobbyIdOf(params.id), { type: 'LeaveLobby', uid: me.uid, now: now() }, { actorUid: me.uid })).position,
    );
  });

  const end =
    (reason: 'ended' | 'closed') =>
    async ({ me, params }: Caller<{ id: string }>) => {
      const lobbyId = lobbyIdOf(params.id);
      const result = await lobbyCommands.run(deps, lobbyId, { type: 'EndLobby', by: me.uid, reason, now: now() }, { actorUid: me.uid });
      await closeRoomsOf(deps, lobbyId);
      return done(result.position);
    };
  defineRoute(router, 'POST /lobbies/{id}/end', end('ended'));
  defineRoute(router, 'POST /lobbies/{id}/close', end('closed'));

  defineRoute(router, 'POST /lobbies/{id}/info', async ({ me, body: changes, params }) => {
    // A photo is the editor's own lobby upload (three-step upload, uploadType=lobby), or removed.
    if (changes.lobbyPhoto && !changes.lobbyPhoto.startsWith(`${me.uid.replace(/[^\w-]/g, '_')}/lobby/`)) {
      throw new ApiError('VALIDATION_FAILED', texts.uploadFailed);
    }
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'UpdateLobbyInfo', by: me.uid, changes, now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { message: lobbyTexts.infoUpdated });
  });
  defineRoute(router, 'POST /lobbies/{id}/settings/background', async ({ me, body: { backgroundId }, params }) => {
    return done(
      (
        await lobbyCommands.run(
          deps,
          lobbyIdOf(params.id),
          { type: 'UpdateLobbyInfo', by: me.uid, changes: { backgroundId }, now: now() },
          { actorUid: me.uid },
        )
      ).position,
    );
  });

  defineRoute(router, 'POST /lobbies/{id}/invites', async ({ me, params }) => {
    const lobbyId = lobbyIdOf(params.id);
    const inviteId = randomBytes(9).toString('base64url');
    const result = await lobbyCommands.run(deps, lobbyId, { type: 'CreateInvite', by: me.uid, inviteId, now: now() }, { actorUid: me.uid });
    const link = `/lobby/${lobbyId}?invite=${inviteId}`;
    // The QR code encodes the same link; the client renders it.
    return withPosition(result.position, {
      inviteId,
      link,
      joinPath: `/api/v1${routePath('POST /lobbies/{id}/join/{inviteId}', { id: lobbyId, inviteId })}`,
      qr: { format: 'url', payload: link },
    });
  });

  // Microphone and seats.
  defineRoute(router, 'POST /lobbies/{id}/mic/request', async ({ me, params }) => {
    const at = now();
    const vip = await isVipAt(deps, me.uid, at);
    return done(
      (await lobbyCommands.run(deps, lobbyIdOf(params.id), { type: 'RequestMic', uid: me.uid, vip, now: at }, { actorUid: me.uid }))
        .position,
    );
  });
  defineRoute(router, 'POST /lobbies/{id}/mic/grant', async ({ me, body: { uid, seat }, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'GrantMic', by: me.uid, uid: targetOf(uid), seat, now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { seat: seatOf(result.state, uid) });
  });
  const onTarget =
    (type: 'Unseat' | 'RemoveCohost' | 'MuteMic' | 'UnmuteMic' | 'RemoveFromQueue' | 'KickUser') =>
    async ({ me, params, body: { uid } }: RouteInput<OnTarget>) => {
      const result = await lobbyCommands.run(
        deps,
        lobbyIdOf(params.id),
        { type, by: me.uid, uid: targetOf(uid), now: now() },
        { actorUid: me.uid },
      );
      return done(result.position);
    };
  defineRoute(router, 'POST /lobbies/{id}/mic/unseat', onTarget('Unseat'));
  defineRoute(router, 'POST /lobbies/{id}/mic/mute', onTarget('MuteMic'));
  defineRoute(router, 'POST /lobbies/{id}/mic/unmute', onTarget('UnmuteMic'));
  defineRoute(router, 'POST /lobbies/{id}/queue/remove', onTarget('RemoveFromQueue'));
  defineRoute(router, 'POST /lobbies/{id}/cohosts/remove', onTarget('RemoveCohost'));
  defineRoute(router, 'POST /lobbies/{id}/kick', onTarget('KickUser'));
  defineRoute(router, 'POST /lobbies/{id}/host/switch', async ({ me, body: { uid }, params }) => {
    return done(
      (
        await lobbyCommands.run(
          deps,
          lobbyIdOf(params.id),
          { type: 'SwitchHost', by: me.uid, uid: targetOf(uid), now: now() },
          { actorUid: me.uid },
        )
      ).position,
    );
  });

  // Moderation.
  defineRoute(router, 'POST /lobbies/{id}/block', async ({ me, body: { uidToBlock, reason }, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'BlockUser', by: me.uid, uid: targetOf(uidToBlock), reason, now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { message: lobbyTexts.blocked });
  });
  defineRoute(router, 'POST /lobbies/{id}/unblock', async ({ me, body: { uidToUnblock }, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'UnblockUser', by: me.uid, uid: targetOf(uidToUnblock), now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { message: lobbyTexts.unblocked });
  });
  const silence =
    (type: 'SilenceUser' | 'UnsilenceUser') =>
    async ({ me, params }: Caller<{ id: string; uid: string }>) => {
      const uid = targetOf(params.uid);
      return done(
        (await lobbyCommands.run(deps, lobbyIdOf(params.id), { type, by: me.uid, uid, now: now() }, { actorUid: me.uid })).position,
      );
    };
  defineRoute(router, 'POST /lobbies/{id}/users/{uid}/silence', silence('SilenceUser'));
  defineRoute(router, 'POST /lobbies/{id}/users/{uid}/unsilence', silence('UnsilenceUser'));
  defineRoute(router, 'POST /lobbies/manage/{id}/admin/add', async ({ me, body: { uidToAdmin }, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'AddAdmin', by: me.uid, uid: targetOf(uidToAdmin), now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { message: lobbyTexts.adminAdded });
  });
  defineRoute(router, 'POST /lobbies/manage/{id}/admin/remove', async ({ me, body: { uidToRemove }, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'RemoveAdmin', by: me.uid, uid: targetOf(uidToRemove), now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { message: lobbyTexts.adminRemoved });
  });
  defineRoute(router, 'POST /lobbies/{id}/pin', async ({ me, body: { message }, params }) => {
    return done(
      (
        await lobbyCommands.run(
          deps,
          lobbyIdOf(params.id),
          { type: 'PinMessage', by: me.uid, message: message || null, now: now() },
          { actorUid: me.uid },
        )
      ).position,
    );
  });

  // Chat: one stream per sender per lobby (the rate limit's scope), membership from the lobby/room stream.
  const chatWindowMs = deps.chatWindowMs ?? limits.chatWindowSeconds * 1000;
  const chatLimiter = new ChatLimiter(limits.chatMessagesPerWindowAllLobbies, chatWindowMs);
  const chat =
    (inRoom: boolean) =>
    async ({ me, req, body, params }: ChatInput) => {
      const lobbyId = lobbyIdOf(params.id);
      const { payload, roomId: roomInBody } = body;
      if (!chatLimiter.take(me.uid, Date.parse(now()))) throw new ApiError('RATE_LIMITED', lobbyTexts.chatTooFast);
      // A client that lost the answer (a command-api process died, the database restarted) sends the
      // message again with the same key and gets the first answer back instead of a second message.
      const key = req.header('idempotency-key');
      const idempotencyKey = key === undefined ? undefined : parse(IdempotencyKeyHeader, key);
      const messageId = randomUUID();
      const post = async (lobbyAt: GuardedState<LobbyState>) => {
        const lobby = lobbyAt.state;
        if (!lobby.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
        let roomId: string | null = null;
        let member = lobby.members.has(me.uid);
        let open = isOpen(lobby);
        let silenced = lobby.silenced.includes(me.uid);
        if (inRoom || roomInBody) {
          roomId = inRoom ? roomIdOf(params.roomId ?? '') : roomInBody!;
          const room = await loadRoom(deps, roomId);
          if (!room.exists || room.lobbyId !== lobbyId) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
          member = room.members.includes(me.uid);
          open = open && roomIsOpen(room);
          silenced = silenced || room.silenced.includes(me.uid);
        }
        return chatCommands.run(
          deps,
          { lobbyId, uid: me.uid },
          {
            type: 'PostChat',
            now: now(),
            windowMs: chatWindowMs,
            lobbyId,
            roomId,
            messageId,
            uid: me.uid,
            messageType: payload.messageType,
            title: payload.title ?? null,
            body: payload.body,
            member,
            silenced,
            open,
          },
          { actorUid: me.uid, idempotencyKey, guard: lobbyAt.guard },
        );
      };
      // Decided on the lobby state this process holds, appended under the lobby's guard
      // (docs/decisions/lobbies.md, "Chat").
      const result = await onHeldState(deps, lobbyCommands, lobbyId, wouldPost(me.uid), post);
      const posted = result.events.find((e) => e.type === 'ChatMessagePosted');
      return withPosition(result.position, { messageId: posted?.data.messageId ?? messageId });
    };
  defineRoute(router, 'POST /lobbies/{id}/chat', chat(false));
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/chat', chat(true));

  // Private timed rooms.
  defineRoute(router, 'POST /lobbies/{id}/rooms', async ({ me, body, params }) => {
    const lobbyId = lobbyIdOf(params.id);
    if (body.roomBannerPhoto !== null && !isAllowedRoomBanner(body.roomBannerPhoto, me.uid))
      throw new ApiError('VALIDATION_FAILED', lobbyTexts.roomBanner);
    const lobby = await loadLobby(deps, lobbyId);
    if (!lobby.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
    const roomId = randomUUID();
    const inviteKey = randomBytes(9).toString('base64url');
    const result = await roomCommands.run(
      deps,
      roomId,
      { type: 'CreateRoom', roomId, lobbyId, hostUid: me.uid, body, inviteKey, lobby: viewOf(lobby, me.uid), now: now() },
      { actorUid: me.uid },
    );
    return withPosition(result.position, { roomId, inviteKey, ...roomMedia(api, result.state, me.uid) });
  });
  const roomJoin =
    (scoped: boolean, withKey: boolean) =>
    async ({ me, params }: Caller<{ id: string; roomId?: string; key?: string }>) => {
      const lobbyId = scoped ? lobbyIdOf(params.id) : '';
      const roomId = scoped ? roomIdOf(params.roomId ?? '') : roomIdOf(params.id);
      const key = withKey ? (params.key ?? '') : null;
      const { position, room } = await joinRoom(api, lobbyId, roomId, me, key);
      return withPosition(position, { roomId, lobbyId: room.lobbyId, ...roomMedia(api, room, me.uid) });
    };
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/join', roomJoin(true, false));
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/join/{key}', roomJoin(true, true));
  defineRoute(router, 'POST /rooms/{id}/join/{key}', roomJoin(false, true));

  const roomAction =
    (scoped: boolean, make: (by: string, lobby: LobbyView, params: RoomPath) => RoomCommand) =>
    async ({ me, params }: Caller<RoomPath>) => {
      const roomId = scoped ? roomIdOf(params.roomId ?? '') : roomIdOf(params.id);
      const room = await loadRoom(deps, roomId);
      if (!room.exists || (scoped && room.lobbyId !== lobbyIdOf(params.id))) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
      const lobby = await loadLobby(deps, room.lobbyId);
      const result = await roomCommands.run(deps, roomId, make(me.uid, viewOf(lobby, me.uid), params), { actorUid: me.uid });
      return withPosition(result.position, { status: result.state.status, endsAt: result.state.endsAt });
    };
  const startRoom = (by: string, lobby: LobbyView): RoomCommand => ({ type: 'StartRoom', by, lobby, now: now() });
  const endRoom = (by: string, lobby: LobbyView): RoomCommand => ({ type: 'EndRoom', by, lobby, now: now() });
  const silenceRoom =
    (type: 'SilenceRoomUser' | 'UnsilenceRoomUser') =>
    (by: string, lobby: LobbyView, params: RoomPath): RoomCommand => ({
      type,
      by,
      uid: targetOf(params.uid ?? ''),
      lobby,
      now: now(),
    });
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/start', roomAction(true, startRoom));
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/end', roomAction(true, endRoom));
  defineRoute(router, 'POST /rooms/{id}/end', roomAction(false, endRoom));
  defineRoute(router, 'POST /rooms/{id}/start', roomAction(false, startRoom));
  defineRoute(router, 'POST /rooms/{id}/users/{uid}/silence', roomAction(false, silenceRoom('SilenceRoomUser')));
  defineRoute(router, 'POST /rooms/{id}/users/{uid}/unsilence', roomAction(false, silenceRoom('UnsilenceRoomUser')));
  defineRoute(router, 'POST /lobbies/{id}/rooms/{roomId}/leave', async ({ me, params }) => {
    return done(
      (await roomCommands.run(deps, roomIdOf(params.roomId), { type: 'LeaveRoom', uid: me.uid, now: now() }, { actorUid: me.uid }))
        .position,
    );
  });

  // An RTM request answers Agora's signalling token in agoraToken (WebRTC has none: null).
  const refreshed = (tokenType: 'rtc' | 'rtm', answer: ReturnType<typeof lobbyMedia>, uid: string) =>
    tokenType === 'rtm' ? { ...answer, agoraToken: media.rtm(uid) } : answer;

  // A fresh media token (session) for someone inside the lobby (or room).
  defineRoute(router, 'POST /lobbies/refresh-token', async ({ me, body }) => {
    const lobby = await loadLobby(deps, lobbyIdOf(body.lobbyId));
    if (!lobby.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
    if (!isOpen(lobby)) throw new ApiError('RULE_VIOLATED', lobbyTexts.lobbyClosed);
    if (body.roomId !== undefined) {
      const room = await loadRoom(deps, roomIdOf(body.roomId));
      if (!room.exists || room.lobbyId !== body.lobbyId) throw new ApiError('NOT_FOUND', lobbyTexts.roomNotFound);
      if (!room.members.includes(me.uid)) throw new ApiError('FORBIDDEN', lobbyTexts.notInRoom);
      return { tokenType: body.tokenType, ...refreshed(body.tokenType, roomMedia(api, room, me.uid), me.uid) };
    }
    if (!lobby.members.has(me.uid)) throw new ApiError('FORBIDDEN', lobbyTexts.notInLobby);
    return { tokenType: body.tokenType, ...refreshed(body.tokenType, lobbyMedia(api, lobby, me.uid), me.uid) };
  });
}

export const lobbiesModule: CommandModule & { start(deps: CommandDeps): { stop(): Promise<void> } } = {
  name: 'lobbies',
  routes(router, deps) {
    lobbyRoutes(router, deps, mediaProviderFromEnv());
    lobbyToolRoutes(router, deps);
  },
  start(deps) {
    const scheduler = new RoomScheduler(deps);
    scheduler.start();
    const reaper = deps.presenceReaper === false ? null : new PresenceReaper(deps, deps.presenceReaper);
    reaper?.start();
    const banned = new BannedMemberSweeper(deps);
    banned.start();
    return { stop: async () => void (await Promise.all([scheduler.stop(), reaper?.stop(), banned.stop()])) };
  },
};
