import { LobbyDetail } from '@murmur/contracts/lobbies';
import { describe, expect, it } from 'vitest';
import { lobbyView } from './lobbyApi.ts';

// A lobby detail as query-api's GET lobbies/{id} answers it (its contracts DTO).
const member = (
  uid: string,
  role: 'host' | 'cohost' | 'audience',
  seat: number | null,
  roleCodes: LobbyDetail['users'][number]['roleCodes'],
) => ({
  uid,
  username: uid.toUpperCase(),
  profilePicUrl: null,
  role,
  roleCodes,
  seat,
  presence: 'active' as const,
  muted: false,
  silenced: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
});
const host = member('host', 'host', 0, ['o', 'h', 'co']);
const cohost = { ...member('co', 'cohost', 1, ['lad', 'co']), muted: true };
const fan = member('fan', 'audience', null, ['g']);
const detail = LobbyDetail.parse({
  lobbyId: 'l1',
  title: 'Night talk',
  name: 'Night talk',
  tag: 'chill',
  description: 'hi',
  languages: ['ENG', 'ES'],
  lobbyPhoto: null,
  mainCategoryId: 'karaoke',
  backgroundId: 'bg-neon',
  isLive: true,
  kind: 'public',
  status: 'started',
  requiredDiamonds: 50,
  ownerUid: 'host',
  hostUid: 'host',
  userCount: 3,
  remainingSlots: 6,
  createdAt: '2026-01-01T00:00:00.000Z',
  owner: { uid: 'host', username: 'HOST', profilePicUrl: null },
  host,
  cohosts: [cohost],
  users: [host, cohost, fan],
  seats: Array.from({ length: 8 }, (_, seat) => ({ seat, user: [host, cohost].find((m) => m.seat === seat) ?? null })),
  queueRequests: [{ uid: 'fan', username: 'FAN', profilePicUrl: null }],
  admins: ['co'],
  pinnedMessage: null,
  rooms: [],
  me: { uid: 'fan', inside: true, isStaff: false, blocked: false },
  endedAt: null,
});

describe('the lobby view the page reads', () => {
  it('names co-hosts, admins, the owner, the seat count and the mic queue from the detail', () => {
    const lobby = lobbyView(detail);
    expect(lobby.hostUid).toBe('host');
    expect(lobby.cohostUids).toEqual(['co']);
    expect(lobby.adminUids).toEqual(['co']);
    expect(lobby.seatCount).toBe(8);
    expect(lobby.queue.map((q) => q.uid)).toEqual(['fan']);
    expect(lobby.members.find((m) => m.uid === 'co')).toMatchObject({
      role: 'cohost',
      seat: 1,
      muted: true,
      isAdmin: true,
      isOwner: false,
    });
    expect(lobby.members.find((m) => m.uid === 'host')).toMatchObject({ isOwner: true, isAdmin: false });
    expect(lobby.viewer).toEqual({ uid: 'fan', inside: true, isStaff: false, blocked: false });
    expect(lobby.userCount).toBe(3);
  });
});
