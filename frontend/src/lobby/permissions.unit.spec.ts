import { describe, expect, it } from 'vitest';
import { memberActions, seatLabel } from './permissions.ts';

const lobby = { ownerUid: 'owner', hostUid: 'host', adminUids: ['admin'] };
const seated = (uid: string, muted = false) => ({ uid, seat: 2, muted, role: 'cohost' as const });
const audience = (uid: string, silenced = false) => ({ uid, seat: null, muted: false, role: 'audience' as const, silenced });

describe('member menu permissions (docs/decisions/lobbies.md)', () => {
  it('an audience member only sees Profile on others', () => {
    expect(memberActions(lobby, { uid: 'fan' }, seated('co'))).toEqual(['profile']);
    expect(memberActions(lobby, { uid: null }, audience('x'))).toEqual(['profile']);
  });

  it('the host manages a seated co-host: unseat, mic, silence', () => {
    expect(memberActions(lobby, { uid: 'host' }, seated('co'))).toEqual([
      'profile',
      'unseat',
      'micOff',
      'silence',
      'kick',
      'block',
      'setHost',
      'setAdmin',
    ]);
  });

  it('the host invites an audience member to the stage, and unsilences a silenced one', () => {
    expect(memberActions(lobby, { uid: 'host' }, audience('fan'))).toEqual([
      'profile',
      'silence',
      'kick',
      'block',
      'invite',
      'setHost',
      'setAdmin',
    ]);
    expect(memberActions(lobby, { uid: 'host' }, audience('fan', true))).toEqual([
      'profile',
      'unsilence',
      'kick',
      'block',
      'invite',
      'setHost',
      'setAdmin',
    ]);
  });

  it('an admin can remove an admin but never kick, block or silence the owner', () => {
    expect(memberActions(lobby, { uid: 'admin' }, audience('owner'))).toEqual(['profile', 'invite', 'setHost']);
    expect(memberActions({ ...lobby, adminUids: ['admin', 'a2'] }, { uid: 'host' }, audience('a2'))).toContain('removeAdmin');
  });

  it('the main host is never silenced (switch the host first)', () => {
    expect(memberActions(lobby, { uid: 'admin' }, { uid: 'host', seat: 0, muted: false, role: 'host' })).not.toContain('silence');
  });

  it('a seated member can turn their own mic on and off and leave the seat', () => {
    expect(memberActions(lobby, { uid: 'co' }, seated('co'))).toEqual(['profile', 'micOff', 'leaveSeat']);
    expect(memberActions(lobby, { uid: 'co' }, seated('co', true))).toEqual(['profile', 'micOn', 'leaveSeat']);
  });
});

describe('seat labels', () => {
  it('names the main host Host and every other seated member Speaker', () => {
    expect(seatLabel(lobby, { uid: 'host' })).toBe('Host');
    expect(seatLabel(lobby, { uid: 'co' })).toBe('Speaker');
    expect(seatLabel(lobby, { uid: 'owner' })).toBe('Speaker');
  });
});
