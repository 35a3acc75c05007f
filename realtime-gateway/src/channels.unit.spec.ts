// Which channels an event reaches and what of it a client sees.
import type { RecordedEvent } from '@murmur/eventstore';
import { describe, expect, it } from 'vitest';
import { channelsOf, toRealtimeEvent } from './channels.ts';

let position = 0n;
function recorded(streamId: string, type: string, data: Record<string, unknown>): RecordedEvent {
  position++;
  return {
    globalPosition: position,
    transactionId: 1000n + position,
    streamId,
    streamVersion: 1n,
    type,
    schemaVersion: 1,
    data,
    metadata: { clientIpHash: 'secret-ip' },
    createdAt: new Date('2026-02-14T12:00:00.000Z'),
  };
}

describe('channelsOf', () => {
  it('sends a gift in a lobby to the lobby, to each recipient in the lobby and to the users involved', () => {
    const gift = recorded('wallet-alice', 'GiftSent', { senderUid: 'alice', recipients: ['host', 'co'], lobbyId: 'L' });
    expect(channelsOf(gift).sort()).toEqual(
      ['lobbies/L/events/all', 'lobbies/L/events/uid/co', 'lobbies/L/events/uid/host', 'users/alice', 'users/co', 'users/host'].sort(),
    );
  });

  it('keeps a gift in a private room inside the room', () => {
    const gift = recorded('wallet-alice', 'GiftSent', { senderUid: 'alice', recipients: ['host'], lobbyId: 'L', roomId: 'R' });
    expect(channelsOf(gift)).toContain('rooms/R/events/all');
    expect(channelsOf(gift)).not.toContain('lobbies/L/events/all');
  });

  it('keeps other wallet, profile and session events on their owner channel only', () => {
    expect(channelsOf(recorded('wallet-bob', 'DiamondsSpent', { uid: 'bob', reason: 'lobby_entry', lobbyId: 'L' }))).toEqual(['users/bob']);
    expect(channelsOf(recorded('user-bob', 'UserSignedIn', { uid: 'bob' }))).toEqual(['users/bob']);
  });

  it('tells the lobbies a user is in what they now wear, and nothing of their wallet', () => {
    const worn = recorded('wallet-bob', 'AppearanceChanged', {
      uid: 'bob',
      frameId: 'frame-gold',
      badgeIds: [],
      lobbyIds: ['L1', 'L2'],
      changedAt: 'now',
    });
    expect(channelsOf(worn).sort()).toEqual(['lobbies/L1/events/all', 'lobbies/L2/events/all', 'users/bob']);
  });

  it('publishes global leaderboard changes on their public channel', () => {
    expect(channelsOf(recorded('leaderboard-global', 'LeaderboardChanged', { board: 'global' }))).toEqual(['leaderboards/global']);
  });

  it('maps lobby, room, presence and chat streams', () => {
    expect(channelsOf(recorded('lobby-L', 'MicGranted', { lobbyId: 'L', uid: 'u', seat: 2 })).sort()).toEqual([
      'lobbies/L/events/all',
      'lobbies/L/events/uid/u',
    ]);
    expect(channelsOf(recorded('room-R', 'RoomJoined', { roomId: 'R', lobbyId: 'L', uid: 'u' })).sort()).toEqual([
      'rooms/R/events/all',
      'users/u',
    ]);
    expect(channelsOf(recorded('room-R', 'RoomEnded', { roomId: 'R', lobbyId: 'L' })).sort()).toEqual([
      'lobbies/L/events/all',
      'rooms/R/events/all',
    ]);
    expect(channelsOf(recorded('presence-L', 'PresenceChanged', { lobbyId: 'L', uid: 'u', presence: 'online' })).sort()).toEqual([
      'lobbies/L/events/all',
      'lobbies/L/users/u',
    ]);
    expect(channelsOf(recorded('chat-L-u', 'ChatMessagePosted', { lobbyId: 'L', roomId: null, uid: 'u' }))).toEqual([
      'lobbies/L/events/all',
    ]);
    expect(channelsOf(recorded('thread-a~b', 'DirectMessageSent', { senderUid: 'a', recipientUid: 'b' })).sort()).toEqual([
      'users/a',
      'users/b',
    ]);
    expect(channelsOf(recorded('payment-p1', 'PaymentInitiated', { uid: 'x', amount: 10 }))).toEqual(['users/x']);
  });

  it('tells the followee about a follow, and nobody else', () => {
    expect(channelsOf(recorded('social-a', 'Followed', { followerUid: 'a', followeeUid: 'b' })).sort()).toEqual(['users/a', 'users/b']);
    expect(channelsOf(recorded('social-a', 'UserBlocked', { blockerUid: 'a', blockedUid: 'b' }))).toEqual(['users/a']);
  });
});

describe('toRealtimeEvent', () => {
  it('gives the spec shape for gift_sent and user_joined and never metadata or secrets', () => {
    const gift = toRealtimeEvent(recorded('wallet-alice', 'GiftSent', { senderUid: 'alice', recipients: ['host'], lobbyId: 'L' }));
    expect(gift.realtime).toEqual({
      timestamp: Date.parse('2026-02-14T12:00:00.000Z'),
      recipients: ['host'],
      uid: 'alice',
      type: 'gift_sent',
    });
    const joined = toRealtimeEvent(recorded('lobby-L', 'LobbyJoined', { lobbyId: 'L', uid: 'zed', inviteId: 'inv-1' }));
    expect(joined.realtime).toEqual({ timestamp: Date.parse('2026-02-14T12:00:00.000Z'), recipients: [], uid: 'zed', type: 'user_joined' });
    expect(joined.data).toEqual({ lobbyId: 'L', uid: 'zed' });
    const room = toRealtimeEvent(recorded('room-R', 'RoomCreated', { roomId: 'R', inviteKey: 'k', title: 't' }));
    expect(room.data).toEqual({ roomId: 'R', title: 't' });
    expect(JSON.stringify(room)).not.toContain('secret-ip');
    expect(toRealtimeEvent(recorded('lobby-L', 'MicMuted', { lobbyId: 'L' })).realtime).toBeUndefined();
  });

  it('sends only the allow-listed fields: no e-mail, payment reference, address, session or new field', () => {
    const registered = toRealtimeEvent(
      recorded('user-bob', 'UserRegistered', {
        uid: 'bob',
        username: 'bob',
        email: 'bob@example.com',
        walletAddress: '0xabc',
        providerSubject: 'sub-1',
        visitorId: 'v-1',
        deviceInfo: { os: 'x' },
      }),
    );
    expect(registered.data).toEqual({ uid: 'bob', username: 'bob' });
    const signedIn = toRealtimeEvent(
      recorded('user-bob', 'UserSignedIn', { uid: 'bob', sessionId: 'sess-1', method: 'email', visitorId: 'v-1', signedInAt: 't' }),
    );
    expect(signedIn.data).toEqual({ uid: 'bob', method: 'email', signedInAt: 't' });
    const paid = toRealtimeEvent(
      recorded('payment-p1', 'PaymentConfirmed', {
        paymentId: 'p1',
        uid: 'bob',
        providerRef: 'pi_secret',
        txHash: '0xdead',
        diamonds: 100,
      }),
    );
    expect(paid.data).toEqual({ paymentId: 'p1', uid: 'bob', diamonds: 100 });
    const withdrawn = toRealtimeEvent(
      recorded('earnings-bob', 'CharmWithdrawn', { withdrawalId: 'w', uid: 'bob', charm: 5, address: 'GCASH-0917', proofUrl: 'https://x' }),
    );
    expect(withdrawn.data).toEqual({ withdrawalId: 'w', uid: 'bob', charm: 5 });
    // A field added to an event later is not sent until it is allow-listed.
    const gift = toRealtimeEvent(recorded('wallet-a', 'GiftSent', { senderUid: 'a', recipients: ['h'], lobbyId: 'L', senderIpHash: 'h1' }));
    expect(gift.data).toEqual({ senderUid: 'a', recipients: ['h'], lobbyId: 'L' });
  });

  it('sends events without public fields, or of a type the registry does not know, nowhere', () => {
    expect(channelsOf(recorded('social-a', 'UserReported', { reporterUid: 'a', reportedUid: 'b', reason: 'spam' }))).toEqual([]);
    expect(channelsOf(recorded('referral-settlement-w1-a', 'ReferralPayoutSettled', { uid: 'a', weekId: 'w1' }))).toEqual([]);
    expect(channelsOf(recorded('lobby-L', 'SomethingNew', { lobbyId: 'L', uid: 'u' }))).toEqual([]);
  });
});
