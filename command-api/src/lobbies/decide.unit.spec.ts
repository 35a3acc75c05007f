import { CreateLobbyBody, CreateRoomBody, lobbyTexts, texts, type ChatEvent, type LobbyEvent, type RoomEvent } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import {
  chatDecider,
  decideLobby,
  decideRoom,
  entryDue,
  lobbyDecider,
  roomDecider,
  type LobbyCommand,
  type PostChat,
  type RoomCommand,
} from './decide.ts';
import type { LobbyState } from './lobby.ts';
import type { RoomState } from './room.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = '2026-11-22T10:00:00.000Z';
const L = 'lobby1';

// ---------------------------------------------------------------- given / when / then

type LobbyCmd = LobbyCommand extends infer C ? (C extends LobbyCommand ? Omit<C, 'now'> : never) : never;
const given = DeciderSpecification.for({
  ...lobbyDecider,
  decide: (command: LobbyCmd, state: LobbyState) => decideLobby({ ...command, now } as LobbyCommand, state),
});

const created = (over: Partial<CreateLobbyBody> = {}, owner = 'owner'): LobbyEvent => ({
  type: 'LobbyCreated',
  data: {
    lobbyId: L,
    ownerUid: owner,
    kind: over.kind ?? 'public',
    info: {
      title: 'T',
      tag: '',
      description: '',
      languages: [],
      lobbyPhoto: null,
      mainCategoryId: 'chatting',
      backgroundId: 'bg-default',
      isLive: over.isLive ?? true,
    },
    requiredDiamonds: over.requiredDiamonds ?? 0,
    seatCount: 8,
    createdAt: now,
  },
});
const joined = (uid: string, paidDiamonds = 0, inviteId: string | null = null): LobbyEvent => ({
  type: 'LobbyJoined',
  data: { lobbyId: L, uid, anonymous: false, inviteId, paidDiamonds, joinedAt: now },
});
const requested = (uid: string): LobbyEvent => ({ type: 'MicRequested', data: { lobbyId: L, uid, at: now } });
const granted = (uid: string, seat: number, by = 'owner'): LobbyEvent => ({
  type: 'MicGranted',
  data: { lobbyId: L, uid, seat, by, at: now },
});
const adminAdded = (uid: string): LobbyEvent => ({ type: 'LobbyAdminAdded', data: { lobbyId: L, uid, by: 'owner', at: now } });
const blocked = (uid: string): LobbyEvent => ({
  type: 'LobbyUserBlocked',
  data: { lobbyId: L, uid, reason: 'spam', by: 'owner', at: now },
});
const silenced = (uid: string): LobbyEvent => ({ type: 'LobbyUserSilenced', data: { lobbyId: L, uid, by: 'owner', at: now } });
const ended: LobbyEvent = { type: 'LobbyEnded', data: { lobbyId: L, by: 'owner', reason: 'ended', endedAt: now } };
const invite = (inviteId: string): LobbyEvent => ({ type: 'LobbyInviteCreated', data: { lobbyId: L, inviteId, by: 'owner', at: now } });

/** A live lobby: owner hosting, an admin, an audience member `aud`, and `co` on seat 1. */
const live = () => [created(), joined('admin'), adminAdded('admin'), joined('aud'), joined('co'), granted('co', 1)];

/** Actions only hosts and admins may take, each with a valid target in `live()`. */
const staffActions: Array<[string, (by: string) => LobbyCmd]> = [
  ['EndLobby', (by) => ({ type: 'EndLobby', by, reason: 'ended' })],
  ['close (settings)', (by) => ({ type: 'EndLobby', by, reason: 'closed' })],
  ['UpdateLobbyInfo', (by) => ({ type: 'UpdateLobbyInfo', by, changes: { title: 'New' } })],
  ['GrantMic', (by) => ({ type: 'GrantMic', by, uid: 'aud' })],
  ['RemoveCohost', (by) => ({ type: 'RemoveCohost', by, uid: 'co' })],
  ['SwitchHost', (by) => ({ type: 'SwitchHost', by, uid: 'aud' })],
  ['AddAdmin', (by) => ({ type: 'AddAdmin', by, uid: 'aud' })],
  ['RemoveAdmin', (by) => ({ type: 'RemoveAdmin', by, uid: 'admin' })],
  ['BlockUser', (by) => ({ type: 'BlockUser', by, uid: 'aud', reason: 'spam' })],
  ['SilenceUser', (by) => ({ type: 'SilenceUser', by, uid: 'aud' })],
  ['KickUser', (by) => ({ type: 'KickUser', by, uid: 'aud' })],
  ['PinMessage', (by) => ({ type: 'PinMessage', by, message: 'Welcome' })],
  ['Unseat (someone else)', (by) => ({ type: 'Unseat', by, uid: 'co' })],
  ['MuteMic (someone else)', (by) => ({ type: 'MuteMic', by, uid: 'co' })],
];

describe('lobby permissions (docs/decisions/lobbies.md)', () => {
  for (const [name, make] of staffActions) {
    it(`${name}: the owner/main host and a lobby admin may; a cohost, audience or stranger gets 403`, () => {
      expect(decideLobby({ ...make('owner'), now } as LobbyCommand, given(...live()).state).length).toBeGreaterThan(0);
      if (!(name === 'RemoveAdmin'))
        expect(decideLobby({ ...make('admin'), now } as LobbyCommand, given(...live()).state).length).toBeGreaterThan(0);
      // Unseat and mute are also open to the seated user themself (here 'co'), tested below.
      const others = name.includes('someone else') ? ['aud', 'stranger'] : ['co', 'aud', 'stranger'];
      for (const who of others)
        given(...live())
          .when(make(who))
          .thenThrows('FORBIDDEN', texts.noPermissionPage);
    });
  }

  it('UnblockUser and UnsilenceUser: staff only', () => {
    const events = [...live(), joined('x'), blocked('x'), silenced('aud')];
    given(...events)
      .when({ type: 'UnblockUser', by: 'admin', uid: 'x' })
      .then([{ type: 'LobbyUserUnblocked', data: { lobbyId: L, uid: 'x', by: 'admin', at: now } }]);
    given(...events)
      .when({ type: 'UnblockUser', by: 'aud', uid: 'x' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(...events)
      .when({ type: 'UnsilenceUser', by: 'owner', uid: 'aud' })
      .then([{ type: 'LobbyUserUnsilenced', data: { lobbyId: L, uid: 'aud', by: 'owner', at: now } }]);
    given(...events)
      .when({ type: 'UnsilenceUser', by: 'co', uid: 'aud' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
  });

  it('the main host (not the owner) is staff too; the owner stays staff after handing over', () => {
    const events = [
      ...live(),
      {
        type: 'MainHostSwitched',
        data: { lobbyId: L, fromUid: 'owner', toUid: 'aud', fromUidSeat: null, by: 'owner', at: now },
      } as LobbyEvent,
    ];
    given(...events)
      .when({ type: 'GrantMic', by: 'aud', uid: 'owner' })
      .then([granted('owner', 2, 'aud')]);
    given(...events)
      .when({ type: 'PinMessage', by: 'owner', message: 'hi' })
      .then([{ type: 'LobbyMessagePinned', data: { lobbyId: L, message: 'hi', by: 'owner', at: now } }]);
  });

  it('every action on an unknown lobby is 404, on an ended lobby 422', () => {
    given().when({ type: 'GrantMic', by: 'owner', uid: 'aud' }).thenThrows('NOT_FOUND', lobbyTexts.lobbyNotFound);
    given()
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .thenThrows('NOT_FOUND', 'This lobby does not exist.');
    for (const [, make] of staffActions)
      given(...live(), ended)
        .when(make('owner'))
        .thenThrows('RULE_VIOLATED', lobbyTexts.lobbyClosed);
    given(...live(), ended)
      .when({ type: 'RequestMic', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.lobbyClosed);
  });
});

describe('create, join, leave, end', () => {
  it('creates a lobby with the owner as main host on seat 0', () => {
    const body = CreateLobbyBody.parse({ title: 'Hello', kind: 'private', languages: ['ENG'], requiredDiamonds: 10 });
    const events = given().when({ type: 'CreateLobby', lobbyId: L, ownerUid: 'owner', body }).stateAfter();
    expect(events.hostUid).toBe('owner');
    expect(events.seats[0]).toBe('owner');
    expect(events.status).toBe('started');
    expect(events.kind).toBe('private');
    given(created())
      .when({ type: 'CreateLobby', lobbyId: L, ownerUid: 'owner', body })
      .thenThrows('CONFLICT', 'This lobby already exists.');
  });

  it('a lobby created not live is waiting, and going live starts it', () => {
    const s = given(created({ isLive: false })).state;
    expect(s.status).toBe('waiting');
    expect(
      given(created({ isLive: false }))
        .when({ type: 'UpdateLobbyInfo', by: 'owner', changes: { isLive: true } })
        .stateAfter().status,
    ).toBe('started');
  });

  it('joins a public lobby; joining twice changes nothing', () => {
    given(created())
      .when({ type: 'JoinLobby', uid: 'u', anonymous: true, inviteId: null, publicOnly: true, paidDiamonds: 0 })
      .then([{ type: 'LobbyJoined', data: { lobbyId: L, uid: 'u', anonymous: true, inviteId: null, paidDiamonds: 0, joinedAt: now } }]);
    given(created(), joined('u'))
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .thenNothing();
  });

  it('a private lobby needs a valid invite; its staff need none; the public join path refuses it', () => {
    const priv = created({ kind: 'private' });
    given(priv)
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .thenThrows('FORBIDDEN', lobbyTexts.privateNeedsInvite);
    given(priv)
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: 'bad', publicOnly: false, paidDiamonds: 0 })
      .thenThrows('NOT_FOUND', texts.invalidInvite);
    given(priv, invite('inv'))
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: 'inv', publicOnly: false, paidDiamonds: 0 })
      .then([joined('u', 0, 'inv')]);
    given(priv, invite('inv'))
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: 'inv', publicOnly: true, paidDiamonds: 0 })
      .thenThrows('FORBIDDEN', 'This lobby is private. Join it through an invite link.');
    given(priv, adminAdded('adm'))
      .when({ type: 'JoinLobby', uid: 'adm', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .then([joined('adm')]);
  });

  it('a blocked user cannot join, even with an invite; unblocked they can', () => {
    const events = [created(), invite('inv'), joined('u'), blocked('u')];
    given(...events)
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: 'inv', publicOnly: false, paidDiamonds: 0 })
      .thenThrows('FORBIDDEN', lobbyTexts.blockedFromLobby);
    const unblocked: LobbyEvent = { type: 'LobbyUserUnblocked', data: { lobbyId: L, uid: 'u', by: 'owner', at: now } };
    given(...events, unblocked)
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .then([joined('u')]);
  });

  it('required diamonds are paid once; staff never pay; a join without payment is refused', () => {
    const paid = given(created({ requiredDiamonds: 50 }));
    expect(entryDue(paid.state, 'u')).toBe(50);
    expect(entryDue(paid.state, 'owner')).toBe(0);
    paid
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .thenThrows('INSUFFICIENT_BALANCE', 'Invalid required balance');
    paid
      .when({ type: 'JoinLobby', uid: 'u', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 50 })
      .then([joined('u', 50)]);
    const rejoin = given(created({ requiredDiamonds: 50 }), joined('u', 50), {
      type: 'LobbyLeft',
      data: { lobbyId: L, uid: 'u', leftAt: now },
    });
    expect(entryDue(rejoin.state, 'u')).toBe(0);
  });

  it('leaving takes the user off the stage and the queue; leaving when outside does nothing', () => {
    const s = given(...live(), requested('aud'))
      .when({ type: 'LeaveLobby', uid: 'co' })
      .stateAfter();
    expect(s.seats[1]).toBeNull();
    expect(s.members.has('co')).toBe(false);
    expect(
      given(...live(), requested('aud'))
        .when({ type: 'LeaveLobby', uid: 'aud' })
        .stateAfter().queue,
    ).toEqual([]);
    given(...live())
      .when({ type: 'LeaveLobby', uid: 'stranger' })
      .thenNothing();
    const hostLeft = given(...live())
      .when({ type: 'LeaveLobby', uid: 'owner' })
      .stateAfter();
    expect(hostLeft.hostUid).toBeNull();
  });

  it('a member without a live connection leaves with the reason; the owner coming back hosts again', () => {
    given(...live())
      .when({ type: 'LeaveLobby', uid: 'aud', reason: 'disconnected' })
      .then([{ type: 'LobbyLeft', data: { lobbyId: L, uid: 'aud', leftAt: now, reason: 'disconnected' } }]);
    const ownerGone: LobbyEvent = { type: 'LobbyLeft', data: { lobbyId: L, uid: 'owner', leftAt: now, reason: 'disconnected' } };
    given(...live(), ownerGone)
      .when({ type: 'JoinLobby', uid: 'owner', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .then([
        joined('owner'),
        { type: 'MainHostSwitched', data: { lobbyId: L, fromUid: null, toUid: 'owner', fromUidSeat: null, by: 'owner', at: now } },
      ]);
    // Someone else hosting meanwhile keeps the seat; the owner comes back to the audience.
    const switched: LobbyEvent = {
      type: 'MainHostSwitched',
      data: { lobbyId: L, fromUid: null, toUid: 'co', fromUidSeat: null, by: 'admin', at: now },
    };
    given(...live(), ownerGone, switched)
      .when({ type: 'JoinLobby', uid: 'owner', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .then([joined('owner')]);
  });

  it("ending empties the lobby: everyone's membership ends", () => {
    const s = given(...live())
      .when({ type: 'EndLobby', by: 'admin', reason: 'ended' })
      .stateAfter();
    expect(s.status).toBe('ended');
    expect(s.members.size).toBe(0);
    expect(s.seats.every((x) => x === null)).toBe(true);
    expect(
      given(...live())
        .when({ type: 'EndLobby', by: 'owner', reason: 'closed' })
        .stateAfter().status,
    ).toBe('terminated');
  });

  it('edits info: only changed fields are recorded; no change appends nothing', () => {
    given(...live())
      .when({ type: 'UpdateLobbyInfo', by: 'owner', changes: { title: 'T', description: 'New' } })
      .then([{ type: 'LobbyInfoUpdated', data: { lobbyId: L, by: 'owner', changes: { description: 'New' }, at: now } }]);
    given(...live())
      .when({ type: 'UpdateLobbyInfo', by: 'owner', changes: { title: 'T' } })
      .thenNothing();
  });

  it('invites: anyone inside a public lobby may share; a private one only its staff', () => {
    given(...live())
      .when({ type: 'CreateInvite', by: 'aud', inviteId: 'i1' })
      .then([{ type: 'LobbyInviteCreated', data: { lobbyId: L, inviteId: 'i1', by: 'aud', at: now } }]);
    given(...live())
      .when({ type: 'CreateInvite', by: 'stranger', inviteId: 'i1' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(created({ kind: 'private' }), joined('aud'))
      .when({ type: 'CreateInvite', by: 'aud', inviteId: 'i1' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(created({ kind: 'private' }))
      .when({ type: 'CreateInvite', by: 'owner', inviteId: 'i1' })
      .then([invite('i1')]);
  });
});

describe('microphone and seats', () => {
  it('anyone inside requests the mic once; a seated user or an outsider cannot', () => {
    given(...live())
      .when({ type: 'RequestMic', uid: 'aud' })
      .then([requested('aud')]);
    given(...live(), requested('aud'))
      .when({ type: 'RequestMic', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadyInQueue);
    given(...live())
      .when({ type: 'RequestMic', uid: 'co' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadySeated);
    given(...live())
      .when({ type: 'RequestMic', uid: 'stranger' })
      .thenThrows('NOT_FOUND', lobbyTexts.notInLobby);
  });

  it('a VIP request goes after the VIPs already waiting and before everyone else (docs/decisions/vip.md)', () => {
    const vipRequested = (uid: string, place: number): LobbyEvent => ({
      type: 'MicRequested',
      data: { lobbyId: L, uid, at: now, vip: true, place },
    });
    const crowd = [...live(), joined('a'), joined('b'), joined('v1'), joined('v2'), joined('c')];
    given(...crowd, requested('a'), requested('b'))
      .when({ type: 'RequestMic', uid: 'v1', vip: true })
      .then([vipRequested('v1', 0)]);
    given(...crowd, requested('a'), vipRequested('v1', 0), requested('b'))
      .when({ type: 'RequestMic', uid: 'v2', vip: true })
      .then([vipRequested('v2', 1)]);
    const s = given(...crowd, requested('a'), vipRequested('v1', 0), requested('b'))
      .when({ type: 'RequestMic', uid: 'v2', vip: true })
      .stateAfter();
    expect(s.queue).toEqual(['v1', 'v2', 'a', 'b']);
    // A non-VIP still queues at the end; a VIP who left the queue and asks again without VIP does too.
    given(...crowd, vipRequested('v1', 0), requested('a'))
      .when({ type: 'RequestMic', uid: 'c' })
      .then([requested('c')]);
    const left = given(
      ...crowd,
      vipRequested('v1', 0),
      requested('a'),
      { type: 'MicRequestRemoved', data: { lobbyId: L, uid: 'v1', by: 'v1', at: now } },
      requested('v1'),
    );
    expect(left.state.queue).toEqual(['a', 'v1']);
    expect(left.when({ type: 'RequestMic', uid: 'v2', vip: true }).stateAfter().queue).toEqual(['v2', 'a', 'v1']);
  });

  it('a VIP join carries the entry effect; others join as before', () => {
    given(created())
      .when({ type: 'JoinLobby', uid: 'star', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0, vip: true })
      .then([
        {
          type: 'LobbyJoined',
          data: { lobbyId: L, uid: 'star', anonymous: false, inviteId: null, paidDiamonds: 0, joinedAt: now, vip: true },
        },
      ]);
    given(created())
      .when({ type: 'JoinLobby', uid: 'fan', anonymous: false, inviteId: null, publicOnly: false, paidDiamonds: 0 })
      .then([joined('fan')]);
  });

  it('grant assigns the first free seat (or the one asked) and clears the request', () => {
    const s = given(...live(), requested('aud'))
      .when({ type: 'GrantMic', by: 'owner', uid: 'aud' })
      .stateAfter();
    expect(s.seats[2]).toBe('aud');
    expect(s.queue).toEqual([]);
    given(...live())
      .when({ type: 'GrantMic', by: 'admin', uid: 'aud', seat: 5 })
      .then([granted('aud', 5, 'admin')]);
    given(...live())
      .when({ type: 'GrantMic', by: 'admin', uid: 'aud', seat: 1 })
      .thenThrows('RULE_VIOLATED', lobbyTexts.seatTaken);
    given(...live())
      .when({ type: 'GrantMic', by: 'admin', uid: 'co' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadySeated);
    given(...live())
      .when({ type: 'GrantMic', by: 'admin', uid: 'stranger' })
      .thenThrows('NOT_FOUND', 'This user is not in the lobby.');
  });

  it('no free seat: 422', () => {
    const full = [...live(), ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((u, i) => [joined(u), granted(u, i + 2)]), joined('late')];
    given(...full)
      .when({ type: 'GrantMic', by: 'owner', uid: 'late' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.noFreeSeat);
  });

  it('queue removal by staff, or by the requester; not by others', () => {
    const q = [...live(), requested('aud')];
    given(...q)
      .when({ type: 'RemoveFromQueue', by: 'admin', uid: 'aud' })
      .then([{ type: 'MicRequestRemoved', data: { lobbyId: L, uid: 'aud', by: 'admin', at: now } }]);
    given(...q)
      .when({ type: 'RemoveFromQueue', by: 'aud', uid: 'aud' })
      .then([{ type: 'MicRequestRemoved', data: { lobbyId: L, uid: 'aud', by: 'aud', at: now } }]);
    given(...q)
      .when({ type: 'RemoveFromQueue', by: 'co', uid: 'aud' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(...live())
      .when({ type: 'RemoveFromQueue', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notInQueue);
  });

  it('unseat by staff or oneself; never the main host; remove cohost needs a cohost', () => {
    given(...live())
      .when({ type: 'Unseat', by: 'co', uid: 'co' })
      .then([{ type: 'UserUnseated', data: { lobbyId: L, uid: 'co', seat: 1, by: 'co', reason: 'unseated', at: now } }]);
    given(...live())
      .when({ type: 'Unseat', by: 'owner', uid: 'owner' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetHost);
    given(...live())
      .when({ type: 'Unseat', by: 'admin', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notSeated);
    given(...live())
      .when({ type: 'RemoveCohost', by: 'admin', uid: 'co' })
      .then([{ type: 'UserUnseated', data: { lobbyId: L, uid: 'co', seat: 1, by: 'admin', reason: 'cohost_removed', at: now } }]);
    given(...live())
      .when({ type: 'RemoveCohost', by: 'co', uid: 'co' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(...live())
      .when({ type: 'RemoveCohost', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notCohost);
  });

  it('mute and unmute: staff or oneself, seated users only, idempotent', () => {
    given(...live())
      .when({ type: 'MuteMic', by: 'co', uid: 'co' })
      .then([{ type: 'MicMuted', data: { lobbyId: L, uid: 'co', by: 'co', at: now } }]);
    const muted = [...live(), { type: 'MicMuted', data: { lobbyId: L, uid: 'co', by: 'owner', at: now } } as LobbyEvent];
    given(...muted)
      .when({ type: 'MuteMic', by: 'owner', uid: 'co' })
      .thenNothing();
    given(...muted)
      .when({ type: 'UnmuteMic', by: 'admin', uid: 'co' })
      .then([{ type: 'MicUnmuted', data: { lobbyId: L, uid: 'co', by: 'admin', at: now } }]);
    given(...live())
      .when({ type: 'UnmuteMic', by: 'owner', uid: 'co' })
      .thenNothing();
    given(...live())
      .when({ type: 'MuteMic', by: 'aud', uid: 'co' })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    given(...live())
      .when({ type: 'MuteMic', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notSeated);
  });

  it("switching the main host moves the old host to the new host's seat", () => {
    const s = given(...live())
      .when({ type: 'SwitchHost', by: 'admin', uid: 'co' })
      .stateAfter();
    expect(s.hostUid).toBe('co');
    expect(s.seats.slice(0, 2)).toEqual(['co', 'owner']);
    const fromAudience = given(...live())
      .when({ type: 'SwitchHost', by: 'owner', uid: 'aud' })
      .stateAfter();
    expect(fromAudience.seats[0]).toBe('aud');
    expect(fromAudience.seats.includes('owner')).toBe(false);
    given(...live())
      .when({ type: 'SwitchHost', by: 'owner', uid: 'owner' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadyHost);
    given(...live())
      .when({ type: 'SwitchHost', by: 'owner', uid: 'stranger' })
      .thenThrows('NOT_FOUND', 'This user is not in the lobby.');
  });
});

describe('moderation', () => {
  it('admins: add once, never the owner; remove only an admin', () => {
    given(...live())
      .when({ type: 'AddAdmin', by: 'owner', uid: 'aud' })
      .then([{ type: 'LobbyAdminAdded', data: { lobbyId: L, uid: 'aud', by: 'owner', at: now } }]);
    given(...live())
      .when({ type: 'AddAdmin', by: 'owner', uid: 'admin' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadyAdmin);
    given(...live())
      .when({ type: 'AddAdmin', by: 'admin', uid: 'owner' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetOwner);
    given(...live())
      .when({ type: 'RemoveAdmin', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notAdmin);
    given(...live(), joined('x'), blocked('x'))
      .when({ type: 'AddAdmin', by: 'owner', uid: 'x' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadyBlocked);
  });

  it('block: removes the user from the lobby, stage and admins; not the owner, oneself or the main host; not twice', () => {
    const s = given(...live())
      .when({ type: 'BlockUser', by: 'owner', uid: 'co', reason: 'spam' })
      .stateAfter();
    expect(s.members.has('co')).toBe(false);
    expect(s.seats.includes('co')).toBe(false);
    expect(s.blacklist.co?.reason).toBe('spam');
    expect(
      given(...live())
        .when({ type: 'BlockUser', by: 'owner', uid: 'admin', reason: 'x' })
        .stateAfter().admins,
    ).toEqual([]);
    given(...live())
      .when({ type: 'BlockUser', by: 'admin', uid: 'owner', reason: 'x' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetOwner);
    given(...live())
      .when({ type: 'BlockUser', by: 'admin', uid: 'admin', reason: 'x' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetSelf);
    const hosted = [
      ...live(),
      { type: 'MainHostSwitched', data: { lobbyId: L, fromUid: 'owner', toUid: 'co', fromUidSeat: 1, by: 'owner', at: now } } as LobbyEvent,
    ];
    given(...hosted)
      .when({ type: 'BlockUser', by: 'admin', uid: 'co', reason: 'x' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetHost);
    given(...live(), blocked('aud'))
      .when({ type: 'BlockUser', by: 'owner', uid: 'aud', reason: 'x' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadyBlocked);
    given(...live())
      .when({ type: 'UnblockUser', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notBlocked);
  });

  it('silence once; unsilence only the silenced', () => {
    given(...live(), silenced('aud'))
      .when({ type: 'SilenceUser', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadySilenced);
    given(...live())
      .when({ type: 'UnsilenceUser', by: 'owner', uid: 'aud' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notSilenced);
    given(...live())
      .when({ type: 'SilenceUser', by: 'admin', uid: 'owner' })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetOwner);
  });

  it('kick removes someone inside, who may come back', () => {
    const s = given(...live())
      .when({ type: 'KickUser', by: 'admin', uid: 'co' })
      .stateAfter();
    expect(s.members.has('co')).toBe(false);
    expect(s.blacklist.co).toBeUndefined();
    given(...live())
      .when({ type: 'KickUser', by: 'admin', uid: 'stranger' })
      .thenThrows('NOT_FOUND', 'This user is not in the lobby.');
    given(...live())
      .when({ type: 'KickUser', by: 'admin', uid: 'owner' })
      .thenThrows('RULE_VIOLATED', 'The lobby owner cannot be changed by this action.');
  });

  it('pin and unpin a message', () => {
    const pinned = given(...live())
      .when({ type: 'PinMessage', by: 'owner', message: 'Be kind' })
      .stateAfter();
    expect(pinned.pinned).toBe('Be kind');
    given(...live(), { type: 'LobbyMessagePinned', data: { lobbyId: L, message: 'Be kind', by: 'owner', at: now } })
      .when({ type: 'PinMessage', by: 'owner', message: 'Be kind' })
      .thenNothing();
    given(...live(), { type: 'LobbyMessagePinned', data: { lobbyId: L, message: 'Be kind', by: 'owner', at: now } })
      .when({ type: 'PinMessage', by: 'admin', message: null })
      .then([{ type: 'LobbyMessagePinned', data: { lobbyId: L, message: null, by: 'admin', at: now } }]);
  });
});

// ---------------------------------------------------------------- rooms

const R = 'room1';
const lobbyView = (over: Partial<{ open: boolean; member: boolean; staff: boolean }> = {}) => ({
  open: true,
  member: true,
  staff: false,
  ...over,
});
const roomCreated = (requiredBalance = 0): RoomEvent => ({
  type: 'RoomCreated',
  data: {
    roomId: R,
    lobbyId: L,
    hostUid: 'rh',
    title: 'Chat',
    mins: 15,
    roomBannerPhoto: null,
    requiredBalance,
    inviteKey: 'key',
    createdAt: now,
  },
});
const roomJoined = (uid: string, paidDiamonds = 0): RoomEvent => ({
  type: 'RoomJoined',
  data: { roomId: R, lobbyId: L, uid, paidDiamonds, joinedAt: now },
});
const roomStarted: RoomEvent = {
  type: 'RoomStarted',
  data: { roomId: R, lobbyId: L, by: 'rh', startedAt: now, endsAt: '2026-11-22T10:15:00.000Z' },
};
type RoomCmd = RoomCommand extends infer C ? (C extends RoomCommand ? Omit<C, 'now'> : never) : never;
const givenRoom = DeciderSpecification.for({
  ...roomDecider,
  decide: (command: RoomCmd & { now?: string }, state: RoomState) => decideRoom({ now, ...command } as RoomCommand, state),
});

describe('private timed rooms', () => {
  it('a lobby member creates a room; an outsider or a closed lobby cannot', () => {
    const body = CreateRoomBody.parse({ title: 'Late 🌙 chat' });
    expect(body.mins).toBe(15);
    expect(
      givenRoom().when({ type: 'CreateRoom', roomId: R, lobbyId: L, hostUid: 'rh', body, inviteKey: 'key', lobby: lobbyView() }).decided(),
    ).toEqual([
      {
        type: 'RoomCreated',
        data: {
          roomId: R,
          lobbyId: L,
          hostUid: 'rh',
          title: 'Late 🌙 chat',
          mins: 15,
          roomBannerPhoto: null,
          requiredBalance: 0,
          inviteKey: 'key',
          createdAt: now,
        },
      },
    ]);
    givenRoom()
      .when({ type: 'CreateRoom', roomId: R, lobbyId: L, hostUid: 'rh', body, inviteKey: 'k', lobby: lobbyView({ member: false }) })
      .thenThrows('FORBIDDEN', 'You are not in this lobby.');
    givenRoom()
      .when({ type: 'CreateRoom', roomId: R, lobbyId: L, hostUid: 'rh', body, inviteKey: 'k', lobby: lobbyView({ open: false }) })
      .thenThrows('RULE_VIOLATED', 'This lobby has ended.');
    expect(CreateRoomBody.safeParse({ title: 'no!' }).success).toBe(false);
    expect(CreateRoomBody.safeParse({ title: 'ok', mins: 20 }).success).toBe(false);
    for (const mins of [15, 30, 60, 120]) expect(CreateRoomBody.safeParse({ title: 'ok', mins }).success).toBe(true);
  });

  it('join: inside the lobby or with the key; the fee is due once; one-on-one', () => {
    expect(givenRoom(roomCreated()).when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView() }).decided()).toEqual(
      [roomJoined('g')],
    );
    expect(
      givenRoom(roomCreated())
        .when({ type: 'JoinRoom', uid: 'g', key: 'key', paidDiamonds: 0, lobby: lobbyView({ member: false }) })
        .decided(),
    ).toHaveLength(1);
    givenRoom(roomCreated())
      .when({ type: 'JoinRoom', uid: 'g', key: 'bad', paidDiamonds: 0, lobby: lobbyView() })
      .thenThrows('NOT_FOUND', texts.invalidInvite);
    givenRoom(roomCreated())
      .when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView({ member: false }) })
      .thenThrows('FORBIDDEN', 'You are not in this lobby.');
    givenRoom(roomCreated(30))
      .when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView() })
      .thenThrows('INSUFFICIENT_BALANCE', 'Invalid required balance');
    expect(
      givenRoom(roomCreated(30)).when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 30, lobby: lobbyView() }).decided(),
    ).toEqual([roomJoined('g', 30)]);
    givenRoom(roomCreated(), roomJoined('g'))
      .when({ type: 'JoinRoom', uid: 'h', key: null, paidDiamonds: 0, lobby: lobbyView() })
      .thenThrows('RULE_VIOLATED', lobbyTexts.roomFull);
    expect(
      givenRoom(roomCreated(), roomJoined('g'))
        .when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView() })
        .decided(),
    ).toEqual([]);
    givenRoom()
      .when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView() })
      .thenThrows('NOT_FOUND', 'This room does not exist.');
    givenRoom(roomCreated())
      .when({ type: 'JoinRoom', uid: 'g', key: null, paidDiamonds: 0, lobby: lobbyView({ open: false }) })
      .thenThrows('RULE_VIOLATED', 'This lobby has ended.');
  });

  it('start: the room host or lobby staff, once; ends at start + mins', () => {
    expect(givenRoom(roomCreated()).when({ type: 'StartRoom', by: 'rh', lobby: lobbyView() }).decided()).toEqual([roomStarted]);
    expect(
      givenRoom(roomCreated())
        .when({ type: 'StartRoom', by: 'admin', lobby: lobbyView({ staff: true }) })
        .decided(),
    ).toHaveLength(1);
    givenRoom(roomCreated(), roomJoined('g'))
      .when({ type: 'StartRoom', by: 'g', lobby: lobbyView() })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    givenRoom(roomCreated(), roomStarted)
      .when({ type: 'StartRoom', by: 'rh', lobby: lobbyView() })
      .thenThrows('RULE_VIOLATED', lobbyTexts.roomAlreadyStarted);
  });

  it('end: by the host or staff; a room ended before starting is inactive; not twice', () => {
    const [e] = givenRoom(roomCreated(), roomStarted).when({ type: 'EndRoom', by: 'rh', lobby: lobbyView() }).decided();
    expect(e).toMatchObject({ type: 'RoomEnded', data: { reason: 'ended', status: 'ended', by: 'rh' } });
    expect(
      givenRoom(roomCreated())
        .when({ type: 'EndRoom', by: 'staff', lobby: lobbyView({ staff: true }) })
        .decided()[0],
    ).toMatchObject({
      data: { status: 'inactive' },
    });
    givenRoom(roomCreated())
      .when({ type: 'EndRoom', by: 'g', lobby: lobbyView() })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    const endedRoom: RoomEvent = {
      type: 'RoomEnded',
      data: { roomId: R, lobbyId: L, by: 'rh', reason: 'ended', status: 'ended', endedAt: now },
    };
    givenRoom(roomCreated(), roomStarted, endedRoom)
      .when({ type: 'EndRoom', by: 'rh', lobby: lobbyView() })
      .thenThrows('RULE_VIOLATED', lobbyTexts.roomClosed);
  });

  it('expire: nothing before the end time or before start; ended at the end time', () => {
    expect(givenRoom(roomCreated(), roomStarted).when({ type: 'ExpireRoom', now: '2026-11-22T10:14:59.000Z' }).decided()).toEqual([]);
    expect(givenRoom(roomCreated()).when({ type: 'ExpireRoom', now: '2026-11-22T11:00:00.000Z' }).decided()).toEqual([]);
    expect(givenRoom(roomCreated(), roomStarted).when({ type: 'ExpireRoom', now: '2026-11-22T10:15:00.000Z' }).decided()).toEqual([
      {
        type: 'RoomEnded',
        data: { roomId: R, lobbyId: L, by: null, reason: 'time_up', status: 'ended', endedAt: '2026-11-22T10:15:00.000Z' },
      },
    ]);
  });

  it('the lobby ended: an open room is terminated; an ended one stays', () => {
    expect(givenRoom(roomCreated()).when({ type: 'CloseRoomWithLobby' }).decided()[0]).toMatchObject({
      data: { reason: 'lobby_ended', status: 'terminated' },
    });
    const endedRoom: RoomEvent = {
      type: 'RoomEnded',
      data: { roomId: R, lobbyId: L, by: 'rh', reason: 'ended', status: 'ended', endedAt: now },
    };
    expect(givenRoom(roomCreated(), endedRoom).when({ type: 'CloseRoomWithLobby' }).decided()).toEqual([]);
  });

  it('silence in a room: host or staff, never the host, not twice', () => {
    expect(
      givenRoom(roomCreated(), roomJoined('g')).when({ type: 'SilenceRoomUser', by: 'rh', uid: 'g', lobby: lobbyView() }).decided(),
    ).toHaveLength(1);
    givenRoom(roomCreated(), roomJoined('g'))
      .when({ type: 'SilenceRoomUser', by: 'g', uid: 'rh', lobby: lobbyView() })
      .thenThrows('FORBIDDEN', 'You do not have permissions to access this page.');
    givenRoom(roomCreated())
      .when({ type: 'SilenceRoomUser', by: 'staff', uid: 'rh', lobby: lobbyView({ staff: true }) })
      .thenThrows('RULE_VIOLATED', lobbyTexts.cannotTargetHost);
    const s: RoomEvent = { type: 'RoomUserSilenced', data: { roomId: R, lobbyId: L, uid: 'g', by: 'rh', at: now } };
    givenRoom(roomCreated(), roomJoined('g'), s)
      .when({ type: 'SilenceRoomUser', by: 'rh', uid: 'g', lobby: lobbyView() })
      .thenThrows('RULE_VIOLATED', lobbyTexts.alreadySilenced);
    expect(
      givenRoom(roomCreated(), roomJoined('g'), s).when({ type: 'UnsilenceRoomUser', by: 'rh', uid: 'g', lobby: lobbyView() }).decided(),
    ).toHaveLength(1);
    givenRoom(roomCreated(), roomJoined('g'))
      .when({ type: 'UnsilenceRoomUser', by: 'rh', uid: 'g', lobby: lobbyView() })
      .thenThrows('RULE_VIOLATED', lobbyTexts.notSilenced);
  });
});

// ---------------------------------------------------------------- chat

describe('chat', () => {
  const post = (at: string, over: Partial<PostChat> = {}): PostChat => ({
    type: 'PostChat',
    now: at,
    lobbyId: L,
    roomId: null,
    messageId: `m-${at}`,
    uid: 'u',
    messageType: 'text',
    title: null,
    body: 'hi',
    member: true,
    silenced: false,
    open: true,
    ...over,
  });
  const givenChat = DeciderSpecification.for(chatDecider);
  const posted = (times: string[]) =>
    times.reduce<ChatEvent[]>(
      (events, t) => [
        ...events,
        ...givenChat(...events)
          .when(post(t))
          .decided(),
      ],
      [],
    );

  it('5 messages per 10 s per user per lobby; the 6th is refused with the spec text', () => {
    const base = Date.parse(now);
    const times = [0, 1, 2, 3, 4].map((i) => new Date(base + i * 1000).toISOString());
    const s = posted(times);
    givenChat(...s)
      .when(post(new Date(base + 5000).toISOString()))
      .thenThrows('RATE_LIMITED', 'You are sending messages too quickly.');
    expect(
      givenChat(...s)
        .when(post(new Date(base + 10_001).toISOString()))
        .decided(),
    ).toHaveLength(1);
  });

  it('counts in the configured window (CHAT_WINDOW_MS) when the command carries one', () => {
    const base = Date.parse(now);
    const times = [0, 100, 200, 300, 400].map((ms) => new Date(base + ms).toISOString());
    const s = posted(times);
    givenChat(...s)
      .when({ ...post(new Date(base + 999).toISOString()), windowMs: 1_000 })
      .thenThrows('RATE_LIMITED', 'You are sending messages too quickly.');
    const later = new Date(base + 1_001).toISOString();
    givenChat(...s)
      .when({ ...post(later), windowMs: 1_000 })
      .then([
        {
          type: 'ChatMessagePosted',
          data: {
            lobbyId: L,
            roomId: null,
            messageId: `m-${later}`,
            uid: 'u',
            messageType: 'text',
            title: null,
            body: 'hi',
            postedAt: later,
          },
        },
      ]);
  });

  it('refuses outsiders, silenced users and closed lobbies', () => {
    const s: ChatEvent[] = [];
    givenChat(...s)
      .when(post(now, { member: false }))
      .thenThrows('FORBIDDEN', lobbyTexts.notInLobby);
    givenChat(...s)
      .when(post(now, { silenced: true }))
      .thenThrows('FORBIDDEN', lobbyTexts.silenced);
    givenChat(...s)
      .when(post(now, { open: false }))
      .thenThrows('RULE_VIOLATED', lobbyTexts.lobbyClosed);
    givenChat(...s)
      .when(post(now, { open: false, roomId: R }))
      .thenThrows('RULE_VIOLATED', lobbyTexts.roomClosed);
  });

  it('carries stickers, emojis and GIF references', () => {
    const [e] = givenChat()
      .when(post(now, { messageType: 'gif', body: '/gifs/lol.gif' }))
      .decided();
    expect(e!.data).toMatchObject({ lobbyId: L, roomId: null, uid: 'u', messageType: 'gif', body: '/gifs/lol.gif', postedAt: now });
    expect(
      givenChat()
        .when(post(now, { messageType: 'gif', body: 'https://media.tenor.com/a/b.gif' }))
        .decided(),
    ).toHaveLength(1);
    expect(
      givenChat()
        .when(post(now, { messageType: 'sticker', body: '/gifs/cat.svg' }))
        .decided(),
    ).toHaveLength(1);
    expect(
      givenChat()
        .when(post(now, { messageType: 'sticker', body: '🐱' }))
        .decided(),
    ).toHaveLength(1);
  });

  it("refuses GIFs from unsafe addresses and pictures that are not the sender's chat uploads", () => {
    const s: ChatEvent[] = [];
    for (const body of [
      'javascript:alert(1)',
      'http://tracker.example/p.gif',
      'data:image/gif;base64,R0lG',
      '/gifs/../secret.gif',
      'gif:xyz',
    ]) {
      givenChat(...s)
        .when(post(now, { messageType: 'gif', body }))
        .thenThrows('VALIDATION_FAILED', lobbyTexts.chatMediaInvalid);
    }
    givenChat(...s)
      .when(post(now, { messageType: 'sticker', body: '<img src=x>' }))
      .thenThrows('VALIDATION_FAILED', lobbyTexts.chatMediaInvalid);
    givenChat(...s)
      .when(post(now, { messageType: 'image', body: 'someone-else/chat/a.png' }))
      .thenThrows('VALIDATION_FAILED', lobbyTexts.chatMediaInvalid);
    givenChat(...s)
      .when(post(now, { messageType: 'image', body: 'u/profile/a.png' }))
      .thenThrows('VALIDATION_FAILED', lobbyTexts.chatMediaInvalid);
    expect(
      givenChat(...s)
        .when(post(now, { messageType: 'image', body: 'u/chat/3f1c.png' }))
        .decided(),
    ).toHaveLength(1);
  });
});

describe('state after events', () => {
  it('tracks presence-free membership: a blocked admin loses the admin role', () => {
    const s = given(...live(), blocked('admin')).state;
    expect(s.admins).toEqual([]);
    expect(s.members.keys().sort()).toEqual(['aud', 'co', 'owner']);
  });
});
