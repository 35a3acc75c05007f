import { describe, expect, it } from 'vitest';
import { toLobbyCard, toLobbyDetails, toPaged } from './lobbyApi.ts';

// Shapes as query-api's GET lobbies and GET lobbies/{id} answer them.
const summary = {
  lobbyId: 'l1', title: 'Night talk', name: 'Night talk', tag: 'chill', description: 'hi', languages: ['ENG', 'ES'], lobbyPhoto: null,
  mainCategoryId: 'karaoke', backgroundId: 'bg-neon', isLive: true, kind: 'public', status: 'started', requiredDiamonds: 50,
  ownerUid: 'owner', hostUid: 'host', userCount: 3, remainingSlots: 6, createdAt: '2026-01-01T00:00:00.000Z',
};

describe('lobby read models as the pages use them', () => {
  it('reads a lobby card with its host and user count', () => {
    const paged = toPaged({ items: [{ ...summary, host: { uid: 'host', username: 'Ada', profilePicUrl: null } }], meta: { currentPage: 1, totalPages: 1, totalItems: 1, itemCount: 1 } }, toLobbyCard);
    expect(paged.items[0]).toMatchObject({ lobbyId: 'l1', usersCount: 3, tag: 'chill', languages: ['ENG', 'ES'], requiredDiamonds: 50, host: { uid: 'host', username: 'Ada' } });
    expect(paged.meta.totalItems).toBe(1);
  });

  it('reads members, roles, seats, admins and the mic queue of a lobby', () => {
    const lobby = toLobbyDetails({
      ...summary,
      users: [
        { uid: 'host', username: 'Ada', profilePicUrl: null, role: 'host', roleCodes: ['o', 'h', 'co'], seat: 0, presence: 'active', muted: false, silenced: false },
        { uid: 'co', username: 'Bo', profilePicUrl: null, role: 'cohost', roleCodes: ['lad', 'co'], seat: 1, presence: 'online', muted: true, silenced: false },
        { uid: 'fan', username: 'Cy', profilePicUrl: null, role: 'audience', roleCodes: ['g'], seat: null, presence: 'offline', muted: false, silenced: false },
      ],
      queueRequests: [{ uid: 'fan', username: 'Cy', profilePicUrl: null }],
      admins: ['co'],
      seats: Array.from({ length: 8 }, (_, seat) => ({ seat, user: null })),
      rooms: [],
      me: { uid: 'fan', inside: true, isStaff: false, blocked: false },
      ownerUid: 'host',
    });
    expect(lobby.hostUid).toBe('host');
    expect(lobby.cohostUids).toEqual(['co']);
    expect(lobby.adminUids).toEqual(['co']);
    expect(lobby.seatCount).toBe(8);
    expect(lobby.queue.map((q) => q.uid)).toEqual(['fan']);
    expect(lobby.members.find((m) => m.uid === 'co')).toMatchObject({ role: 'cohost', seat: 1, muted: true, isAdmin: true });
    expect(lobby.members.find((m) => m.uid === 'host')?.isOwner).toBe(true);
    expect(lobby.viewer).toEqual({ uid: 'fan', inside: true, isStaff: false, blocked: false });
  });
});
