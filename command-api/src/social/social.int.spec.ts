// Follow, unfollow, follower removal, blocks and the paged lists and user search over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

let stack: TestStack;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  stack = await startTestStack();
  for (const uid of ['s-ann', 's-bob', 's-cat', 's-dan']) {
    tokens[uid] = await stack.tokenFor(uid);
    await stack.api('/user/profile/details', { method: 'PUT', token: tokens[uid], body: { username: uid.replace('s-', 'user_') } });
  }
});
afterAll(async () => stack?.stop());

const post = (path: string, uid: string, body?: unknown) => stack.api(path, { method: 'POST', token: tokens[uid], body });
const get = (path: string, uid: string, position?: string) =>
  stack.api(path, { token: tokens[uid], headers: position ? { 'x-min-position': position } : {} });

describe('social graph', () => {
  it('follows, lists followers and following with paging meta, and unfollows', async () => {
    await post('/user/follow/s-ann', 's-bob');
    await post('/user/follow/s-ann', 's-cat');
    const last = await post('/user/follow/s-bob', 's-ann');
    expect(last.status).toBe(200);
    const again = await post('/user/follow/s-bob', 's-ann');
    expect(again.body.position).toBe('0');

    const followers = await get('/user/followers/s-ann?limit=1&page=2', 's-bob', last.body.position);
    expect(followers.body.meta).toEqual({ currentPage: 2, totalPages: 2, totalItems: 2, itemCount: 1 });
    const all = await get('/user/followers/s-ann', 's-bob', last.body.position);
    expect(all.body.items.map((i: { uid: string }) => i.uid).sort()).toEqual(['s-bob', 's-cat']);
    const bob = all.body.items.find((i: { uid: string }) => i.uid === 's-bob');
    expect(bob).toMatchObject({ username: 'user_bob', isSelf: true, isFollowing: false });
    const following = await get('/user/following/s-ann', 's-bob', last.body.position);
    expect(following.body.items).toEqual([{ uid: 's-bob', username: 'user_bob', profilePic: null, isFollowing: false, isSelf: true }]);

    const un = await post('/user/unfollow/s-ann', 's-cat');
    const after = await get('/user/followers/s-ann', 's-ann', un.body.position);
    expect(after.body.meta.totalItems).toBe(1);
    expect(after.body.items[0]).toMatchObject({ uid: 's-bob', isFollowing: true });
  });

  it('lets the followee remove a follower, who can follow again later', async () => {
    await post('/user/follow/s-dan', 's-cat');
    const removed = await post('/user/remove/s-cat', 's-dan', { type: 'follower' });
    expect(removed.status).toBe(200);
    const list = await get('/user/followers/s-dan', 's-dan', removed.body.position);
    expect(list.body.meta.totalItems).toBe(0);
    expect((await post('/user/remove/s-cat', 's-dan', { type: 'follower' })).status).toBe(404);
    const back = await post('/user/follow/s-dan', 's-cat');
    expect(back.body.position).not.toBe('0');
  });

  it('refuses to follow oneself or someone who blocked you', async () => {
    expect((await post('/user/follow/s-ann', 's-ann')).status).toBe(422);
    await post('/user/block/s-cat', 's-dan');
    expect((await post('/user/follow/s-dan', 's-cat')).status).toBe(403);
    await post('/user/unblock/s-cat', 's-dan');
    expect((await post('/user/follow/s-dan', 's-cat')).status).toBe(200);
  });

  it('lists subscribers and subscriptions', async () => {
    await creditDiamonds(stack.command.deps, {
      uid: 's-bob',
      amount: 500,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-s-bob',
    });
    expect((await post('/user/subscription/price', 's-ann', { price: 300 })).status).toBe(200);
    const sub = await post('/user/subscribe/s-ann', 's-bob', {});
    expect(sub.status).toBe(201);
    const p = sub.body.position as string;
    const subscribers = await get('/user/subscribers/s-ann', 's-ann', p);
    expect(subscribers.body.items.map((i: { uid: string }) => i.uid)).toEqual(['s-bob']);
    expect(subscribers.body.meta.totalItems).toBe(1);
    const subscriptions = await get('/user/subscriptions/s-bob', 's-ann', p);
    expect(subscriptions.body.items.map((i: { uid: string }) => i.uid)).toEqual(['s-ann']);
  });

  it('searches users by username prefix from 2 characters', async () => {
    expect((await get('/cms/users?q=u', 's-ann')).body.items).toEqual([]);
    const found = await get('/cms/users?q=USER_b', 's-ann');
    expect(found.body.items).toEqual([{ uid: 's-bob', username: 'user_bob', profilePic: null, isFollowing: true, isSelf: false }]);
    const many = await get('/cms/users?q=user&limit=2', 's-ann');
    expect(many.body.meta).toMatchObject({ totalItems: 4, itemCount: 2, totalPages: 2 });
    expect((await stack.api('/cms/users?q=user')).status).toBe(401);
  });
});
