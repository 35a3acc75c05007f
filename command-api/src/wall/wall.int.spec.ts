// Wall posts, likes, private media unlocked with diamonds, subscriber-only posts and the for-you feed.
import { socialTexts } from '@murmur/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds, loadWallet } from '../wallet/ledger.ts';
import { temporaryMediaDir } from '../../../test-support/media-dir.ts';

let stack: TestStack;
const tokens: Record<string, string> = {};
const mediaDir = temporaryMediaDir();
beforeAll(async () => {
  process.env.MEDIA_DIR = mediaDir;
  stack = await startTestStack();
  for (const uid of ['w-author', 'w-fan', 'w-other', 'w-sub']) tokens[uid] = await stack.tokenFor(uid);
});
afterAll(async () => stack?.stop());

const post = (p: string, uid: string, body?: unknown) => stack.api(p, { method: 'POST', token: tokens[uid], body });
const get = (p: string, uid: string, position?: string) =>
  stack.api(p, { token: tokens[uid], headers: position ? { 'x-min-position': position } : {} });

async function uploadImage(uid: string): Promise<string> {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa0000' } })
    .jpeg()
    .toBuffer();
  const signed = await post('/cms/presign-media', uid, { fileName: 'secret.jpg', contentType: 'image/jpeg' });
  await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(image),
  });
  const processed = await post('/cms/process-media', uid, { fileName: signed.body.fileName, fileType: 'image/jpeg' });
  expect(processed.status).toBe(200);
  return signed.body.fileName;
}

describe('wall', () => {
  it('posts, pages with q, likes and unlikes once each, and deletes', async () => {
    const first = await post('/user/wall/post', 'w-author', { content: 'hello world' });
    expect(first.status).toBe(201);
    const second = await post('/user/wall/post', 'w-author', { content: 'second post' });
    const wall = await get('/user/wall/w-author?limit=1', 'w-fan', second.body.position);
    expect(wall.body.meta).toEqual({ currentPage: 1, totalPages: 2, totalItems: 2, itemCount: 1 });
    expect(wall.body.items[0]).toMatchObject({
      id: second.body.id,
      content: 'second post',
      hasLiked: false,
      likeCount: 0,
      mediaFilename: null,
    });
    const searched = await get('/user/wall/w-author?q=hello', 'w-fan', second.body.position);
    expect(searched.body.items.map((p: { id: string }) => p.id)).toEqual([first.body.id]);

    const liked = await post(`/user/wall/post/${first.body.id}/like`, 'w-fan');
    expect(liked.body).toMatchObject({ likeCount: 1, hasLiked: true });
    expect((await post(`/user/wall/post/${first.body.id}/like`, 'w-fan')).body.likeCount).toBe(1);
    const seen = await get('/user/wall/w-author?q=hello', 'w-fan', liked.body.position);
    expect(seen.body.items[0]).toMatchObject({ hasLiked: true, likeCount: 1 });
    const unliked = await post(`/user/wall/post/${first.body.id}/unlike`, 'w-fan');
    expect(unliked.body.likeCount).toBe(0);

    expect((await post(`/user/wall/delete/${first.body.id}`, 'w-fan')).status).toBe(403);
    const deleted = await post(`/user/wall/delete/${first.body.id}`, 'w-author');
    expect(deleted.status).toBe(200);
    expect((await post(`/user/wall/post/${first.body.id}/like`, 'w-fan')).status).toBe(404);
    const after = await get('/user/wall/w-author', 'w-fan', deleted.body.position);
    expect(after.body.meta.totalItems).toBe(1);
    expect((await post('/user/wall/post', 'w-author', { content: 'x'.repeat(121) })).status).toBe(400);
  });

  it('answers a malformed post id with the post-not-found text', async () => {
    for (const action of ['like', 'unlike', 'unlock']) {
      const res = await post(`/user/wall/post/${'x'.repeat(65)}/${action}`, 'w-fan');
      expect(res.status, action).toBe(404);
      expect(res.body.error.message).toBe(socialTexts.postNotFound);
    }
  });

  it('does not serve private media to a user who has not unlocked it; unlocking charges diamonds once', async () => {
    const file = await uploadImage('w-author');
    expect(
      (
        await post('/user/wall/post', 'w-author', {
          content: 'pay to see',
          mediaFilename: file,
          mediaFormat: 'image/jpeg',
          mediaIsPrivate: true,
        })
      ).status,
    ).toBe(400);
    const created = await post('/user/wall/post', 'w-author', {
      content: 'pay to see',
      mediaFilename: file,
      mediaFormat: 'image/jpeg',
      mediaIsPrivate: true,
      unlockPrice: 50,
    });
    expect(created.status).toBe(201);
    const locked = await get('/user/wall/w-author?q=pay', 'w-fan', created.body.position);
    expect(locked.body.items[0]).toMatchObject({
      mediaIsPrivate: true,
      mediaLocked: true,
      mediaFilename: null,
      mediaUrl: null,
      unlockPrice: 50,
    });
    const gallery = await get('/user/gallery/w-author', 'w-fan', created.body.position);
    expect(gallery.body.items).toEqual([]);
    const own = await get('/user/wall/w-author?q=pay', 'w-author', created.body.position);
    expect(own.body.items[0]).toMatchObject({ mediaLocked: false, mediaFilename: file });
    // The key alone opens nothing: the file is served only by a signed URL.
    expect((await fetch(`${stack.queryUrl}/api/v1/media/object/${file}`)).status).toBe(403);

    const poor = await post(`/user/wall/post/${created.body.id}/unlock`, 'w-fan');
    expect(poor.status).toBe(422);
    await creditDiamonds(stack.command.deps, {
      uid: 'w-fan',
      amount: 80,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-w-fan',
    });
    const unlocked = await post(`/user/wall/post/${created.body.id}/unlock`, 'w-fan');
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.balance).toBe(30);
    const twice = await post(`/user/wall/post/${created.body.id}/unlock`, 'w-fan');
    expect(twice.status).toBe(200);
    const open = await get('/user/wall/w-author?q=pay', 'w-fan', unlocked.body.position);
    expect(open.body.items[0]).toMatchObject({ mediaLocked: false, mediaFilename: file });
    expect((await fetch(`${stack.queryUrl}${open.body.items[0].mediaUrl}`)).status).toBe(200);
    expect((await loadWallet(stack.command.deps, 'w-fan')).balance).toBe(30);
  });

  it('shows subscriber-only posts to the author and subscribers only', async () => {
    const created = await post('/user/wall/post', 'w-author', { content: 'for subs', subscriberOnly: true });
    await creditDiamonds(stack.command.deps, {
      uid: 'w-sub',
      amount: 500,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-w-sub',
    });
    await post('/user/subscription/price', 'w-author', { price: 200 });
    const sub = await post('/user/subscribe/w-author', 'w-sub', {});
    expect(sub.status).toBe(201);
    const p = sub.body.position as string;
    expect(created.status).toBe(201);
    const outsider = await get('/user/wall/w-author?subscriberOnly=true', 'w-other', p);
    expect(outsider.body.items).toEqual([]);
    const subscriber = await get('/user/wall/w-author?subscriberOnly=true', 'w-sub', p);
    expect(subscriber.body.items.map((x: { content: string }) => x.content)).toEqual(['for subs']);
    const everything = await get('/user/wall/w-author', 'w-other', p);
    expect(everything.body.items.some((x: { subscriberOnly: boolean }) => x.subscriberOnly)).toBe(false);
  });

  it('feeds for-you with a following filter and without blocked authors', async () => {
    const mine = await post('/user/wall/post', 'w-other', { content: 'other says hi' });
    await post('/user/follow/w-other', 'w-fan');
    const blocked = await post('/user/block/w-author', 'w-fan');
    const feed = await get(
      '/user/feed/for-you',
      'w-fan',
      blocked.body.position > mine.body.position ? blocked.body.position : mine.body.position,
    );
    const authors = new Set(feed.body.items.map((x: { authorUid: string }) => x.authorUid));
    expect(authors.has('w-other')).toBe(true);
    expect(authors.has('w-author')).toBe(false);
    const following = await get('/user/feed/for-you?following=true', 'w-sub', mine.body.position);
    expect(following.body.items).toEqual([]);
    const all = await get('/user/feed/for-you?limit=2', 'w-sub', mine.body.position);
    expect(all.body.meta).toMatchObject({ currentPage: 1, itemCount: 2, totalItems: 3 });
    const followed = await get('/user/feed/for-you?following=1', 'w-fan', mine.body.position);
    expect(followed.body.items.map((x: { content: string }) => x.content)).toEqual(['other says hi']);
    expect(followed.body.meta.totalItems).toBe(1);
  });
});
