// A private lobby, its rooms and its chat are read by the people the
// gateway's channels let in, and its invite ids by its staff alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get } = actors(() => stack);

describe('reads of a private lobby', () => {
  it('shows the lobby, its rooms, its chat and a room to its members only', async () => {
    const { body: lobby } = await post('pr-owner', '/lobbies', { title: 'Inner circle', kind: 'private' });
    const lobbyId = lobby.lobbyId as string;
    const invite = await post('pr-owner', `/lobbies/${lobbyId}/invites`);
    expect((await post('pr-member', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`)).status).toBeLessThan(300);
    const said = await post('pr-member', `/lobbies/${lobbyId}/chat`, { payload: { body: 'secret plans' } });
    expect(said.status).toBeLessThan(300);
    const room = await post('pr-owner', `/lobbies/${lobbyId}/rooms`, { title: 'Back room' });
    const roomId = room.body.roomId as string;
    const roomSaid = await post('pr-owner', `/lobbies/${lobbyId}/rooms/${roomId}/chat`, { payload: { body: 'more secrets' } });
    expect(roomSaid.status).toBeLessThan(300);
    const position = roomSaid.body.position as string;

    // The people inside read everything.
    expect((await get('pr-member', `/lobbies/${lobbyId}/chat`, position)).body.items[0].payload.body).toBe('secret plans');
    expect((await get('pr-member', `/lobbies/${lobbyId}`, position)).status).toBe(200);
    expect((await get('pr-member', `/lobbies/${lobbyId}/rooms`, position)).body.items).toHaveLength(1);
    expect((await get('pr-owner', `/rooms/${roomId}`, position)).body.users.map((u: { uid: string }) => u.uid)).toEqual(['pr-owner']);
    expect((await get('pr-owner', `/lobbies/${lobbyId}/chat?roomId=${roomId}`, position)).body.items[0].payload.body).toBe('more secrets');

    // A visitor is asked to sign in; a signed-in stranger is refused; neither sees a word.
    for (const path of [
      `/lobbies/${lobbyId}`,
      `/lobbies/${lobbyId}/chat`,
      `/lobbies/${lobbyId}/chat?roomId=${roomId}`,
      `/lobbies/${lobbyId}/rooms`,
      `/rooms/${roomId}`,
    ]) {
      const visitor = await get(null, path, position);
      expect([path, visitor.status]).toEqual([path, 401]);
      const stranger = await get('pr-stranger', path, position);
      expect([path, stranger.status]).toEqual([path, 403]);
      expect(JSON.stringify(stranger.body)).not.toMatch(/secret|Back room|Inner circle/);
    }
    // A member of the lobby who is not in the room sees what the lobby lists of it, not its people or chat.
    const preview = await get('pr-member', `/rooms/${roomId}`, position);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ roomId, title: 'Back room', users: [] });
    expect((await get('pr-member', `/lobbies/${lobbyId}/chat?roomId=${roomId}`, position)).status).toBe(403);
    // A room asked for under another lobby is not there.
    const { body: other } = await post('pr-member', '/lobbies', { title: 'Elsewhere' });
    expect((await get('pr-owner', `/lobbies/${other.lobbyId}/chat?roomId=${roomId}`, other.position)).status).toBe(404);
    // Leaving takes the access away.
    const left = await post('pr-member', `/lobbies/${lobbyId}/leave`);
    expect((await get('pr-member', `/lobbies/${lobbyId}/chat`, left.body.position)).status).toBe(403);
  });

  it('shows invite ids of a private lobby to its staff only', async () => {
    const { body: lobby } = await post('pi-owner', '/lobbies', { title: 'Invite only', kind: 'private' });
    const lobbyId = lobby.lobbyId as string;
    const invite = await post('pi-owner', `/lobbies/${lobbyId}/invites`);
    await post('pi-member', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`);
    await post('pi-admin', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`);
    const admin = await post('pi-owner', `/lobbies/manage/${lobbyId}/admin/add`, { uidToAdmin: 'pi-admin' });
    expect(admin.status).toBeLessThan(300);
    const staff = await get('pi-owner', `/lobbies/${lobbyId}/invites`, admin.body.position);
    expect(staff.body.items.map((i: { inviteId: string }) => i.inviteId)).toEqual([invite.body.inviteId]);
    expect((await get('pi-admin', `/lobbies/${lobbyId}/invites`, admin.body.position)).body.items).toHaveLength(1);
    const member = await get('pi-member', `/lobbies/${lobbyId}/invites`, admin.body.position);
    expect(member.status).toBe(403);
    expect(JSON.stringify(member.body)).not.toContain(invite.body.inviteId);
    // Whoever holds an invite sees the lobby (and its fee) before joining; a made-up one shows nothing.
    expect((await get('pi-guest', `/lobbies/${lobbyId}?invite=${invite.body.inviteId}`)).status).toBe(200);
    expect((await get('pi-guest', `/lobbies/${lobbyId}?invite=made-up`)).status).toBe(403);
    expect((await get(null, `/lobbies/${lobbyId}?invite=${invite.body.inviteId}`)).status).toBe(401);
    // The lobby's detail never carries invite ids either.
    expect(JSON.stringify((await get('pi-member', `/lobbies/${lobbyId}`)).body)).not.toContain(invite.body.inviteId);
  });
});
