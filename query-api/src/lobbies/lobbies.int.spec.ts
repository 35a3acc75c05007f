import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDiamonds } from '../../../command-api/src/wallet/ledger.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get } = actors(() => stack);

describe('lobby queries', () => {
  it('lists public lobbies for visitors and private ones too for signed-in users, by category', async () => {
    const pub = await post('q-owner', '/lobbies', { title: 'Karaoke night', mainCategoryId: 'karaoke' });
    const priv = await post('q-owner', '/lobbies', { title: 'Friends only', kind: 'private', mainCategoryId: 'karaoke' });
    const other = await post('q-owner', '/lobbies', { title: 'Gamers', mainCategoryId: 'gaming' });
    const ids = (r: { body: { items: Array<{ lobbyId: string }> } }) => r.body.items.map((l) => l.lobbyId);
    const visitor = await get(null, '/lobbies/public?category=karaoke', other.body.position);
    expect(ids(visitor)).toEqual([pub.body.lobbyId]);
    expect(visitor.body.meta).toEqual({ currentPage: 1, totalPages: 1, totalItems: 1, itemCount: 1 });
    expect((await get(null, '/lobbies')).status).toBe(401);
    const member = await get('q-user', '/lobbies?category=karaoke');
    expect(ids(member).sort()).toEqual([pub.body.lobbyId, priv.body.lobbyId].sort());
    expect(ids(await get('q-user', '/lobbies?category=all')).sort()).toEqual(
      [pub.body.lobbyId, priv.body.lobbyId, other.body.lobbyId].sort(),
    );
    expect((await get(null, '/lobbies/public?category=nope')).status).toBe(400);
    const home = await get('q-user', '/app/home?cat=karaoke');
    expect(ids({ body: home.body.lobbies }).sort()).toEqual([pub.body.lobbyId, priv.body.lobbyId].sort());
    const homePublic = await get(null, '/app/home/public?cat=karaoke');
    expect(ids({ body: homePublic.body.lobbies })).toEqual([pub.body.lobbyId]);
    expect((await get(null, `/lobbies/${priv.body.lobbyId}`)).status).toBe(401);
    expect((await get(null, '/lobbies/does-not-exist')).status).toBe(404);
  });

  it('serves props, invites, settings and presence', async () => {
    const props = await get(null, '/lobbies/props');
    expect(props.body.categories).toEqual(['all', 'chatting', 'event', 'gaming', 'karaoke', 'party']);
    expect(props.body.roomDurationsMin).toEqual([15, 30, 60, 120]);
    const { body: lobby } = await post('p-owner', '/lobbies', { title: 'Presence' });
    await post('p-user', `/lobbies/${lobby.lobbyId}/join`);
    const invite = await post('p-user', `/lobbies/${lobby.lobbyId}/invites`);
    const invites = await get('p-user', `/lobbies/${lobby.lobbyId}/invites`, invite.body.position);
    expect(invites.body.items[0]).toMatchObject({ inviteId: invite.body.inviteId, createdBy: 'p-user' });
    expect((await get('p-stranger', `/lobbies/${lobby.lobbyId}/invites`)).status).toBe(403);
    const info = await post('p-owner', `/lobbies/${lobby.lobbyId}/info`, { description: 'Updated', backgroundId: 'bg-neon', isLive: true });
    expect(info.body.message).toBe('Lobby info updated.');
    const settings = await get('p-owner', `/lobbies/settings?lobbyId=${lobby.lobbyId}`, info.body.position);
    expect(settings.body).toMatchObject({ description: 'Updated', backgroundId: 'bg-neon', blacklist: [], administrators: [] });
    expect((await get('p-owner', '/lobbies/settings')).status).toBe(400);

    const appended = await stack.command.deps.store.append(`presence-${lobby.lobbyId}`, [
      { type: 'PresenceChanged', data: { lobbyId: lobby.lobbyId, uid: 'p-user', presence: 'online' } },
    ]);
    const detail = await get('p-user', `/lobbies/${lobby.lobbyId}`, appended.lastPosition.toString());
    const presence = Object.fromEntries(detail.body.users.map((u: { uid: string; presence: string }) => [u.uid, u.presence]));
    expect(presence).toEqual({ 'p-owner': 'active', 'p-user': 'online' });
    expect(detail.body.me).toEqual({ uid: 'p-user', inside: true, isStaff: false, blocked: false });
    expect(detail.body.users.find((u: { uid: string }) => u.uid === 'p-owner').roleCodes).toEqual(['o', 'h', 'co']);
  });

  it('ranks top users by diamonds sent and top hosts by charm received, weekly and monthly, with a podium of 3', async () => {
    const { body: lobby } = await post('lb-host', '/lobbies', { title: 'Gifts' });
    for (const uid of ['lb-a', 'lb-b', 'lb-c', 'lb-d']) {
      await creditDiamonds(stack.command.deps, {
        uid,
        amount: 10_000,
        reason: 'demo_grant',
        reference: 'test',
        idempotencyKey: `grant-${uid}`,
      });
      await post(uid, `/lobbies/${lobby.lobbyId}/join`);
    }
    let position = '0';
    const gifts = [
      ['lb-a', 'heart'],
      ['lb-b', 'coffee'],
      ['lb-c', 'coffee'],
      ['lb-d', 'coffee'],
      ['lb-a', 'rose'],
      ['lb-b', 'coffee'],
      ['lb-d', 'rose'],
    ] as const;
    for (const [uid, giftName] of gifts) {
      const sent = await post(uid, '/gifting/send-gift', { giftName, quantity: 1, recipients: ['lb-host'], lobbyId: lobby.lobbyId });
      expect(sent.status).toBe(201);
      position = sent.body.position;
    }
    const weekly = await get(null, `/lobbies/leaderboard?lobbyId=${lobby.lobbyId}&frequency=weekly`, position);
    expect(weekly.status).toBe(200);
    expect(weekly.body.topUsers.map((u: { uid: string; diamonds: number }) => [u.uid, u.diamonds])).toEqual([
      ['lb-a', 60],
      ['lb-b', 40],
      ['lb-d', 30],
      ['lb-c', 20],
    ]);
    expect(weekly.body.podium.topUsers.map((u: { rank: number }) => u.rank)).toEqual([1, 2, 3]);
    expect(weekly.body.topHosts).toEqual([expect.objectContaining({ uid: 'lb-host', rank: 1, charm: 75 })]);
    const monthly = await get(null, `/lobbies/leaderboard?lobbyId=${lobby.lobbyId}&frequency=monthly`);
    expect(monthly.body.topUsers[0]).toMatchObject({ uid: 'lb-a', diamonds: 60 });
    expect((await get(null, `/lobbies/leaderboard?lobbyId=${lobby.lobbyId}`)).status).toBe(400);
    expect((await get(null, '/lobbies/leaderboard?kind=valentines')).status).toBe(200);
  });
});
