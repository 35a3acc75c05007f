import { describe, expect, it } from 'vitest';
import { memberActions } from './permissions.ts';

const lobby = { ownerUid: 'owner', hostUid: 'host', adminUids: ['admin'] };
const seated = (uid: string, muted = false) => ({ uid, seat: 2, muted, role: 'cohost' as const });
const audience = (uid: string) => ({ uid, seat: null, muted: false, role: 'audience' as const });

describe('member menu permissions (spec section 6)', () => {
  it('an audience member only sees Profile on others', () => {
    expect(memberActions(lobby, { uid: 'fan' }, seated('co'))).toEqual(['profile']);
    expect(memberActions(lobby, { uid: null }, audience('x'))).toEqual(['profile']);
  });

  it('the host manages a seated cohost', () => {
    expect(memberActions(lobby, { uid: 'host' }, seated('co'))).toEqual(['profile', 'unseat', 'micOff', 'kick', 'block', 'setHost', 'setAdmin']);
  });

  it('the host invites an audience member to the stage', () => {
    expect(memberActions(lobby, { uid: 'host' }, audience('fan'))).toEqual(['profile', 'kick', 'block', 'invite', 'setHost', 'setAdmin']);
  });

  it('an admin can remove an admin but never kick or block the owner', () => {
    expect(memberActions(lobby, { uid: 'admin' }, audience('owner'))).toEqual(['profile', 'invite', 'setHost']);
    expect(memberActions({ ...lobby, adminUids: ['admin', 'a2'] }, { uid: 'host' }, audience('a2'))).toContain('removeAdmin');
  });

  it('a seated member can turn their own mic on and off', () => {
    expect(memberActions(lobby, { uid: 'co' }, seated('co'))).toEqual(['profile', 'micOff']);
    expect(memberActions(lobby, { uid: 'co' }, seated('co', true))).toEqual(['profile', 'micOn']);
  });
});
